import type { Config } from "../config/load-config.js";
import { tripleKey } from "../config/triple.js";
import type { HistoryRun } from "../history/run-history.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import type { BuildOptions } from "../pipeline/build.js";
import type { CrawlOutcome } from "../pipeline/crawl-step.js";
import type { SnapshotEntry } from "../snapshot/snapshot.js";
import { sanitizeText } from "../text/sanitize.js";
import type { Flags } from "./flags.js";
import { crawlSummary, printSummary, type CommandSummary } from "./json-summary.js";

// What a run tells the person at the terminal: its problems, the summary line, the history line.

/**
 * `entries`: in snapshot order; those without problems may be left out (a spooled run gives only
 * the others).
 */
export function reportProblems(
  entries: Iterable<SnapshotEntry>,
  io: Io,
  flags: { quiet?: boolean; verbose?: boolean },
): void {
  // Errors: one line per translation. Warnings: one line per field path (a server's quirks repeat
  // across every record), or one per warning with --verbose. Notes (known differences of real
  // servers) only with --verbose. Every line carries server text: sanitized first.
  const line = (text: string) => io.stderr.write(`${sanitizeText(text)}\n`);
  const byPath = new Map<string, { count: number; example: string }>();
  const notTried = { count: 0, reason: "" };
  const NOT_TRIED = '": not tried, ';
  for (const entry of entries) {
    const key = tripleKey(entry);
    if (entry.errors.length > 0) {
      const [first] = entry.errors;
      const more = entry.errors.length > 1 ? ` (+${entry.errors.length - 1} more)` : "";
      // Requests not sent because the crawl stopped early are told once, after the list.
      const at = first!.path === "(request)" ? first!.message.indexOf(NOT_TRIED) : -1;
      if (!flags.verbose && at >= 0) {
        notTried.count += 1;
        notTried.reason ||= first!.message.slice(at + NOT_TRIED.length);
      } else
        line(
          `${entry.status} ${key}: ${first!.path === "(request)" ? "" : `${first!.path}: `}${first!.message}${more}`,
        );
    }
    if (flags.quiet) continue;
    for (const w of entry.warnings) {
      if (flags.verbose) line(`warning ${key}: ${w.path}: ${w.message}`);
      const seen = byPath.get(w.path) ?? { count: 0, example: `${key}: ${w.message}` };
      seen.count += 1;
      byPath.set(w.path, seen);
    }
    if (flags.verbose) for (const n of entry.notes) line(`note ${key}: ${n.path}: ${n.message}`);
  }
  if (notTried.count > 0)
    line(
      `failed ${notTried.count} translation${notTried.count > 1 ? "s" : ""}, not tried: ${notTried.reason}`,
    );
  if (flags.quiet || flags.verbose) return;
  for (const [path, { count, example }] of byPath) {
    line(`warning ${path}, in ${count} translation${count > 1 ? "s" : ""}; e.g. ${example}`);
  }
  if (byPath.size > 0)
    io.stderr.write(
      "(warnings: what a reader of the numbers or links should know; --verbose lists each, and the notes: known differences of real servers; --strict makes both errors)\n",
    );
}

/**
 * What `crawl` and `build` tell while and after they crawl: the progress line on a terminal, then
 * the problems, the summary line and, with --json, the summary (printed here when the run had
 * nothing usable, else by the command with what it wrote).
 */
export function crawlReport(
  command: string,
  config: Config,
  flags: Flags,
  io: Io,
): Pick<BuildOptions, "onProgress" | "onCrawled"> & { summary(): CommandSummary | undefined } {
  const progress = io.stderr.isTTY && !flags.quiet;
  let summary: CommandSummary | undefined;
  return {
    onProgress: progress
      ? (settled, requests) =>
          io.stderr.write(
            `\rcrawling ${config.baseUrl}: ${settled} translations, ${requests} requests`,
          )
      : undefined,
    onCrawled(run: CrawlOutcome, code: ExitCodeValue) {
      if (progress) io.stderr.write("\r\u001b[K");
      reportProblems(run.problems(), io, flags);
      if (!flags.quiet && !flags.json) io.stdout.write(`${summaryLine(run)}\n`);
      summary = flags.json ? crawlSummary(command, run, code, {}) : undefined;
      if (code !== ExitCode.unusable) return;
      if (summary) printSummary(io.stdout, summary);
      io.stderr.write(
        "l10n-snapshot: nothing usable: every translation failed or was invalid; the previous output was left as it was\n",
      );
    },
    summary: () => summary,
  };
}

export function historyLine(run: Pick<HistoryRun, "history" | "changes" | "carried">): string {
  const c = run.changes;
  const notable = c
    ? c.reached100.length +
      c.fellBelow.length +
      c.newStrings.length +
      c.added.length +
      c.removed.length
    : 0;
  const carried = run.carried ? `; ${run.carried} shown with last known good data` : "";
  return `history: ${run.history.series.size} translations, ${c ? `${notable} notable change${notable === 1 ? "" : "s"} this run` : "this run was merged before"}${carried}`;
}

/** fetched, ok, warnings, notes (translations with some), invalid, failed, requests, seconds. */
export function summaryLine(run: Omit<CrawlOutcome, "problems">): string {
  const c = run.counts;
  return `fetched ${c.ok + c.invalid}, ok ${c.ok}, warnings ${c.withWarnings}, notes ${c.withNotes}, invalid ${c.invalid}, failed ${c.failed}; ${run.stats.requests} requests, ${run.seconds.toFixed(1)} s`;
}
