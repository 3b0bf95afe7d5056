import { randomUUID } from "node:crypto";
import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { main } from "../cli/main.js";
import { DEFAULT_CONFIG, DEFAULT_OUT } from "../commands/flags.js";
import { messageOf } from "../model/errors.js";
import { isJson, type Json } from "../model/json.js";
import { counted } from "../text/plural.js";
import { sanitizeText } from "../text/sanitize.js";
import { workflowCommand, type AnnotationKind } from "../text/workflow-command.js";
import { jobSummary, type BuildSummary, type SiteFigures } from "./job-summary.js";

// The GitHub Action (action.yml, `runs.using: node24`, dist/action.js): reads its inputs from the
// INPUT_* variables the runner sets, runs `build --json` in this process, sets the step's outputs,
// writes the job summary, and runs `check` when asked. Exit code 1 (some translations failed)
// still succeeds, since the pages show what failed; 2 and 3 fail the step.

/** What the Action sees of the runner: the environment (inputs, files), the log, the workspace. */
interface ActionIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd: string;
  /** The clock the build reads (the time of a scheduled run, in tests); the system's by default. */
  now?: () => Date;
}

/** The counts of `build --json` that become outputs of the same name, when the build gives them. */
export const COUNT_OUTPUTS = [
  "translations",
  "ok",
  "invalid",
  "failed",
  "stale",
  "removed",
] as const;

/** What the job summary says when `check: true` fails the step. */
const CHECK_FAILED =
  "This step failed because the check failed, after the site was written to its folder: the " +
  "steps after it run only if their `if:` lets them (docs/STATES.md in l10n-snapshot).";

/** Runs the Action; returns the step's exit code. */
export async function runAction(io: ActionIo): Promise<number> {
  const log = new ActionLog(io);
  const inputs = readInputs(io.env);
  if (inputs.problem !== undefined) {
    log.annotate("error", inputs.problem);
    return 2;
  }
  const { token, out } = inputs;
  // The runner masks secrets already; a token passed another way is masked too.
  if (token) io.stdout.write(`::add-mask::${token}\n`);
  const env = { ...io.env, ...(token ? { WEBLATE_TOKEN: token } : {}) };

  let printed = "";
  const code = await main(inputs.buildArgs, {
    stdout: { write: (text: string) => (printed += text) },
    stderr: log.stderr,
    env,
    cwd: io.cwd,
    ...(io.now ? { now: io.now } : {}),
  });
  log.flush();
  const built = lastJsonLine(printed);
  // Why it stopped, in one message: the build's summary says it, else its own error lines.
  const reason = inActionTerms(built?.error ?? log.errors.join("\n"));
  const summary = code > 1 && reason ? { ...built, error: reason } : built;
  io.stdout.write(`${logLine(summary, code, out)}\n`);
  if (code > 1) log.annotate("error", reason || `l10n-snapshot build exited with ${code}`);
  else {
    for (const line of log.errors) io.stderr.write(`l10n-snapshot: ${line}\n`);
    if (code === 1) {
      const partial = partialWords(summary) || "some translations were not fetched";
      log.annotate("warning", `${partial}; the site shows them`);
    }
  }
  await tellRunner(io, log, summary, code, out);
  if (code > 1) return code;
  return inputs.check ? checkStep(io, env, inputs.config, out) : 0;
}

/** The word of the `previous` input that starts a new history (`build --no-previous`). */
const NO_PREVIOUS = "none";

