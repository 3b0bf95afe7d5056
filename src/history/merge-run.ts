import type { Config } from "../config/load-config.js";
import { tripleKey, type Triple } from "../config/triple.js";
import type { SnapshotEntry, SnapshotHeader } from "../snapshot/schema.js";
import {
  emptyHistory,
  lastPoint,
  MAX_CHANGE_ITEMS,
  MAX_RUNS,
  measureCounters,
  percentWith,
  sameCounts,
  toMinute,
  type Changes,
  type Counts,
  type History,
  type RunRecord,
} from "./history.js";
import { recordCounts, recordView } from "../weblate/record-view.js";
import { STRINGS_TRANSLATED, type Measure } from "../model/measure.js";
import { thinSeries, WEEKLY_AFTER_DAYS } from "./thin.js";
import { COUNTERS, firstMinute, UNKNOWN } from "./series.js";
import { must } from "../model/must.js";

/** One translation of a run: its counts when it was fetched and valid, none when it failed. */
export interface RunEntry extends Triple {
  counts?: Counts;
}

export interface MergeOptions {
  /** A translation that drops below this percent is reported ("fell below"). */
  threshold: number;
  /** What the percents count (site.metric, site.progress); strings translated by default. */
  measure?: Measure;
}

/** A translation gone from the config for this long loses its points. */
const FORGET_GONE_DAYS = 365;

/**
 * The counters of a Weblate translation record (checked already; read through the record view,
 * anything odd counts as 0), in whole numbers; with its row of the component's statistics where
 * the server gave one (`statistics`: characters and approved, which the record lacks), UNKNOWN
 * where it did not.
 */
export function countsOf(record: unknown, statistics?: unknown): Counts {
  const c = recordCounts(recordView(record), statistics);
  const known = (n: number) => (Number.isNaN(n) ? UNKNOWN : Math.round(n));
  return {
    total: Math.round(c.total),
    translated: Math.round(c.translated),
    fuzzy: Math.round(c.fuzzy),
    failingChecks: Math.round(c.failingChecks),
    totalWords: Math.round(c.totalWords),
    translatedWords: Math.round(c.translatedWords),
    totalChars: known(c.totalChars),
    translatedChars: known(c.translatedChars),
    approved: known(c.approved),
    approvedWords: known(c.approvedWords),
    approvedChars: known(c.approvedChars),
  };
}

/**
 * Merges one run into the history (in place): a point for each translation whose counters changed,
 * thinning, and the run's notable changes. A run no newer than the last one merged is ignored (a
 * site re-rendered from the same snapshot must not count it twice); then undefined is returned.
 */
export function mergeRun(
  history: History,
  at: string,
  entries: Iterable<RunEntry>,
  options: MergeOptions,
): Changes | undefined {
  if (history.lastRun && Date.parse(at) <= Date.parse(history.lastRun)) return undefined;
  const minute = toMinute(at);
  const firstRun = history.lastRun === undefined;
  const changes = noChanges(options.threshold);
  const rise: Rise = new Map();
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = tripleKey(entry);
    seen.add(key);
    const flat = history.series.get(key);
    const wasGone = history.gone.delete(key);
    // A project whose previous part was lost or another run's is not all new, and its previous
    // numbers are not the published ones: no milestone is announced from them either.
    const restarted = history.restarted?.has(entry.project) === true;
    if (!firstRun && !restarted && (!flat || wasGone)) changes.added.push(key);
    const counts = entry.counts;
    if (!counts) continue;
    const prev = lastPoint(flat);
    if (prev && sameCounts(prev, counts)) continue;
    if (prev) {
      if (!restarted) noteMilestones(changes, key, prev, counts, options);
      if (counts.total > prev.total) noteRise(rise, entry, counts.total - prev.total);
    }
    // Points are whole minutes: a run in the minute of the one before (a manual rerun after a
    // scheduled one) gets the next minute in this series, so neither's point replaces the other's.
    const pointMinute = prev && prev.at >= minute ? prev.at + 1 : minute;
    const point = [pointMinute, ...COUNTERS.map((c) => counts[c])];
    const series = flat ?? [];
    series.push(...point);
    history.series.set(key, thinSeries(series, minute));
  }
  sweep(history, seen, minute, changes);
  changes.newStrings = [...rise.values()];
  history.previousRun = history.lastRun;
  history.lastRun = at;
  if (isNotable(changes)) {
    history.runs.push({ at, changes: capChanges(changes) });
    history.runs.splice(0, Math.max(0, history.runs.length - MAX_RUNS));
  }
  return changes;
}

/** New strings by component: the most any of its translations gained. */
type Rise = Map<string, { project: string; component: string; added: number }>;

function noteRise(rise: Rise, entry: RunEntry, added: number): void {
  const c = `${entry.project}/${entry.component}`;
  const r = rise.get(c) ?? { project: entry.project, component: entry.component, added: 0 };
  r.added = Math.max(r.added, added);
  rise.set(c, r);
}

