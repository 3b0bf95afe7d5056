import { crawlEntries, unpublishable, type CrawlOutcome, type CrawlRunOptions } from "./build.js";
import type { Config } from "../config/load-config.js";
import type { Triple } from "../config/triple.js";
import { PublishableClaims } from "../site/publishable.js";
import { toSnapshot, type SnapshotEntry } from "../snapshot/snapshot.js";
import { SnapshotSpool } from "../snapshot/spool.js";

// The crawl of `crawl` and `build` at any size: each entry goes to the spool (snapshot/spool.ts)
// the moment it is validated, and memory keeps a few bytes per translation (its line, names and
// status), never the entry. The summary's counts come from those bytes; the report reads back
// the entries that have something to report, one at a time.

/** A crawl whose entries wait in a spool beside the snapshot file, until `write` or `discard`. */
export interface SpooledRun extends CrawlOutcome {
  /**
   * Gives each entry that is not ok, in snapshot order, to `change`; an entry it returns replaces
   * it (of the same triple). Returns how many were replaced. Used by build's last known good data.
   */
  update(change: (entry: SnapshotEntry) => SnapshotEntry | undefined): number;
  /**
   * The triples of the entries that are not ok (those `update` gives), from the index: no entry is
   * read.
   */
  unusable(): Iterable<Triple>;
  /** Writes the snapshot file (atomically) and removes the spool. */
  write(): void;
  /** Removes the spool; nothing is written. */
  discard(): void;
}

/**
 * Crawl and validate into `file`'s spool: the same snapshot as crawlToSnapshot, written by
 * `write`. `shown`: what an error writing it names (build: the site), else the file.
 */
export async function crawlToSpool(
  config: Config,
  file: string,
  options: CrawlRunOptions & { shown?: string } = {},
): Promise<SpooledRun> {
  const spool = await SnapshotSpool.open(file, options.shown);
  try {
    const crawled = await crawlEntries(config, options, (entry) => void spool.add(entry));
    const order = spool.sorted();
    const claims = new PublishableClaims();
    for (const n of order) {
      const clash = claims.claim(spool.triple(n));
      if (clash) spool.replace(n, unpublishable(spool.entry(n), clash)!);
    }
    const { translations: _none, ...header } = toSnapshot([], crawled.meta);
    const { stats, seconds, validateSeconds } = crawled;
    let counts = spool.counts();
    return {
      header,
      get counts() {
        return counts;
      },
      stats,
      seconds,
      validateSeconds,
      *problems() {
        for (const n of order) if (spool.hasProblems(n)) yield spool.problems(n);
      },
      *unusable() {
        for (const n of order) if (!spool.isOk(n)) yield spool.triple(n);
      },
      update(change) {
        let changed = 0;
        for (const n of order) {
          if (spool.isOk(n)) continue;
          const after = change(spool.entry(n));
          if (after === undefined) continue;
          spool.replace(n, after);
          changed += 1;
        }
        counts = spool.counts();
        return changed;
      },
      write() {
        try {
          spool.write(header, order);
        } finally {
          spool.close();
        }
      },
      discard: () => spool.close(),
    };
  } catch (error) {
    spool.close();
    throw error;
  }
}
