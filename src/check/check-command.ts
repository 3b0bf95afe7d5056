import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadConfig } from "../config/load-config.js";
import { ExitCode, OutputError, messageOf, type ExitCodeValue } from "../model/errors.js";
import { HistoryFormatError } from "../history/history-file.js";
import { readHistoryFile } from "../history/history-parts.js";
import { loadPreviousSite } from "../previous/previous-site.js";
import { readSnapshot } from "../snapshot/read-snapshot.js";
import { sanitizeText } from "../text/sanitize.js";
import type { Io } from "../model/io.js";
import { previousFromHistory, previousFromSite, runCheck, type CheckResult } from "./check.js";
import { checkLines, reportToGithub } from "./report-check.js";

export interface CheckCommandOptions {
  config: string;
  snapshot: string;
  previous?: string;
  previousForce?: boolean;
  previousOptional?: boolean;
}

/**
 * `check`: the snapshot against the config's `check` rules. The previous numbers (for
 * noRegression) come from --previous, or else from the history written next to the snapshot by
 * `build` (data/history.json), as they were just before this snapshot's run.
 * Exit 0 when every rule holds, 1 when one does not.
 */
export async function checkCommand(
  options: CheckCommandOptions,
  io: Io,
): Promise<{ code: ExitCodeValue; result: CheckResult }> {
  const config = await loadConfig(options.config, { env: {} });
  const snapshot = readSnapshot(options.snapshot);
  let previous: Parameters<typeof runCheck>[2];
  if (options.previous) {
    const site = await loadPreviousSite(options.previous, {
      crawl: config.crawl,
      maxBytes: config.history.maxBytes,
      baseUrl: snapshot.source.baseUrl,
      force: options.previousForce,
      optional: options.previousOptional,
      // A stop (a signal) aborts the site's requests, and is said as the stop, not as the site.
      signal: io.signal,
    }).catch((error: unknown) => {
      io.signal?.throwIfAborted();
      throw error;
    });
    try {
      for (const warning of site.warnings) io.stderr.write(`warning ${warning}\n`);
      if (site.snapshot || site.history)
        previous = { where: site.where, percentOf: previousFromSite(site.snapshot, site.history) };
    } finally {
      await site.close();
    }
  } else if (config.check.noRegression) {
    const file = join(dirname(options.snapshot), "history.json");
    if (existsSync(file)) {
      // Another run's part (a copy left half done) is kept with a warning, as `build` keeps it.
      const warnings: string[] = [];
      const history = historyFile(file, warnings);
      for (const warning of warnings) io.stderr.write(`warning ${sanitizeText(warning)}\n`);
      previous = { where: file, percentOf: previousFromHistory(history, snapshot) };
    }
  }
  const result = runCheck(snapshot, config.check, previous, config.site);
  const github = io.env.GITHUB_ACTIONS === "true";
  for (const line of checkLines(result, github)) io.stdout.write(`${line}\n`);
  await reportToGithub(result, io.env).catch((error: unknown) => {
    io.stderr.write(
      `warning: cannot append to GITHUB_STEP_SUMMARY (${sanitizeText(messageOf(error))})\n`,
    );
  });
  return { code: result.passed ? ExitCode.ok : ExitCode.partial, result };
}

function historyFile(file: string, warnings: string[]) {
  try {
    return readHistoryFile(file, warnings, true);
  } catch (error) {
    const why =
      error instanceof HistoryFormatError ? error.message : `history ${file}: ${messageOf(error)}`;
    throw new OutputError(sanitizeText(why));
  }
}
