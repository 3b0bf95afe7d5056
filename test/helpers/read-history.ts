import type { History } from "../../src/history/history.js";
import { openHistory } from "../../src/history/history-parts.js";

/**
 * A history from its parsed index and `parts` (by project), held in memory, read as a site's is
 * (openHistory). What is not a translation's (or not the part's project's) is dropped with a
 * warning.
 */
export function readHistory(
  json: unknown,
  where: string,
  warnings: string[] = [],
  parts: ReadonlyMap<string, unknown> = new Map(),
): History {
  const reading = openHistory(json, where);
  for (const ref of reading.refs) {
    const got = parts.get(ref.project);
    if (got !== undefined) reading.add(ref, got);
  }
  return reading.finish(warnings);
}