/** An input as the runner passes it (`with: {out: x}` is INPUT_OUT), trimmed; "" when not given. */
const input = (env: Record<string, string | undefined>, name: string) =>
  (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();

/**
 * The inputs and the `build` command line they stand for, or the one-line problem with them (a
 * boolean input that is neither true nor false, or options that contradict each other).
 */
function readInputs(env: Record<string, string | undefined>) {
  const flags: Record<string, boolean> = {};
  for (const name of ["check", "previous-force", "full"]) {
    const value = input(env, name);
    const lower = value.toLowerCase();
    if (value !== "" && lower !== "true" && lower !== "false")
      return { problem: `the input "${name}" is true or false, found '${value}'` };
    flags[name] = lower === "true";
  }
  const config = input(env, "config") || DEFAULT_CONFIG;
  const out = input(env, "out") || DEFAULT_OUT;
  const previous = input(env, "previous");
  const none = previous.toLowerCase() === NO_PREVIOUS;
  if (none && flags["previous-force"])
    return {
      problem:
        `the input "previous-force" has no previous site to take with ` +
        `"previous: ${NO_PREVIOUS}" (a new history); give one of them`,
    };
  const buildArgs = ["build", "--config", config, "--out", out, "--json"];
  if (none) buildArgs.push("--no-previous");
  else if (previous) buildArgs.push("--previous", previous);
  if (flags["previous-force"]) buildArgs.push("--previous-force");
  if (flags.full) buildArgs.push("--full");
  return { config, out, token: input(env, "token"), buildArgs, check: flags.check === true };
}

/**
 * A message of the build in the Action's terms: the command-line options it names are inputs
 * here (`--previous-force` is `previous-force: true`), and a previous site of another server can
 * also be left behind with `previous: none`.
 */
function inActionTerms(message: string): string {
  const text = message
    .replace(/--previous-force\b/g, 'the input "previous-force: true"')
    .replace(/--no-previous\b/g, `the input "previous: ${NO_PREVIOUS}"`)
    .replace(/--previous\b/g, 'the input "previous"')
    .replace(/--full\b/g, 'the input "full: true"');
  return /to carry it over anyway/.test(text)
    ? `${text}, or the input "previous: ${NO_PREVIOUS}" to start a new history`
    : text;
}

/**
 * GitHub shows at most 10 warning annotations of a step: this many translations get one; the
 * rest stay plain lines (the job summary lists them), leaving room for the previous site's and the
 * closing warning.
 */
export const MAX_FAILURE_ANNOTATIONS = 5;

/**
 * The step's log: what the build prints on stderr, read a line at a time and told the way a
 * workflow's log tells it. A translation that failed or was invalid, and a previous site that
 * could not be read (or was taken from another server), are ::warning annotations; the build's
 * own error lines (`l10n-snapshot: ...`, cli/main.ts) are held back for the step's one ::error;
 * the rest stay plain lines. Each line is sanitized once more, whatever printed it, and
 * workflowCommand() escapes it, so a server's text cannot start a command of its own.
 */
export class ActionLog {
  private pending = "";
  private failures = 0;
  /** The build's error lines, without their prefix, in order. */
  readonly errors: string[] = [];

  constructor(private readonly streams: Pick<ActionIo, "stdout" | "stderr">) {}

  /** An annotation (title `l10n-snapshot`), on stdout. */
  annotate(kind: AnnotationKind, message: string): void {
    this.streams.stdout.write(`${workflowCommand(kind, "l10n-snapshot", message)}\n`);
  }

  /** The build's stderr. */
  readonly stderr = {
    write: (text: string): boolean => {
      const lines = (this.pending + text).split("\n");
      this.pending = lines.pop() ?? "";
      for (const line of lines) this.route(line);
      return true;
    },
  };

  /** Tells a last line that had no line break; call when the build has returned. */
  flush(): void {
    if (this.pending) this.route(this.pending);
    this.pending = "";
  }

  private route(raw: string): void {
    const line = sanitizeText(raw);
    if (line.startsWith("l10n-snapshot: ")) this.errors.push(line.slice("l10n-snapshot: ".length));
    else if (line.startsWith("warning previous site "))
      this.annotate("warning", inActionTerms(line.slice("warning ".length)));
    else if (/^(failed|invalid) /.test(line) && this.failures < MAX_FAILURE_ANNOTATIONS) {
      this.failures += 1;
      this.annotate("warning", line);
    } else this.streams.stderr.write(`${line}\n`);
  }
}

/** The step's outputs, and the job summary with the site's figures. */
async function tellRunner(
  io: ActionIo,
  log: ActionLog,
  summary: BuildSummary | undefined,
  code: number,
  out: string,
): Promise<void> {
  const outputs: Record<string, string> = { "site-path": out, "exit-code": String(code) };
  for (const name of COUNT_OUTPUTS) {
    const value = summary?.[name];
    if (typeof value === "number") outputs[name] = String(value);
  }
  await writeOutputs(io, outputs);
  if (io.env.GITHUB_STEP_SUMMARY)
    await appendFile(
      io.env.GITHUB_STEP_SUMMARY,
      jobSummary(summary, code, await siteFigures(join(out, "data", "summary.json"))),
    ).catch((error) =>
      log.annotate("warning", `cannot write the job summary: ${messageOf(error)}`),
    );
}

/** `check: true`: `check` over the snapshot just written; its exit code is the step's. */
async function checkStep(
  io: ActionIo,
  env: Record<string, string | undefined>,
  config: string,
  out: string,
): Promise<number> {
  const checked = await main(
    ["check", "--config", config, "--snapshot", join(out, "data", "snapshot.json.gz")],
    { stdout: io.stdout, stderr: io.stderr, env, cwd: io.cwd },
  );
  // The site is written and the outputs set: the step fails after them (docs/STATES.md).
  if (checked !== 0 && io.env.GITHUB_STEP_SUMMARY)
    await appendFile(io.env.GITHUB_STEP_SUMMARY, `${CHECK_FAILED}\n`).catch(() => undefined);
  return checked;
}

/**
 * What made a run partial (exit 1), from its --json figures: "40 translations stale and 1 list
 * failed"; "" when nothing did.
 */
function partialWords(s: BuildSummary | undefined): string {
  const parts = [
    ...(s?.stale ? [`${counted(s.stale, "translation")} stale`] : []),
    ...(s?.failed ? [`${counted(s.failed, "translation")} failed`] : []),
    ...(s?.invalid ? [`${counted(s.invalid, "translation")} invalid`] : []),
    ...(s?.failedLists ? [`${counted(s.failedLists, "list")} failed`] : []),
  ];
  const last = parts.pop() ?? "";
  return parts.length ? `${parts.join(", ")} and ${last}` : last;
}

/** The build's summary: the last line of what it printed, when that is a JSON object. */
function lastJsonLine(text: string): (BuildSummary & Json) | undefined {
  const line = text.trim().split("\n").at(-1);
  if (!line) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    // The summary's fields are each checked where used (counts with typeof, text through cell()).
    return isJson(value) ? (value as BuildSummary & Json) : undefined;
  } catch {
    return undefined;
  }
}

