import type { CrawlOutcome } from "../pipeline/crawl-step.js";
import { tripleKey } from "../config/triple.js";
import { sanitizeText } from "../text/sanitize.js";
import { emptyTally, isListEntry, type RunTally } from "../model/tally.js";

/**
 * What `--json` prints: a command's summary as one JSON object on one line of stdout, for
 * scripts (the GitHub Action's job summary reads it). Human lines stay off stdout then; problems
 * still go to stderr. Every command that supports --json returns one of these.
 */
export interface CommandSummary {
  command: string;
  exitCode: number;
  [key: string]: unknown;
}

/**
 * Failed and invalid translations listed in a summary, at most this many (the counts hold them
 * all).
 */
const MAX_LISTED = 100;

/**
 * The tally of a crawl before last known good data is put in (model/tally.ts): what `crawl`
 * reports, and `build` when it stops with nothing usable. Nothing is stale or removed yet.
 */
export function crawlTally(run: Pick<CrawlOutcome, "counts" | "problems">): RunTally {
  const c = run.counts;
  let lists = 0;
  for (const e of run.problems()) if (isListEntry(e)) lists += 1;
  return {
    ...emptyTally(),
    tracked: c.total - lists,
    ok: c.ok,
    warnings: c.withWarnings,
    invalid: c.invalid,
    failed: c.failed - lists,
    failedLists: lists,
  };
}

/** The summary of a crawl (`crawl`, `build`): the summary line's counts, and what failed. */
export function crawlSummary(
  command: string,
  run: CrawlOutcome,
  exitCode: number,
  extra: Record<string, unknown>,
): CommandSummary {
  const c = run.counts;
  const problems: { translation: string; status: string; message: string }[] = [];
  for (const e of run.problems()) {
    if (problems.length === MAX_LISTED) break;
    if (e.status !== "ok")
      problems.push({
        translation: tripleKey(e),
        // A wildcard left in place is a list that failed, not a translation (model/tally.ts).
        status: isListEntry(e) ? "list failed" : e.status,
        message: sanitizeText(e.errors[0]?.message ?? ""),
      });
  }
  return {
    command,
    exitCode,
    baseUrl: run.header.source.baseUrl,
    generatedAt: run.header.generatedAt,
    ...tallyFields(crawlTally(run)),
    fetched: c.ok + c.invalid,
    notes: c.withNotes,
    requests: run.stats.requests,
    seconds: Math.round(run.seconds * 1000) / 1000,
    problems,
    ...extra,
  };
}

/** Prints a summary as one JSON line. */
export function printSummary(
  stdout: { write(text: string): unknown },
  summary: CommandSummary,
): void {
  stdout.write(`${JSON.stringify(summary)}\n`);
}

/** The figures --json and the Action's outputs give (docs/STATES.md), from a tally. */
export function tallyFields(t: RunTally): Record<string, number> {
  return {
    translations: t.tracked,
    ok: t.ok,
    warnings: t.warnings,
    stale: t.stale,
    failed: t.failed,
    invalid: t.invalid,
    removed: t.removed,
    failedLists: t.failedLists,
  };
}
