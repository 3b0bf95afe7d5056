import type { Counts as AllCounts } from "../model/counts.js";
import { must } from "../model/must.js";

// The history of a site: per translation, one point per run in which one of its counters changed,
// so a translation that stays the same costs nothing. Times are whole minutes since 1970 (UTC).

/** The counters a point holds, in this order after its time. */
export const COUNTERS = [
  "total",
  "translated",
  "fuzzy",
  "failingChecks",
  "totalWords",
  "translatedWords",
] as const;
export type Counter = (typeof COUNTERS)[number];
/** Numbers per point: the minute, then the counters. */
export const POINT_SIZE = 1 + COUNTERS.length;

/** The counters of a point: those of a translation's counts (model/counts.ts) history keeps. */
export type Counts = Pick<AllCounts, Counter>;
export interface Point extends Counts {
  /** Minutes since 1970-01-01T00:00Z. */
  at: number;
}

/** What changed in one run that a reader would want to hear about. */
export interface Changes {
  /** The percent below which a translation "fell below" (history.alertBelow). */
  threshold: number;
  reached100: { key: string; previous: number }[];
  fellBelow: { key: string; percent: number; previous: number }[];
  /** Strings added to a component's source: the largest rise of `total` among its translations. */
  newStrings: { project: string; component: string; added: number }[];
  added: string[];
  removed: string[];
  /** Items left out of the lists above to keep the file bounded. */
  omitted?: number;
}

export interface RunRecord {
  /** ISO time of the run (the snapshot's generatedAt). */
  at: string;
  changes: Changes;
}

export interface History {
  schemaVersion: 1;
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
  series: Map<string, number[]>;
  /** Translations that were in an earlier run but not in the latest, with the minute they went. */
  gone: Map<string, number>;
}

export const HISTORY_SCHEMA_VERSION = 1;

export function emptyHistory(baseUrl: string): History {
  return { schemaVersion: 1, baseUrl, runs: [], series: new Map(), gone: new Map() };
}

export const toMinute = (iso: string | Date): number =>
  Math.floor(new Date(iso).getTime() / 60_000);

/** The i-th point of a flattened series. */
export function pointAt(flat: readonly number[], i: number): Point {
  const o = i * POINT_SIZE;
  return {
    at: must(flat[o]),
    total: must(flat[o + 1]),
    translated: must(flat[o + 2]),
    fuzzy: must(flat[o + 3]),
    failingChecks: must(flat[o + 4]),
    totalWords: must(flat[o + 5]),
    translatedWords: must(flat[o + 6]),
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

export function percentOf(c: Pick<Counts, "translated" | "total">): number {
  return c.total <= 0 ? 100 : (c.translated * 100) / c.total;
}
