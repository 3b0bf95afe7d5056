import { crawlEntries, unpublishable, type CrawlOutcome, type CrawlRunOptions } from "./build.js";
import type { Config } from "../config/load-config.js";
import { WILDCARD, type Triple } from "../config/triple.js";
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
  /** Every entry's triple and whether it is ok, in snapshot order, from the index. */
  triples(): Iterable<{ triple: Triple; ok: boolean }>;
  /** The wildcard entries that are not ok (failed scopes), read back: a few. */
  failedScopes(): SnapshotEntry[];
  /**
   * Adds entries of triples the run does not have (the last known good data of failed scopes),
   * marking those whose files would collide as the crawl's are. Returns how many were added.
   */
  add(entries: Iterable<SnapshotEntry>): number;
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
    let order = spool.sorted();
    // Entries already marked as unpublishable: a later pass (after `add`) leaves them as they are.
    const marked = new Set<number>();
    const claim = () => {
      const claims = new PublishableClaims();
      for (const n of order) {
        const clash = claims.claim(spool.triple(n));
        if (!clash || marked.has(n)) continue;
        spool.replace(n, unpublishable(spool.entry(n), clash)!);
        marked.add(n);
      }
    };
    claim();
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
      *triples() {
        for (const n of order) yield { triple: spool.triple(n), ok: spool.isOk(n) };
      },
      failedScopes() {
        const scopes: SnapshotEntry[] = [];
        for (const n of order) {
          const t = spool.triple(n);
          if (!spool.isOk(n) && (t.component === WILDCARD || t.language === WILDCARD))
            scopes.push(spool.entry(n));
        }
        return scopes;
      },
      add(entries) {
        let added = 0;
        for (const entry of entries) {
          spool.add(entry);
          added += 1;
        }
        if (added > 0) {
          order = spool.sorted();
          claim();
          counts = spool.counts();
        }
        return added;
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
