import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  previousFromHistory,
  previousFromSite,
  runCheck,
  type PreviousPercent,
} from "../check/check.js";
import { checkLines, reportToGithub } from "../check/report-check.js";
import { loadConfig, type Config } from "../config/load-config.js";
import { HistoryFormatError } from "../history/history-file.js";
import { readHistoryFile } from "../history/history-parts.js";
import type { History } from "../history/history.js";
import { ExitCode, OutputError, messageOf, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { loadPreviousSite } from "../previous/previous-site.js";
import { resolveSnapshotPath } from "../snapshot/packed-snapshot.js";
import { readSnapshot } from "../snapshot/read-snapshot.js";
import type { Snapshot } from "../snapshot/schema.js";
import { sanitizeText } from "../text/sanitize.js";
import {
  DEFAULT_CONFIG,
  DEFAULT_OUT,
  noPositionals,
  type CommandArgs,
  type Flags,
} from "./flags.js";
import { printSummary } from "./json-summary.js";

type Previous = { where: string; percentOf: PreviousPercent } | undefined;

/**
 * `check`: the snapshot against the config's `check` rules (a CI gate). The previous numbers (for
 * noRegression) come from --previous, or else from the history written next to the snapshot by
 * `build` (data/history.json), as they were just before this snapshot's run.
 * Exit 0 when every rule holds, 1 when one does not.
 */
export async function checkCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("check", rest);
  const config = await loadConfig(flags.config ?? DEFAULT_CONFIG, { env: {} });
  const file = resolveSnapshotPath(
    flags.snapshot ?? join(flags.out ?? DEFAULT_OUT, "data", "snapshot.json"),
  );
  const snapshot = readSnapshot(file);
  // With --json the offender lines (and annotations) go to stderr; stdout holds the one JSON line.
  const out = flags.json ? io.stderr : io.stdout;
  const previous = flags.previous
    ? await fromPreviousSite(flags.previous, flags, config, snapshot, io)
    : config.check.noRegression
      ? fromOwnHistory(file, snapshot, io)
      : undefined;
  const result = runCheck(snapshot, config.check, previous, config.site);
  const github = io.env.GITHUB_ACTIONS === "true";
  for (const line of checkLines(result, github)) out.write(`${line}\n`);
  await reportToGithub(result, io.env).catch((error: unknown) => {
    io.stderr.write(
      `warning: cannot append to GITHUB_STEP_SUMMARY (${sanitizeText(messageOf(error))})\n`,
    );
  });
  const code = result.passed ? ExitCode.ok : ExitCode.partial;
  if (flags.json) printSummary(io.stdout, { command: "check", exitCode: code, ...result });
  return code;
}

/** The previous numbers from the site --previous names. */
async function fromPreviousSite(
  where: string,
  flags: Flags,
  config: Config,
  snapshot: Snapshot,
  io: Io,
): Promise<Previous> {
  const site = await loadPreviousSite(where, {
    crawl: config.crawl,
    maxBytes: config.history.maxBytes,
    baseUrl: snapshot.source.baseUrl,
    force: flags["previous-force"],
    optional: flags["previous-optional"],
    // A stop (a signal) aborts the site's requests, and is said as the stop, not as the site.
    signal: io.signal,
  }).catch((error: unknown) => {
    io.signal?.throwIfAborted();
    throw error;
  });
  try {
    for (const warning of site.warnings) io.stderr.write(`warning ${warning}\n`);
    if (!site.snapshot && !site.history) return undefined;
    return { where: site.where, percentOf: previousFromSite(site.snapshot, site.history) };
  } finally {
    await site.close();
  }
}

/** The previous numbers from the history beside the snapshot, when there is one. */
function fromOwnHistory(snapshotFile: string, snapshot: Snapshot, io: Io): Previous {
  const file = join(dirname(snapshotFile), "history.json");
  if (!existsSync(file)) return undefined;
  // Another run's part (a copy left half done) is kept with a warning, as `build` keeps it.
  const warnings: string[] = [];
  let history: History;
  try {
    history = readHistoryFile(file, warnings, true);
  } catch (error) {
    const why =
      error instanceof HistoryFormatError ? error.message : `history ${file}: ${messageOf(error)}`;
    throw new OutputError(sanitizeText(why));
  }
  for (const warning of warnings) io.stderr.write(`warning ${sanitizeText(warning)}\n`);
  return { where: file, percentOf: previousFromHistory(history, snapshot) };
}
