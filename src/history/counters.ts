// The counters of a history's point, apart from history.ts so the series' text (series-text.ts)
// can know a point's size without importing the history.

/**
 * The counters a point holds, in this order after its time. Version 1 files had the first six;
 * version 2 added characters and approved (approved and read-only, as Weblate counts "approved"),
 * which servers give only in their statistics (entry.statistics): UNKNOWN where not given.
 */
export const COUNTERS = [
  "total",
  "translated",
  "fuzzy",
  "failingChecks",
  "totalWords",
  "translatedWords",
  "totalChars",
  "translatedChars",
  "approved",
  "approvedWords",
  "approvedChars",
] as const;
export type Counter = (typeof COUNTERS)[number];
/** The counters of a version 1 point. */
export const V1_COUNTERS = COUNTERS.slice(0, 6);
/** A counter the server did not give (an older server, a point of a version 1 file). */
export const UNKNOWN = -1;
/** Numbers per point: the minute, then the counters. */
export const POINT_SIZE = 1 + COUNTERS.length;
