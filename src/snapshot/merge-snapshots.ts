import { compareTriples, tripleKey } from "../config/triple.js";
import { OutputError } from "../model/errors.js";
import type { Snapshot } from "./schema.js";

/**
 * Joins the shard snapshots of one crawl. Refuses shards of different configs, overlapping
 * entries, a shard given twice, and an incomplete set of shards.
 */
export function mergeSnapshots(parts: readonly { file: string; snapshot: Snapshot }[]): Snapshot {
  const [first] = parts;
  if (!first) throw new OutputError("merge: no snapshots given");
  const count = first.snapshot.shard?.count ?? 1;
  const seenShards = new Map<number, string>();
  const owners = new Map<string, string>();
  for (const { file, snapshot } of parts) {
    if (
      snapshot.source.configHash !== first.snapshot.source.configHash ||
      snapshot.source.baseUrl !== first.snapshot.source.baseUrl
    ) {
      throw new OutputError(
        `merge: ${file} comes from another config than ${first.file} (server or translations ` +
          `differ); crawl every shard with the same config`,
      );
    }
    const shard = snapshot.shard ?? { index: 1, count: 1 };
    if (shard.count !== count)
      throw new OutputError(
        `merge: ${file} is shard ${shard.index}/${shard.count}, but ${first.file} is one of ` +
          `${count}`,
      );
    const twice = seenShards.get(shard.index);
    if (twice)
      throw new OutputError(`merge: ${file} and ${twice} are both shard ${shard.index}/${count}`);
    seenShards.set(shard.index, file);
    for (const entry of snapshot.translations) {
      const key = tripleKey(entry);
      const owner = owners.get(key);
      // One file may hold a key twice (a list with several unusable items gives one "p/c/*" entry
      // each): only a key in two files is an overlap.
      if (owner !== undefined && owner !== file)
        throw new OutputError(
          `merge: ${key} is in both ${owner} and ${file}; shards must not overlap`,
        );
      owners.set(key, file);
    }
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seenShards.has(i));
  if (missing.length > 0)
    throw new OutputError(
      `merge: shard${missing.length > 1 ? "s" : ""} ${missing.join(", ")} of ${count} missing; ` +
        `pass every shard's snapshot`,
    );
  // The latest shard's time (ISO times sort as text; `first` is one of the parts).
  let generatedAt = first.snapshot.generatedAt;
  for (const part of parts)
    if (part.snapshot.generatedAt > generatedAt) generatedAt = part.snapshot.generatedAt;
  const { shard: _shard, ...rest } = first.snapshot;
  return {
    ...rest,
    generatedAt,
    translations: parts.flatMap((p) => p.snapshot.translations).sort(compareTriples),
  };
}
