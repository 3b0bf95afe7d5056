// A translation's counts: the one shape of them, for a record's numbers (weblate/record-view.ts),
// a history point's (history/history.ts keeps some of them), and the sums the pages show; and the
// one order of "most translated first".

/** What Weblate counts of a translation (or sums over several), in strings and in words. */
export interface Counts {
  total: number;
  translated: number;
  fuzzy: number;
  failingChecks: number;
  suggestions: number;
  comments: number;
  totalWords: number;
  translatedWords: number;
  fuzzyWords: number;
  failingChecksWords: number;
  /**
   * Characters, and approved strings, words and characters (approved and read-only, as Weblate
   * counts "approved"), which servers give only in their statistics (entry.statistics): NaN where
   * the server did not give them, or (approved) where the project has no review workflow. A sum
   * with an unknown member is unknown, so a page never mixes units: it falls back
   * (model/measure.ts).
   */
  totalChars: number;
  translatedChars: number;
  fuzzyChars: number;
  approved: number;
  approvedWords: number;
  approvedChars: number;
}

/** Counts of nothing, where sums start; or every count `fill` (NaN: none known). */
export function emptyCounts(fill = 0): Counts {
  return {
    total: fill,
    translated: fill,
    fuzzy: fill,
    failingChecks: fill,
    suggestions: fill,
    comments: fill,
    totalWords: fill,
    translatedWords: fill,
    fuzzyWords: fill,
    failingChecksWords: fill,
    totalChars: fill,
    translatedChars: fill,
    fuzzyChars: fill,
    approved: fill,
    approvedWords: fill,
    approvedChars: fill,
  };
}

/**
 * Adds `counts` (when there are any) into `into`; returns `into`. Key by key by name, not in a
 * loop over the keys: the sums of a million rows, a dozen times a render.
 */
export function addCounts(into: Counts, counts: Counts | undefined): Counts {
  if (!counts) return into;
  into.total += counts.total;
  into.translated += counts.translated;
  into.fuzzy += counts.fuzzy;
  into.failingChecks += counts.failingChecks;
  into.suggestions += counts.suggestions;
  into.comments += counts.comments;
  into.totalWords += counts.totalWords;
  into.translatedWords += counts.translatedWords;
  into.fuzzyWords += counts.fuzzyWords;
  into.failingChecksWords += counts.failingChecksWords;
  into.totalChars += counts.totalChars;
  into.translatedChars += counts.translatedChars;
  into.fuzzyChars += counts.fuzzyChars;
  into.approved += counts.approved;
  into.approvedWords += counts.approvedWords;
  into.approvedChars += counts.approvedChars;
  return into;
}

/** The exact translated percent; undefined when there is nothing to translate. */
export function percentOf(counts: Pick<Counts, "total" | "translated">): number | undefined {
  return counts.total > 0 ? (counts.translated * 100) / counts.total : undefined;
}

/**
 * What "most translated first" sorts by: the exact translated percent, -0.5 with no strings, -1
 * when there are no counts (a translation that could not be used).
 */
export function progressKey(counts: Pick<Counts, "total" | "translated"> | undefined): number {
  if (!counts) return -1;
  return percentOf(counts) ?? -0.5;
}

/**
 * A copy of `items`, most translated first: by `progress` (highest first, progressKey's scale),
 * ties by `name` in code-unit order, or in `compare`'s (a page's locale's: Intl.Collator).
 */
export function byProgress<T>(
  items: Iterable<T>,
  progress: (item: T) => number,
  name: (item: T) => string,
  compare: (a: string, b: string) => number = compareText,
): T[] {
  return [...items]
    .map((item) => ({ item, key: progress(item), name: name(item) }))
    .sort((a, b) => b.key - a.key || compare(a.name, b.name))
    .map((x) => x.item);
}

/** Code-unit order, as the snapshot sorts its names. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