/** One line for the step's log (the build itself prints only problems with --json). */
function logLine(summary: BuildSummary | undefined, code: number, out: string): string {
  if (!summary || summary.translations === undefined) return `l10n-snapshot build: exit ${code}`;
  // The build's own line (commands/report.ts, tallyLine), from its --json figures.
  const n = (v: number | undefined) => v ?? 0;
  const counts =
    `translations ${summary.translations}: ok ${n(summary.ok)}, warnings ${n(summary.warnings)}, ` +
    `stale ${n(summary.stale)}, failed ${n(summary.failed)}, invalid ${n(summary.invalid)}; ` +
    `removed ${n(summary.removed)}; ${counted(n(summary.requests), "request")}, ` +
    `${n(summary.seconds).toFixed(1)} s`;
  const site =
    code <= 1 ? `; site written to ${out}/ (${counted(summary.files ?? 0, "file")})` : "";
  return `l10n-snapshot build: ${sanitizeText(counts + site)}; exit ${code}`;
}

/** Appends outputs to $GITHUB_OUTPUT, each between delimiters (a value may hold anything). */
async function writeOutputs(io: ActionIo, outputs: Record<string, string>): Promise<void> {
  const file = io.env.GITHUB_OUTPUT;
  if (!file) return;
  let text = "";
  for (const [name, value] of Object.entries(outputs)) {
    const delimiter = `ghadelimiter_${randomUUID()}`;
    text += `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
  }
  await appendFile(file, text);
}

/** The site's figures (data/summary.json) for the job summary; none when it cannot be read. */
async function siteFigures(file: string): Promise<SiteFigures | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, "utf8"));
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
