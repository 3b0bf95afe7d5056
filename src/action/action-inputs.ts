import { DEFAULT_CONFIG, DEFAULT_OUT } from "../commands/flags.js";

// The Action's inputs (action.yml), as the runner passes them (`with: {out: x}` is INPUT_OUT),
// checked, and turned into the `build` command line they stand for.

/** What the inputs ask for. */
export interface ActionInputs {
  config: string;
  out: string;
  token: string;
  /** The `build` command line: config, out, --json, and the previous site and crawl options. */
  buildArgs: string[];
  /** `check: true`: run `check` after the build. */
  check: boolean;
}

/** The word of the `previous` input that starts a new history (`build --no-previous`). */
export const NO_PREVIOUS = "none";

/** An input, trimmed; empty when not given. */
export function actionInput(env: Record<string, string | undefined>, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

/**
 * The inputs, or the one-line problem with them (a boolean input that is neither true nor false,
 * or options that contradict each other).
 */
export function readInputs(
  env: Record<string, string | undefined>,
): ActionInputs | { problem: string } {
  const flags: Record<string, boolean> = {};
  for (const name of ["check", "previous-force", "full"]) {
    const value = actionInput(env, name);
    const lower = value.toLowerCase();
    if (value !== "" && lower !== "true" && lower !== "false")
      return { problem: `the input "${name}" is true or false, found '${value}'` };
    flags[name] = lower === "true";
  }
  const config = actionInput(env, "config") || DEFAULT_CONFIG;
  const out = actionInput(env, "out") || DEFAULT_OUT;
  const previous = actionInput(env, "previous");
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
  return { config, out, token: actionInput(env, "token"), buildArgs, check: flags.check === true };
}

/**
 * A message of the build in the Action's terms: the command-line options it names are inputs
 * here (`--previous-force` is `previous-force: true`), and a previous site of another server can
 * also be left behind with `previous: none`.
 */
export function inActionTerms(message: string): string {
  const text = message
    .replace(/--previous-force\b/g, 'the input "previous-force: true"')
    .replace(/--no-previous\b/g, `the input "previous: ${NO_PREVIOUS}"`)
    .replace(/--previous\b/g, 'the input "previous"')
    .replace(/--full\b/g, 'the input "full: true"');
  return /to carry it over anyway/.test(text)
    ? `${text}, or the input "previous: ${NO_PREVIOUS}" to start a new history`
    : text;
}
