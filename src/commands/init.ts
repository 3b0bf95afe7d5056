import { runInit } from "../init/init.js";
import { nextSteps } from "../init/next-steps.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { type CommandArgs, DEFAULT_CONFIG, noPositionals, sayer } from "./flags.js";
import { printSummary } from "./json-summary.js";

/** `init`: a config and a GitHub workflow for a Weblate server's projects. */
export async function initCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("init", rest);
  const summary = await runInit({ ...flags, config: flags.config ?? DEFAULT_CONFIG }, io);
  sayer(flags, io.stdout)(nextSteps(summary).trimEnd());
  if (flags.json) printSummary(io.stdout, { ...summary, exitCode: ExitCode.ok });
  return ExitCode.ok;
}
