import { compareTriples, tripleKey } from "../config/triple.js";
import { OutputError } from "../model/errors.js";
import { must } from "../model/must.js";
import { PublishableClaims, unpublishable } from "../site/publishable.js";
import type { SnapshotEntry, SnapshotHeader } from "./schema.js";

// Joining the shard snapshots of one crawl without holding them: the headers are checked first
// (one config, one shard count, every shard once), then the entries come as a k-way merge of the
// shards' own orders. `crawl` writes each shard sorted by project, component, language, so the
// merge holds one entry per shard; an overlap (a translation in two shards) is found where the two
// meet, as neighbours.

/** A shard's header, and the file it came from (for the messages). */
export interface ShardHeader {
  file: string;
  header: SnapshotHeader;
}

/** A shard's entries in the file's order, and the file. */
export interface ShardEntries {
  file: string;
  entries: Iterable<SnapshotEntry>;
}

/**
 * The header of the joined snapshot: the first shard's, without its `shard`, at the latest
 * shard's time. Refuses shards of different configs or servers, a shard count that differs, a
 * shard given twice, and an incomplete set of shards.
 */
export function mergeHeaders(parts: readonly ShardHeader[]): SnapshotHeader {
  const [first] = parts;
  if (!first) throw new OutputError("merge: no snapshots given");
  const count = first.header.shard?.count ?? 1;
  const seenShards = new Map<number, string>();
  for (const { file, header } of parts) {
    if (
      header.source.configHash !== first.header.source.configHash ||
      header.source.baseUrl !== first.header.source.baseUrl
    ) {
      throw new OutputError(
        `merge: ${file} comes from another config than ${first.file} (server or translations ` +
          `differ); crawl every shard with the same config`,
      );
    }
    const shard = header.shard ?? { index: 1, count: 1 };
    if (shard.count !== count)
      throw new OutputError(
        `merge: ${file} is shard ${shard.index}/${shard.count}, but ${first.file} is one of ` +
          `${count}`,
      );
    const twice = seenShards.get(shard.index);
    if (twice)
      throw new OutputError(`merge: ${file} and ${twice} are both shard ${shard.index}/${count}`);
    seenShards.set(shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seenShards.has(i));
  if (missing.length > 0)
    throw new OutputError(
      `merge: shard${missing.length > 1 ? "s" : ""} ${missing.join(", ")} of ${count} missing; ` +
        `pass every shard's snapshot`,
    );
  // The latest shard's time (ISO times sort as text; `first` is one of the parts).
  let generatedAt = first.header.generatedAt;
  for (const { header } of parts)
    if (header.generatedAt > generatedAt) generatedAt = header.generatedAt;
  const { shard: _shard, ...rest } = first.header;
  return { ...rest, generatedAt };
}

/** A shard being read: its next entry, and where it came from. */
interface Head {
  entry: SnapshotEntry;
  part: number;
  at: number;
  rest: Iterator<SnapshotEntry>;
}

/**
 * The shards' entries as one sorted sequence (a translation's entries in the order the shards were
 * given), holding one entry per shard. Refuses a shard that is not sorted and a translation in two
 * shards. One file may hold a key twice (a list with several unusable items gives one "p/c/*"
 * entry each): only a key in two files is an overlap. The least head is found by looking at each:
 * a config has a few shards, not thousands.
 */
export function* mergeEntries(parts: readonly ShardEntries[]): Generator<SnapshotEntry> {
  const fileOf = (head: Head) => parts[head.part]?.file ?? "a shard";
  const heads: Head[] = [];
  const next = (part: number, rest: Iterator<SnapshotEntry>, at: number, after?: Head): void => {
    const step = rest.next();
    if (step.done) return;
    if (after && compareTriples(step.value, after.entry) < 0)
      throw new OutputError(
        `merge: ${fileOf(after)} is not sorted (translation ${at + 1}, ` +
          `${tripleKey(step.value)}, comes after ${tripleKey(after.entry)}); merge joins the ` +
          `snapshots "crawl --shard" writes, as written`,
      );
    heads.push({ entry: step.value, part, at, rest });
  };
  parts.forEach((p, i) => {
    next(i, p.entries[Symbol.iterator](), 0);
  });
  let last: Head | undefined;
  while (heads.length > 0) {
    // The least by triple; of equal triples, the first shard given.
    let least = 0;
    heads.forEach((head, i) => {
      const order = compareTriples(head.entry, must(heads[least]).entry);
      if (order < 0 || (order === 0 && head.part < must(heads[least]).part)) least = i;
    });
    const top = must(heads.splice(least, 1)[0]);
    if (last !== undefined && compareTriples(last.entry, top.entry) === 0 && last.part !== top.part)
      throw new OutputError(
        `merge: ${tripleKey(top.entry)} is in both ${fileOf(last)} and ${fileOf(top)}; ` +
          "shards must not overlap",
      );
    yield top.entry;
    last = top;
    next(top.part, top.rest, top.at + 1, top);
  }
}

/**
 * The entries (sorted) with the site's claims made over them as the crawl makes them over its own
 * (site/publishable.ts): two translations of different shards that would take one file of the
 * site (a component inside a category named like another component's translation) are marked as
 * one crawl marks them. An entry its own shard marked so is marked the same way again.
 */
export function* withSiteClaims(entries: Iterable<SnapshotEntry>): Generator<SnapshotEntry> {
  const claims = new PublishableClaims();
  for (const entry of entries) {
    const clash = claims.claim(entry);
    yield clash ? unpublishable(entry, clash) : entry;
  }
}
