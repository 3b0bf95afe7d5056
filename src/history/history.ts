import { z } from "zod";
import { emptyCounts, type Counts as AllCounts } from "../model/counts.js";
import { must } from "../model/must.js";
import { commonMeasure, MEASURE_UNITS, type Measure } from "../model/measure.js";
import { COUNTERS, POINT_SIZE, SeriesMap, UNKNOWN, type Counter } from "./series.js";

// The history of a site: per translation, one point per run in which one of its counters changed,
// so a translation that stays the same costs nothing. Times are whole minutes since 1970 (UTC).

/** The counters of a point: those of a translation's counts (model/counts.ts) history keeps. */
export type Counts = Pick<AllCounts, Counter>;
export interface Point extends Counts {
  /** Minutes since 1970-01-01T00:00Z. */
  at: number;
}

/** Runs with notable changes kept for the feed. */
export const MAX_RUNS = 50;
/** Items kept per list of one run's changes (the rest are counted in the feed entry). */
export const MAX_CHANGE_ITEMS = 200;
export const keyText = z.string().min(5).max(1000);
const count = z.int().min(0).max(1e12);
/** What changed in one run that a reader would want to hear about. */
export const changesSchema = z.object({
  /** The percent below which a translation "fell below" (history.alertBelow). */
  threshold: z.number().min(0).max(100),
  reached100: z
    .array(z.object({ key: keyText, previous: z.number().min(0).max(100) }))
    .max(MAX_CHANGE_ITEMS),
  fellBelow: z
    .array(
      z.object({
        key: keyText,
        percent: z.number().min(0).max(100),
        previous: z.number().min(0).max(100),
      }),
    )
    .max(MAX_CHANGE_ITEMS),
  /** Strings added to a component's source: the largest rise of `total` among its translations. */
  newStrings: z
    .array(
      z.object({
        project: z.string().min(1).max(300),
        component: z.string().min(1).max(700),
        added: count,
      }),
    )
    .max(MAX_CHANGE_ITEMS),
  added: z.array(keyText).max(MAX_CHANGE_ITEMS),
  removed: z.array(keyText).max(MAX_CHANGE_ITEMS),
  /**
   * The names the previous run's records gave what was removed, by `key`: a project's slug, a
   * component's "project/component", a language's code.
   */
  names: z
    .array(
      z.object({
        of: z.enum(["project", "component", "language"]),
        key: z.string().min(1).max(1000),
        name: z.string().min(1).max(1000),
      }),
    )
    .max(3 * MAX_CHANGE_ITEMS)
    .optional(),
  /**
   * The projects and components that went whole with this run (no translation of theirs left), as
   * the run found them: a later run's feed says of this one what it said then.
   */
  wholes: z
    .array(z.object({ of: z.enum(["project", "component"]), key: z.string().min(1).max(1000) }))
    .max(MAX_CHANGE_ITEMS)
    .optional(),
  /** Items left out of the lists above to keep the file bounded. */
  omitted: count.optional(),
});
export type Changes = z.infer<typeof changesSchema>;

export interface RunRecord {
  /** ISO time of the run (the snapshot's generatedAt). */
  at: string;
  changes: Changes;
}

export interface History {
  schemaVersion: typeof HISTORY_SCHEMA_VERSION;
  /** The Weblate server the numbers come from. */
  baseUrl: string;
  /** The latest run merged in, and the one before it (for "since the last run"). */
  lastRun?: string;
  previousRun?: string;
  /** The latest runs with notable changes, newest last (the Atom feed's entries). */
  runs: RunRecord[];
  /**
   * "project/component/language" -> points, flattened: [at, total, translated, ...] per point,
   * oldest first.
   */
  series: SeriesMap;
  /** Translations that were in an earlier run but not in the latest, with the minute they went. */
  gone: Map<string, number>;
  /**
   * Projects whose part of the previous history could not be read in full (--previous-optional):
   * the next run does not announce their translations as added. Never written.
   */
  restarted?: Set<string>;
  /**
   * Projects whose part was not its index's (another run's, a copy or upload left half done),
   * kept as that run left it: what `check` compared them with. Never written.
   */
  kept?: Map<string, KeptPart>;
}

/** A history part kept though it is not its index's. */
export interface KeptPart {
  /** Where it was read (a file, or a site's address and path). */
  where: string;
  /** The run that wrote it, when another than the index's (an older run). */
  run?: string;
  /** Why it is not its index's, in words. */
  why: string;
}

export const HISTORY_SCHEMA_VERSION = 3;

export function emptyHistory(baseUrl: string): History {
  return {
    schemaVersion: HISTORY_SCHEMA_VERSION,
    baseUrl,
    runs: [],
    series: new SeriesMap(),
    gone: new Map(),
  };
}

export const toMinute = (iso: string | Date): number =>
  Math.floor(new Date(iso).getTime() / 60_000);

/** The i-th point of a flattened series. */
export function pointAt(flat: readonly number[], i: number): Point {
  const o = i * POINT_SIZE;
  const n = (k: number) => flat[o + k] ?? UNKNOWN;
  return {
    at: n(0),
    total: n(1),
    translated: n(2),
    fuzzy: n(3),
    failingChecks: n(4),
    totalWords: n(5),
    translatedWords: n(6),
    totalChars: n(7),
    translatedChars: n(8),
    approved: n(9),
    approvedWords: n(10),
    approvedChars: n(11),
  };
}

export function pointCount(flat: readonly number[]): number {
  return flat.length / POINT_SIZE;
}

export function lastPoint(flat: readonly number[] | undefined): Point | undefined {
  return flat?.length ? pointAt(flat, pointCount(flat) - 1) : undefined;
}

/**
 * The values in force at `minute`: the last point at or before it, or undefined before the first.
 */
export function valueAt(flat: readonly number[], minute: number): Point | undefined {
  let lo = 0;
  let hi = pointCount(flat) - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (must(flat[mid * POINT_SIZE]) <= minute) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? undefined : pointAt(flat, found);
}

export function sameCounts(a: Counts, b: Counts): boolean {
  return COUNTERS.every((c) => a[c] === b[c]);
}

/**
 * A point's counters as a translation's counts (model/counts.ts): NaN for what it does not keep
 * or did not get (UNKNOWN), so model/measure.ts counts a point as the pages count a record.
 */
export function pointCounts(c: Counts): AllCounts {
  const counts = emptyCounts(Number.NaN);
  for (const k of COUNTERS) counts[k] = c[k] === UNKNOWN ? Number.NaN : c[k];
  return counts;
}

/**
 * The counters of the measure all of `points` allow, as close to `by` as they do, falling back as
 * the pages do (model/measure.ts): to strings where one lacks `by`'s unit, to translated where one
 * lacks approved (a point of a server without statistics, of a project
 * without review).
 */
export function measureCounters(
  by: Measure,
  points: Iterable<Pick<Counts, Counter>>,
): { part: Counter; whole: Counter; used: Measure } {
  const used = commonMeasure(by, [...points].map(pointCounts));
  const unit = MEASURE_UNITS[used.metric];
  return { part: unit[used.progress], whole: unit.total, used };
}

/** A point's percent by counters measureCounters chose (100 with nothing to translate). */
export function percentWith(c: Counts, counters: { part: Counter; whole: Counter }): number {
  const whole = c[counters.whole];
  return whole <= 0 ? 100 : (c[counters.part] * 100) / whole;
}
