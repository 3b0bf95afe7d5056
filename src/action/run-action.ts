import { randomUUID } from "node:crypto";
import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { DEFAULT_CONFIG, DEFAULT_OUT } from "../commands/flags.js";
import { main } from "../cli/main.js";
import { messageOf } from "../model/errors.js";
import { sanitizeText } from "../text/sanitize.js";
import { jobSummary, type BuildSummary, type SiteFigures } from "./job-summary.js";

// The GitHub Action (action.yml, `runs.using: node24`, dist/action.js): reads its inputs from the
// INPUT_* variables the runner sets, runs `build --json` in this process, sets the step's outputs,
// writes the job summary, and runs `check` when asked. Exit code 1 (some translations failed)
// still succeeds, since the pages show what failed; 2 and 3 fail the step.

/** What the Action sees of the runner: the environment (inputs, files), the log, the workspace. */
export interface ActionIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd: string;
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

/** An input as the runner passes it (`with: {out: x}` is INPUT_OUT), trimmed. */
export function actionInput(env: ActionIo["env"], name: string): string {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

/** Runs the Action; returns the step's exit code. */
export async function runAction(io: ActionIo): Promise<number> {
  const config = actionInput(io.env, "config") || DEFAULT_CONFIG;
  const out = actionInput(io.env, "out") || DEFAULT_OUT;
  const token = actionInput(io.env, "token");
  const previous = actionInput(io.env, "previous");
  const check = actionInput(io.env, "check").toLowerCase();
  if (check !== "" && check !== "true" && check !== "false") {
    command(io, "error", `the input "check" is true or false, found '${sanitizeText(check)}'`);
    return 2;
  }
  // The runner masks secrets already; a token passed another way is masked too.
  if (token) io.stdout.write(`::add-mask::${token}\n`);
  const env = { ...io.env, ...(token ? { WEBLATE_TOKEN: token } : {}) };

  const argv = ["build", "--config", config, "--out", out, "--json"];
  if (previous) argv.push("--previous", previous);
  let printed = "";
  const code = await main(argv, {
    stdout: { write: (text: string) => (printed += text) },
    stderr: io.stderr,
    env,
    cwd: io.cwd,
  });
  const summary = lastJsonLine(printed);
  io.stdout.write(`${logLine(summary, code, out)}\n`);
  if (code > 1) command(io, "error", summary?.error ?? `l10n-snapshot build exited with ${code}`);
  else if (code === 1)
    command(
      io,
      "warning",
      `${(summary?.failed ?? 0) + (summary?.invalid ?? 0)} translations failed or were invalid; ` +
        `the site shows them`,
    );

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
    ).catch((error) => command(io, "warning", `cannot write the job summary: ${messageOf(error)}`));
  if (code > 1) return code;

  if (check === "true") {
    const checked = await main(
      ["check", "--config", config, "--snapshot", join(out, "data", "snapshot.json.gz")],
      { stdout: io.stdout, stderr: io.stderr, env, cwd: io.cwd },
    );
    if (checked !== 0) return checked;
  }
  return 0;
}

/** The build's summary: the last line of what it printed, when that is a JSON object. */
function lastJsonLine(text: string): (BuildSummary & Record<string, unknown>) | undefined {
  const line = text.trim().split("\n").at(-1);
  if (!line) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The summary's fields are each checked where used (counts with typeof, text through cell()). */
function isObject(value: unknown): value is BuildSummary & Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One line for the step's log (the build itself prints only problems with --json). */
function logLine(summary: BuildSummary | undefined, code: number, out: string): string {
  if (!summary || summary.translations === undefined) return `l10n-snapshot build: exit ${code}`;
  const counts =
    `${summary.translations} translations: ok ${summary.ok ?? 0}, warnings ` +
    `${summary.warnings ?? 0}, invalid ${summary.invalid ?? 0}, failed ${summary.failed ?? 0}; ` +
    `${summary.requests ?? 0} requests, ${(summary.seconds ?? 0).toFixed(1)} s`;
  const site = code <= 1 ? `; site written to ${out}/ (${summary.files ?? 0} files)` : "";
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

/** A workflow command (`::error::message`), its message escaped as the runner expects. */
function command(io: ActionIo, kind: "error" | "warning", message: string): void {
  const escaped = sanitizeText(message)
    .replace(/%/g, "%25")
    .replace(/\r/g, "%0D")
    .replace(/\n/g, "%0A");
  io.stdout.write(`::${kind} title=l10n-snapshot::${escaped}\n`);
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
