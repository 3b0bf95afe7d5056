import { progressKey, type Counts } from "./counts.js";

// What a percent counts (site.metric, site.progress): strings, words or characters, translated or
// approved. Every percent of the site reads a translation's counts (or a sum of them) through
// `measure`, which says what it actually counted: characters and approved are what newer servers
// give in their statistics, so where counts lack them (an older server, a project without review,
// a sum with such a member) it falls back to strings or to translated, and the page says so.

export const METRICS = ["strings", "words", "chars"] as const;
export const PROGRESSES = ["translated", "approved"] as const;
export type Metric = (typeof METRICS)[number];
export type Progress = (typeof PROGRESSES)[number];

export interface Measure {
  metric: Metric;
  progress: Progress;
}

export const STRINGS_TRANSLATED: Measure = { metric: "strings", progress: "translated" };

/** A measure applied to some counts: the part done, the whole, what needs review, in one unit. */
export interface Measured {
  part: number;
  whole: number;
  fuzzy: number;
  /** What was counted: the measure asked for, or what it fell back to. */
  used: Measure;
}

/** The counters a measure reads, by metric: its whole, its parts. */
export const MEASURE_UNITS = {
  strings: { total: "total", translated: "translated", fuzzy: "fuzzy", approved: "approved" },
  words: {
    total: "totalWords",
    translated: "translatedWords",
    fuzzy: "fuzzyWords",
    approved: "approvedWords",
  },
  chars: {
    total: "totalChars",
    translated: "translatedChars",
    fuzzy: "fuzzyChars",
    approved: "approvedChars",
  },
} as const satisfies Record<Metric, Record<string, keyof Counts>>;

const known = (n: number) => !Number.isNaN(n);

/** The counts as `want` counts them, or as close as they allow (see `used`). */
export function measure(counts: Counts, want: Measure): Measured {
  const unit = MEASURE_UNITS[want.metric];
  const metric: Metric =
    known(counts[unit.total]) && known(counts[unit.translated]) ? want.metric : "strings";
  const u = MEASURE_UNITS[metric];
  const progress: Progress =
    want.progress === "approved" && known(counts[u.approved]) ? "approved" : "translated";
  const fuzzy = counts[u.fuzzy];
  return {
    part: counts[progress === "approved" ? u.approved : u.translated],
    whole: counts[u.total],
    fuzzy: known(fuzzy) ? fuzzy : 0,
    used: { metric, progress },
  };
}

/** The exact percent by a measure; undefined with nothing to count. */
export function percentBy(counts: Counts, want: Measure): number | undefined {
  const m = measure(counts, want);
  return m.whole > 0 ? (m.part * 100) / m.whole : undefined;
}

/** "Most translated first" by a measure (model/counts.ts's scale: -0.5 nothing, -1 unusable). */
export function progressBy(counts: Counts | undefined, want: Measure): number {
  if (!counts) return progressKey(undefined);
  const m = measure(counts, want);
  return progressKey({ total: m.whole, translated: m.part });
}

/**
 * The measure every one of `all` allows, as close to `want` as they do: what two counts compared
 * (a run and the one before it) or summed step by step (a trend) are both counted by.
 */
export function commonMeasure(want: Measure, all: Iterable<Counts>): Measure {
  const list = [...all];
  let used = want;
  // Each fall back only lowers a dimension, so this settles within a few rounds.
  for (let round = 0; round < 4; round++) {
    const before = used;
    for (const c of list) used = measure(c, used).used;
    if (sameMeasure(before, used)) break;
  }
  return used;
}

/** The same measure: `used` is what was asked. */
export function sameMeasure(a: Measure, b: Measure): boolean {
  return a.metric === b.metric && a.progress === b.progress;
}

/** Words for a measure: "strings", "words", "characters"; "translated", "approved". */
export function measureWords(m: Measure): { unit: string; done: string } {
  return { unit: m.metric === "chars" ? "characters" : m.metric, done: m.progress };
}
