import { join } from "node:path";
import type { Config } from "../config/load-config.js";
import { componentLabel, tripleLabel } from "../config/triple.js";
import type { HistoryRun } from "../history/merge-run.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import type { BuildOptions } from "../pipeline/build.js";
import type { CrawlOutcome } from "../pipeline/crawl-step.js";
import type { SnapshotEntry } from "../snapshot/schema.js";
import type { RunTally } from "../model/tally.js";
import { counted } from "../text/plural.js";
import { isServerQuirk } from "../validate/link-rules.js";
import { sanitizeText } from "../text/sanitize.js";
import type { RenderedSite } from "../render/render-site.js";
import { keyParts, recordedNames, removedGroups } from "../render/model/changes-view.js";
import { type BudgetChoice, budgetLines, formatBytes } from "../render/budget/site-budget.js";
import type { Flags } from "./flags.js";
import { crawlSummary, crawlTally, printSummary, type CommandSummary } from "./json-summary.js";

// What a run tells the person at the terminal: its problems, the summary line, the history line.

/**
 * `entries`: in snapshot order; those without problems may be left out (a spooled run gives only
 * the others).
 */
function reportProblems(
  entries: Iterable<SnapshotEntry>,
  io: Io,
  flags: { quiet?: boolean; verbose?: boolean },
): void {
  // Errors: one line per translation, or per cause where many share one (ProblemTally).
  // Warnings: one line per field path, or one per warning with --verbose. Notes (known differences
  // of real servers) only with --verbose. Every line carries server text: sanitized first.
  const line = (text: string) => io.stderr.write(`${sanitizeText(text)}\n`);
  const tally = new ProblemTally();
  for (const entry of entries) {
    const key = tripleLabel(entry);
    if (entry.errors.length > 0) {
      const [first] = entry.errors;
      const more = entry.errors.length > 1 ? ` (+${entry.errors.length - 1} more)` : "";
      const own =
        `${entry.status} ${key}: ` +
        `${first?.path === "(request)" ? "" : `${first?.path}: `}${first?.message}${more}`;
      // A cause shared by many translations (no HTTP answer, a stopped crawl) is told once.
      if (flags.verbose || !tally.addFailure(entry, own)) line(own);
    }
    if (flags.quiet) continue;
    if (flags.verbose)
      for (const w of entry.warnings) line(`warning ${key}: ${w.path}: ${w.message}`);
    else tally.addWarnings(entry);
    if (flags.verbose) for (const n of entry.notes) line(`note ${key}: ${n.path}: ${n.message}`);
  }
  for (const text of tally.failureLines()) line(text);
  if (flags.quiet || flags.verbose) return;
  const warnings = tally.warningLines();
  for (const text of warnings) line(text);
  if (warnings.some((text) => text.startsWith("warning ")))
    io.stderr.write(
      "(warnings: what a reader of the numbers or links should know; --verbose lists each, and " +
        "the notes: known differences of real servers; --strict makes both errors)\n",
    );
}

// The lines a run's problems make, grouped so that one cause is one line with a count, not one
// line per translation (or per field) all alike:
// - a failure that got no HTTP answer (a certificate, a host, a stop of the crawl) is the same for
//   every translation it hit: "failed 50 translations: <cause>";
// - a 401 (the token refused, or wanted) is the same for every translation too: "failed 50
//   translations (e.g. p/c/de): 401 Unauthorized (...); check the API token in ...";
// - a warning is one line per field path (a server's quirks repeat across every record), with how
//   many translations have it and one of them as the example.
// With --verbose every entry keeps its own lines.

/** What a request error says after its `[GET] "<url>": ` prefix. */
function causeOf(message: string): string {
  const match = /^\[GET\] "[^"]*": (.*)$/s.exec(message);
  return match?.[1] ?? message;
}

interface Cause {
  /** Translations that failed on a request with this cause. */
  failed: number;
  /** Translations whose request was not sent, for this cause. */
  notTried: number;
  /** The first failed one's own line. */
  firstLine: string;
  /** The first failed one's triple, named as the example when the cause is an HTTP status. */
  example?: string;
}

interface WarningGroup {
  entries: number;
  example: string;
}

/** Collects a run's problems entry by entry; `lines` gives what to print after the entries. */
class ProblemTally {
  private readonly causes = new Map<string, Cause>();
  private readonly warnings = new Map<string, WarningGroup>();

