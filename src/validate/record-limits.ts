import type { Problem } from "./problem.js";
import { must } from "../model/must.js";
import { field } from "../model/json.js";

/**
 * Deepest nesting a record may have: Weblate's records go 3 levels deep; JSON.stringify overflows
 * the stack near 5,000.
 */
export const MAX_RECORD_DEPTH = 64;
/**
 * Most characters (keys and strings) a record may hold: Weblate's take 2-5 thousand. A record is
 * copied into the snapshot and the site.
 */
export const MAX_RECORD_CHARS = 100_000;

interface Measure {
  depth: number;
  chars: number;
}

// The records of one component's list share one component object: it is measured once.
const measured = new WeakMap<object, Measure>();

/**
 * Why a record is too deep or too large to keep, or undefined. Walks the value without recursion
 * (a hostile record could be nested deeper than the stack) and stops as soon as a limit is passed.
 */
export function recordLimitProblem(record: object): Problem | undefined {
  rememberMeasure(field(record, "component"));
  const { depth, chars } = measure(record, 1);
  if (depth > MAX_RECORD_DEPTH)
    return {
      path: "(body)",
      message:
        `expected a record nested at most ${MAX_RECORD_DEPTH} levels deep, found one ` +
        `nested deeper`,
    };
  if (chars > MAX_RECORD_CHARS)
    return {
      path: "(body)",
      message: `expected a record of at most ${MAX_RECORD_CHARS} characters, found a larger one`,
    };
  return undefined;
}

function measure(root: object, rootDepth: number): Measure {
  let maxDepth = rootDepth;
  let chars = 0;
  // Two stacks instead of pairs, and leaves counted where they are met: most of a record is leaves.
  const values: object[] = [root];
  const depths: number[] = [rootDepth];
  const child = (value: unknown, depth: number) => {
    if (typeof value === "string") chars += value.length;
    else if (value !== null && typeof value === "object") {
      const known = measured.get(value);
      if (known) {
        maxDepth = Math.max(maxDepth, depth - 1 + known.depth);
        chars += known.chars;
      } else {
        values.push(value);
        depths.push(depth);
      }
    } else chars += 1;
  };
  while (values.length > 0) {
    const value = must(values.pop());
    const depth = must(depths.pop());
    if (depth > maxDepth) maxDepth = depth;
    if (Array.isArray(value)) {
      for (const item of value) child(item, depth + 1);
    } else {
      // Own keys only (a "__proto__" key from JSON.parse is one), and faster than for...in.
      for (const key of Object.keys(value)) {
        chars += key.length;
        child(Reflect.get(value, key), depth + 1);
      }
    }
    if (maxDepth > MAX_RECORD_DEPTH || chars > MAX_RECORD_CHARS) break;
  }
  return { depth: maxDepth, chars };
}

/**
 * Measures the shared component object of a list's records once, so each record's walk reuses it.
 */
function rememberMeasure(value: unknown): void {
  if (value === null || typeof value !== "object" || measured.has(value)) return;
  measured.set(value, measure(value, 1));
}
