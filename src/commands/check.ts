import { join } from "node:path";
import type { ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { resolveSnapshotPath } from "../snapshot/packed-snapshot.js";
import { DEFAULT_CONFIG, DEFAULT_OUT, noPositionals, type CommandArgs } from "./flags.js";
import { printSummary } from "./json-summary.js";

/** `check`: the snapshot against the config's `check` rules (a CI gate). */
export async function checkCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("check", rest);
  const { checkCommand: runCheck } = await import("../check/check-command.js");
  // With --json the offender lines (and annotations) go to stderr; stdout holds the one JSON line.
  const checkIo = flags.json ? { ...io, stdout: io.stderr } : io;
  const out = flags.out ?? DEFAULT_OUT;
  const checked = await runCheck(
    {
      config: flags.config ?? DEFAULT_CONFIG,
      snapshot: resolveSnapshotPath(flags.snapshot ?? join(out, "data", "snapshot.json")),
      previous: flags.previous,
      previousForce: flags["previous-force"],
      previousOptional: flags["previous-optional"],
    },
    checkIo,
  );
  if (flags.json)
    printSummary(io.stdout, { command: "check", exitCode: checked.code, ...checked.result });
  return checked.code;
}