  /**
   * Takes an entry's first error when it is one of a kind that groups; returns false when the
   * caller should print it on its own line.
   */
  addFailure(entry: SnapshotEntry, line: string): boolean {
    const [first] = entry.errors;
    const status = entry.failure?.status;
    if (first?.path !== "(request)" || (status !== undefined && status !== 401)) return false;
    const cause = causeOf(first.message);
    if (status !== undefined) {
      // The URL differs per translation, the status and its hint do not.
      const seen = this.causes.get(cause) ?? {
        failed: 0,
        notTried: 0,
        firstLine: line,
        example: tripleLabel(entry),
      };
      seen.failed += 1;
      this.causes.set(cause, seen);
      return true;
    }
    const notTried = /^not tried[,:] /.exec(cause);
    const key = notTried ? cause.slice(notTried[0].length) : cause;
    const seen = this.causes.get(key) ?? { failed: 0, notTried: 0, firstLine: line };
    if (notTried) seen.notTried += 1;
    else {
      if (seen.failed === 0) seen.firstLine = line;
      seen.failed += 1;
    }
    this.causes.set(key, seen);
    return true;
  }

  /** Takes an entry's warnings, and its notes of a server's quirk (told once a kind too). */
  addWarnings(entry: SnapshotEntry): void {
    const key = tripleLabel(entry);
    const add = (level: string, p: { path: string; message: string }) => {
      const at = `${level} ${p.path}`;
      const group = this.warnings.get(at) ?? { entries: 0, example: `${key}: ${p.message}` };
      group.entries += 1;
      this.warnings.set(at, group);
    };
    for (const w of entry.warnings) add("warning", w);
    for (const n of entry.notes) if (isServerQuirk(n)) add("note", n);
  }

  /** The failure lines: a cause met once keeps its own line, a repeated one is counted. */
  failureLines(): string[] {
    return [...this.causes].map(([cause, c]) => {
      if (c.notTried === 0 && c.failed === 1) return c.firstLine;
      if (c.example !== undefined)
        return `failed ${counted(c.failed, "translation")} (e.g. ${c.example}): ${cause}`;
      if (c.failed === 0)
        return `failed ${counted(c.notTried, "translation")}, not tried: ${cause}`;
      return `failed ${counted(c.failed + c.notTried, "translation")}: ${cause}`;
    });
  }

  /** The warning lines, and the server quirks' notes: one per field path. */
  warningLines(): string[] {
    return [...this.warnings].map(([at, { entries, example }]) =>
      entries === 1
        ? `${at}, in 1 translation: ${example}`
        : `${at}, in ${entries} translations; e.g. ${example}`,
    );
  }
}

/** Why a run that had nothing usable stopped (stderr, and `error` of its --json summary). */
const NOTHING_USABLE =
  "nothing usable: every translation failed or was invalid; the previous output was left as it was";

/** How often a terminal's progress line is redrawn, at most. */
const PROGRESS_MS = 100;

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
  // Redrawn at most every PROGRESS_MS: once per translation was 28,800 redraws and 1.9 MB of
  // terminal output for one crawl.
  const clock = () => (io.now?.() ?? new Date()).getTime();
  let drawn = Number.NEGATIVE_INFINITY;
  return {
    onProgress: progress
      ? (settled, requests) => {
          const at = clock();
          if (at - drawn < PROGRESS_MS) return;
          drawn = at;
          io.stderr.write(
            `\rcrawling ${config.baseUrl}: ${counted(settled, "translation")}, ` +
              `${counted(requests, "request")}`,
          );
        }
      : undefined,
    onCrawled(run: CrawlOutcome, code: ExitCodeValue) {
      if (progress) io.stderr.write("\r\u001b[K");
      reportProblems(run.problems(), io, flags);
      // What the crawl noted of the patterns (a wildcard's skipped components): notes, --verbose.
      if (flags.verbose && !flags.quiet)
        for (const note of run.notices) io.stderr.write(`note ${sanitizeText(note)}\n`);
      // `build` tells the site's figures once it is written; `crawl` the crawl's.
      const unusable = code === ExitCode.unusable;
      if (!flags.quiet && !flags.json && (command !== "build" || unusable))
        io.stdout.write(`${tallyLine(crawlTally(run), run)}\n`);
      summary = flags.json ? crawlSummary(command, run, code, {}) : undefined;
      if (!unusable) return;
      if (summary) printSummary(io.stdout, { ...summary, error: NOTHING_USABLE });
      io.stderr.write(`l10n-snapshot: ${NOTHING_USABLE}\n`);
    },
    summary: () => summary,
  };
}

/** Lines of removals told at most: the overview and the feed list every one. */
const MAX_REMOVAL_LINES = 20;

/**
 * What this run removed, one line per project or component that went whole, else per translation,
 * by the names the previous run's records gave them: "removed from the server: component Website
 * (Orbit Notes), 8 translations"; a removal the config made as such ("no longer tracked (the
 * config): ..."). `tracked`: whether the config still asks for a translation's key.
 */
