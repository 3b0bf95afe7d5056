// "Did you mean" for a name that is not there: a config key, a project or component slug, a
// language code. The same name in another case (`pt_br` for `pt_BR`) comes first, then the names
// within a small edit distance (letters swapped, one missing or added or changed), closest first.

/**
 * The candidates that `word` is most likely a misspelling of, best first (at most `max`): equal
 * but for case or for `-`/`_`, else within an edit distance of a third of its length (at least 1,
 * at most 3). Empty when none is close.
 */
export function closestNames(word: string, candidates: Iterable<string>, max = 3): string[] {
  const folded = fold(word);
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  const scored: { name: string; score: number }[] = [];
  for (const name of new Set(candidates)) {
    if (name === word) continue;
    if (fold(name) === folded) {
      scored.push({ name, score: 0 });
      continue;
    }
    if (Math.abs(name.length - word.length) > limit) continue;
    const distance = editDistance(word.toLowerCase(), name.toLowerCase(), limit);
    if (distance <= limit) scored.push({ name, score: distance });
  }
  return scored
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, max)
    .map((s) => s.name);
}

/** ` (did you mean "a" or "b"?)`-style text for a list of names; "" for none. */
export function didYouMean(names: readonly string[]): string {
  if (names.length === 0) return "";
  const quoted = names.map((n) => `"${n}"`);
  const last = quoted.pop();
  return `did you mean ${quoted.length > 0 ? `${quoted.join(", ")} or ${last}` : last}?`;
}

/** Case and the `-`/`_` spelling of language codes and slugs set aside. */
function fold(name: string): string {
  return name.toLowerCase().replace(/-/g, "_");
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps), giving
 * up past `limit` (then any value above it).
 */
function editDistance(a: string, b: string, limit: number): number {
  const at = (row: readonly number[], k: number) => row[k] ?? 0;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(previous, j) + 1, at(current, j - 1) + 1, at(previous, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, at(before, j - 2) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return at(previous, b.length);
}
