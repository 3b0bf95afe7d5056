import { mergeEntries, mergeHeaders, withSiteClaims } from "../../src/snapshot/merge-snapshots.js";
import type { Snapshot } from "../../src/snapshot/schema.js";

/**
 * Joins shard snapshots held in memory (crawled in-process): the same checks and the same result
 * as the `merge` command's streamed join of the files (pipeline/merge.ts), from its parts.
 */
export function mergeSnapshots(parts: readonly { file: string; snapshot: Snapshot }[]): Snapshot {
  const header = mergeHeaders(
    parts.map(({ file, snapshot: { translations: _entries, ...header } }) => ({ file, header })),
  );
  const entries = mergeEntries(
    parts.map(({ file, snapshot }) => ({ file, entries: snapshot.translations })),
  );
  return { ...header, translations: [...withSiteClaims(entries)] };
}