export function removalLines(
  run: Pick<HistoryRun, "history" | "changes">,
  tracked: (key: string) => boolean,
): string[] {
  const c = run.changes;
  if (!c?.removed.length) return [];
  const named = recordedNames(c.names);
  const groups = removedGroups(c.removed, c.wholes);
  const lines = groups.slice(0, MAX_REMOVAL_LINES).map((g) => {
    const first = g.keys[0] ?? g.key;
    const { project, component, language } = keyParts(first);
    const projectName = named("project", project) ?? project;
    const componentName =
      `${named("component", `${project}/${component}`) ?? componentLabel(component)} ` +
      `(${projectName})`;
    const count = counted(g.keys.length, "translation");
    const what =
      g.whole === "project"
        ? `project ${projectName}, ${count}`
        : g.whole === "component"
          ? `component ${componentName}, ${count}`
          : `translation ${named("language", language) ?? language} of ${componentName}`;
    const why = tracked(first) ? "removed from the server" : "no longer tracked (the config)";
    return sanitizeText(`${why}: ${what}`);
  });
  const more = groups.length - lines.length;
  return more > 0 ? [...lines, `and ${more} more removals: see the overview`] : lines;
}

/**
 * What the history recorded of this run: "history: 2 translations reached 100%, 8 translations
 * removed since the last run" (the removals' lines follow it).
 */
function historyLine(run: Pick<HistoryRun, "history" | "changes">): string {
  const c = run.changes;
  if (!c) return "history: this run was merged before";
  if (!run.history.previousRun) return "history: starts with this run";
  const parts = [
    c.reached100.length ? `${counted(c.reached100.length, "translation")} reached 100%` : "",
    c.fellBelow.length
      ? `${counted(c.fellBelow.length, "translation")} fell below ${c.threshold}%`
      : "",
    c.newStrings.length ? `new strings in ${counted(c.newStrings.length, "component")}` : "",
    c.added.length ? `${counted(c.added.length, "translation")} added` : "",
    c.removed.length ? `${counted(c.removed.length, "translation")} removed` : "",
  ].filter((part) => part !== "");
  return `history: ${parts.length ? parts.join(", ") : "no notable change"} since the last run`;
}

/**
 * The run's figures as the site shows them (model/tally.ts), then what the crawl cost, when there
 * was one: "translations 1,960: ok 1,920, warnings 3, stale 40, failed 0, invalid 0; removed 8;
 * 1 list failed; 212 requests, 4.1 s".
 */
export function tallyLine(t: RunTally, run?: Pick<CrawlOutcome, "stats" | "seconds">): string {
  const lists = t.failedLists ? `; ${counted(t.failedLists, "list")} failed` : "";
  const cost = run
    ? `; ${counted(run.stats.requests, "request")}, ${run.seconds.toFixed(1)} s`
    : "";
  return (
    `translations ${t.tracked}: ok ${t.ok}, warnings ${t.warnings}, stale ${t.stale}, ` +
    `failed ${t.failed}, invalid ${t.invalid}; removed ${t.removed}${lists}${cost}`
  );
}

/**
 * "site written to out/ (303,800 files, 554 MB of site.maxBytes 1.00 GB); open out/index.html":
 * the budget beside the size, so a team sees its headroom before a run goes over it.
 */
function writtenLine(
  out: string,
  site: Pick<RenderedSite, "files" | "bytes"> & { budget: Pick<BudgetChoice, "maxBytes"> },
): string {
  const size =
    `${counted(site.files, "file")}, ${formatBytes(site.bytes)} of site.maxBytes ` +
    formatBytes(site.budget.maxBytes);
  return `site written to ${out}/ (${size}); open ${join(out, "index.html")}`;
}

/**
 * What a written site tells: its warnings, and what the budget (site.maxBytes) left out and why,
 * on stderr (said even with --quiet, since the site has less than the config asks for); then its
 * figures, where it is and, with a history, what the history recorded (`say`: stdout for people).
 */
export function tellWritten(
  site: RenderedSite & { warnings?: string[]; history?: HistoryRun },
  out: string,
  io: Pick<Io, "stderr">,
  say: (line: string) => void,
  crawl?: Pick<CrawlOutcome, "stats" | "seconds">,
): void {
  for (const warning of site.warnings ?? []) io.stderr.write(`warning ${warning}\n`);
  for (const line of budgetLines(site.budget)) io.stderr.write(`${line}\n`);
  if (site.history) say(tallyLine(site.tally, crawl));
  say(writtenLine(out, site));
  if (site.history) say(historyLine(site.history));
}