/** A run's changes before any is noted. */
function noChanges(threshold: number): Changes {
  return { threshold, reached100: [], fellBelow: [], newStrings: [], added: [], removed: [] };
}

/** Notes a translation that reached 100%, or fell below the threshold, since its last point. */
function noteMilestones(
  changes: Changes,
  key: string,
  prev: Counts,
  counts: Counts,
  options: MergeOptions,
): void {
  // Both by the site's measure, or both in strings where either lacks its counters.
  const by = measureCounters(options.measure ?? STRINGS_TRANSLATED, [prev, counts]);
  const [before, now] = [percentWith(prev, by), percentWith(counts, by)];
  if (before < 100 && counts[by.part] >= counts[by.whole])
    changes.reached100.push({ key, previous: before });
  if (before >= options.threshold && now < options.threshold)
    changes.fellBelow.push({ key, percent: now, previous: before });
}

/**
 * Thins the series of this run's translations (where they have points older than
 * WEEKLY_AFTER_DAYS; stored again only if they lost any), marks those not `seen` gone (removed,
 * announced) and forgets those gone for FORGET_GONE_DAYS.
 */
function sweep(history: History, seen: Set<string>, minute: number, changes: Changes): void {
  for (const key of history.series.keys()) {
    if (seen.has(key)) {
      if (firstMinute(history.series.text(key)) >= minute - WEEKLY_AFTER_DAYS * 24 * 60) continue;
      const flat = must(history.series.get(key));
      const length = flat.length;
      const thinned = thinSeries(flat, minute);
      if (thinned.length !== length) history.series.set(key, thinned);
      continue;
    }
    if (!history.gone.has(key)) {
      history.gone.set(key, minute);
      // A restarted project's part may be older than the feed: its removals were announced.
      if (!history.restarted?.has(key.slice(0, key.indexOf("/")))) changes.removed.push(key);
    } else if (must(history.gone.get(key)) < minute - FORGET_GONE_DAYS * 24 * 60) {
      history.series.delete(key);
      history.gone.delete(key);
    }
  }
  for (const key of history.gone.keys()) if (!history.series.has(key)) history.gone.delete(key);
}

export function isNotable(c: Changes): boolean {
  return (
    c.reached100.length +
      c.fellBelow.length +
      c.newStrings.length +
      c.added.length +
      c.removed.length >
    0
  );
}

/**
 * The changes as kept in the file: each list at most MAX_CHANGE_ITEMS long, sorted for stable
 * output.
 */
function capChanges(c: Changes): RunRecord["changes"] {
  const byKey = <T extends { key: string }>(a: T, b: T) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  const lists = [c.reached100, c.fellBelow, c.newStrings, c.added, c.removed];
  const omitted = lists.reduce((sum, list) => sum + Math.max(0, list.length - MAX_CHANGE_ITEMS), 0);
  return {
    threshold: c.threshold,
    ...(omitted ? { omitted } : {}),
    reached100: [...c.reached100].sort(byKey).slice(0, MAX_CHANGE_ITEMS),
    fellBelow: [...c.fellBelow].sort(byKey).slice(0, MAX_CHANGE_ITEMS),
    newStrings: [...c.newStrings]
      .sort(
        (a, b) => b.added - a.added || (a.project + a.component < b.project + b.component ? -1 : 1),
      )
      .slice(0, MAX_CHANGE_ITEMS),
    added: [...c.added].sort().slice(0, MAX_CHANGE_ITEMS),
    removed: [...c.removed].sort().slice(0, MAX_CHANGE_ITEMS),
  };
}

/** What the site is rendered with when history is on: the run merged into the history. */
export interface HistoryRun {
  history: History;
  /**
   * This run's changes; undefined when the run was merged before (a re-render of the same
   * snapshot).
   */
  changes?: Changes;
}

/**
 * Merges a run's entries (read once, in any number: a snapshot file's, streamed) into the previous
 * site's history (`previous`), or a new one. `header` is the run's snapshot header.
 */
export function mergeHistory(
  header: SnapshotHeader,
  entries: Iterable<SnapshotEntry>,
  previous: History | undefined,
  options: Pick<Config, "history" | "site">,
): HistoryRun {
  const history = previous ?? emptyHistory(header.source.baseUrl);
  const changes = mergeRun(history, header.generatedAt, runEntries(entries), {
    threshold: options.history.alertBelow ?? options.site.thresholds.brightgreen,
    measure: options.site,
  });
  return { history, ...(changes ? { changes } : {}) };
}

function* runEntries(entries: Iterable<SnapshotEntry>): Generator<RunEntry> {
  for (const e of entries) {
    // Wildcards that could not be expanded are not translations: they have no history.
    if (e.component === "*" || e.language === "*") continue;
    yield {
      project: e.project,
      component: e.component,
      language: e.language,
      ...(e.status === "ok" ? { counts: countsOf(e.record, e.statistics) } : {}),
    };
  }
}
