import type { Problem } from "../snapshot/schema.js";

/**
 * Deepest nesting a record may have: Weblate's records go 3 levels deep; JSON.stringify overflows
 * the stack near 5,000.
 */
export const MAX_RECORD_DEPTH = 64;
/**
 * Most characters (keys and strings) a record may hold: Weblate's take 2-5 thousand. A record is
 * copied into the snapshot and the site.
 */
const MAX_RECORD_CHARS = 100_000;

/** Why a record is too deep or too large to keep, or undefined. */
export function recordLimitProblem(record: object): Problem | undefined {
  const seen = { depth: 0, chars: 0 };
  measureNested(record, 1, seen);
  if (seen.depth > MAX_RECORD_DEPTH)
    return {
      path: "(body)",
      message:
        `expected a record nested at most ${MAX_RECORD_DEPTH} levels deep, found one ` +
        `nested deeper`,
    };
  if (seen.chars > MAX_RECORD_CHARS)
    return {
      path: "(body)",
      message: `expected a record of at most ${MAX_RECORD_CHARS} characters, found a larger one`,
    };
  return undefined;
}

/** How deep objects nest in `value` (itself at `level`), and the characters of keys and strings. */
function measureNested(
  value: unknown,
  level: number,
  seen: { depth: number; chars: number },
): void {
  if (typeof value === "string") seen.chars += value.length;
  else if (value === null || typeof value !== "object") seen.chars += 1;
  else {
    seen.depth = Math.max(seen.depth, level);
    // Past a limit nothing deeper is walked: a hostile record may nest deeper than the stack.
    if (seen.depth > MAX_RECORD_DEPTH || seen.chars > MAX_RECORD_CHARS) return;
    // Own keys only (a "__proto__" key from JSON.parse is one).
    if (Array.isArray(value)) for (const item of value) measureNested(item, level + 1, seen);
    else
      for (const key of Object.keys(value)) {
        seen.chars += key.length;
        measureNested(Reflect.get(value, key), level + 1, seen);
      }
  }
}
