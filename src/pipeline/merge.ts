import { setImmediate } from "node:timers/promises";
import { mergeEntries, mergeHeaders, withSiteClaims } from "../snapshot/merge-snapshots.js";
import { withPlainSnapshot } from "../snapshot/packed-snapshot.js";
import { openSnapshot, type SnapshotSource } from "../snapshot/read-snapshot.js";
import {
  countEntry,
  emptySnapshotCounts,
  summarizeEntry,
  type SnapshotCounts,
} from "../snapshot/snapshot.js";
import { SnapshotWriter } from "../snapshot/snapshot-writer.js";

// `merge`: the shard snapshots of one config joined into one file, in memory that does not grow
// with the instance. Each shard is streamed (a compressed one unpacked to a temporary file first),
// the headers checked before any entry is read, the entries merged as the shards are sorted, and
// the result written as the entries come (snapshot-writer.ts). A shard that turns out unusable
// half-way (cut short, an entry that is not one) stops the merge; the target is left as it was.
// The site's claims are made again over the joined entries (withSiteClaims).

/** How many entries are merged between two looks at the signal. */
const ENTRIES_PER_TURN = 4096;

/** The joined snapshot's counts, for the summary line and the exit code. */
export interface MergeResult {
  counts: SnapshotCounts;
}

/** Joins the shard snapshots `files` into `target`. */
export async function mergeSnapshotFiles(
  files: readonly string[],
  target: string,
  options: { signal?: AbortSignal } = {},
): Promise<MergeResult> {
  return withPlainFiles(files, async (plain) => {
    const sources = plain.map((file) => ({ file, source: openSnapshot(file) }));
    return mergeSources(sources, target, options.signal);
  });
}

/** Runs `use` on the files as plain files (each compressed one unpacked while `use` runs). */
async function withPlainFiles<T>(
  files: readonly string[],
  use: (plain: string[]) => Promise<T>,
  done: string[] = [],
): Promise<T> {
  const [file, ...rest] = files;
  if (file === undefined) return use(done);
  return withPlainSnapshot(file, (plain) => withPlainFiles(rest, use, [...done, plain]));
}

async function mergeSources(
  sources: { file: string; source: SnapshotSource }[],
  target: string,
  signal: AbortSignal | undefined,
): Promise<MergeResult> {
  const header = mergeHeaders(sources.map(({ file, source }) => ({ file, header: source.header })));
  const counts = emptySnapshotCounts();
  const writer = await SnapshotWriter.open(target);
  try {
    const entries = mergeEntries(
      sources.map(({ file, source }) => ({ file, entries: source.entries() })),
    );
    for (const entry of withSiteClaims(entries)) {
      writer.add(entry);
      countEntry(counts, summarizeEntry(entry));
      if (counts.total % ENTRIES_PER_TURN === 0) {
        // A signal's handler runs between turns: the merge stops and its files are removed.
        await setImmediate();
        signal?.throwIfAborted();
      }
    }
    signal?.throwIfAborted();
    writer.finish(header);
  } finally {
    writer.close();
  }
  return { counts };
}
