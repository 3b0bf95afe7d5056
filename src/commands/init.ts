import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { DEFAULT_CONFIG, noPositionals, sayer, type CommandArgs } from "./flags.js";
import { printSummary } from "./json-summary.js";

/** `init`: a config and a GitHub workflow for a Weblate server's projects. */
export async function initCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("init", rest);
  const { runInit } = await import("../init/init.js");
  const { nextSteps } = await import("../init/next-steps.js");
  const stdin = io.stdin?.isTTY ? io.stdin : undefined;
  const summary = await runInit({
    baseUrl: flags["base-url"],
    projects: flags.project ?? [],
    yes: flags.yes ?? false,
    includeFailing: flags["include-failing"] ?? false,
    siteUrl: flags["site-url"],
    force: flags.force ?? false,
    configFile: flags.config ?? DEFAULT_CONFIG,
    cwd: io.cwd ?? process.cwd(),
    env: io.env,
    stderr: io.stderr,
    prompt: stdin ? { input: stdin, output: io.stderr } : undefined,
  });
  sayer(flags, io.stdout)(nextSteps(summary).trimEnd());
  if (flags.json) printSummary(io.stdout, { ...summary, exitCode: ExitCode.ok });
  return ExitCode.ok;
}
