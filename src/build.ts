import type { Config } from "./config/load-config.js";
import { crawlTranslations } from "./crawl/crawl-translations.js";
import type { Fetched } from "./crawl/fetched.js";
import { HttpClient, type ClientStats } from "./crawl/http-client.js";
import type { Shard } from "./model/shard.js";
import { claimOfTriple, SiteClaims } from "./render/site-claims.js";
import { SITE_PROBLEM_PATH } from "./render/site-model.js";
import { compareTriples } from "./config/triple.js";
import { toSnapshot, type Snapshot, type SnapshotEntry } from "./snapshot/snapshot.js";
import { sanitizeText } from "./text/sanitize.js";
import { toEntry } from "./to-entry.js";
import { planCarry, type CarryPlan } from "./incremental.js";
import { SnapshotSpool } from "./snapshot/spool.js";
import type { SnapshotSource } from "./snapshot/read-snapshot.js";

export interface CrawlRunOptions {
  strict?: boolean;
  shard?: Shard;
  now?: () => Date;
  onProgress?: (settled: number, requests: number) => void;
  onRetry?: (url: string, attempt: number, delayMs: number, reason: string) => void;
  /** The previous run's snapshot: projects whose statistics did not change are carried over (incremental.ts). */
  previous?: SnapshotSource;
  /**
   * The snapshot file to write: records go to a spool next to it as they are validated
   * (snapshot/spool.ts), so memory holds no record; `run.spooled.write()` writes the file.
   */
  spoolTo?: string;
}

export interface CrawlRun {
  snapshot: Snapshot;
  stats: ClientStats;
  /** Whole run: fetching and validating (each record as it arrives). */
  seconds: number;
  /** Of which spent validating: CPU time that overlaps with requests still on the way. */
  validateSeconds: number;
  /**
   * With `spoolTo`: the snapshot's entries are without their records (they are in the spool), and
   * `write` writes the whole snapshot to the file; `discard` drops the spool without writing.
   */
  spooled?: { write(): void; discard(): void };
}

/** Crawl and validate: the configured triples in, a snapshot out. Per-record problems live in the entries. */
export async function crawlToSnapshot(config: Config, options: CrawlRunOptions = {}): Promise<CrawlRun> {
  const started = performance.now();
  const client = new HttpClient({ ...config.crawl, baseUrl: config.baseUrl, token: config.token, onRetry: options.onRetry });
  let validating = 0;
  const spool = options.spoolTo ? await SnapshotSpool.open(options.spoolTo) : undefined;
  const spooled = new WeakMap<SnapshotEntry, number>();
  /** The entry as the run keeps it: whole, or without its record once that is in the spool. */
  const keep = (entry: SnapshotEntry): SnapshotEntry => {
    if (!spool) return entry;
    const { record: _record, carried: _carried, ...light } = entry;
    spooled.set(light, spool.add(entry));
    return light;
  };
  const validate = (fetched: Fetched) => {
    const t = performance.now();
    const entry = keep(toEntry(fetched, { baseUrl: config.baseUrl, strict: options.strict }));
    validating += performance.now() - t;
    return entry;
  };
  let entries;
  let carry: CarryPlan | undefined;
  const carriedEntries: SnapshotEntry[] = [];
  try {
    if (options.previous && !options.shard) carry = await planCarry(client, config.baseUrl, config.translations, options.previous);
    // Read again, streamed: only the carried projects' entries are kept (spooled, when spooling).
    if (carry && carry.carried.size > 0) for (const e of options.previous!.entries()) if (carry.carried.has(e.project)) carriedEntries.push(keep(e));
    entries = carry && carry.triples.length === 0 ? [] : await crawlTranslations(client, {
      baseUrl: config.baseUrl,
      translations: carry?.triples ?? config.translations,
      pageSize: config.crawl.pageSize,
      shard: options.shard,
      onProgress: (settled) => options.onProgress?.(settled, client.stats.requests),
    }, validate);
  } catch (error) {
    spool?.close();
    throw error;
  } finally {
    await client.close();
  }
  const marked = markUnpublishable([...entries, ...carriedEntries], (before, after) => {
    const n = spooled.get(before);
    if (spool && n !== undefined) {
      spooled.set(after, n);
      spool.replace(n, after);
    }
  });
  const snapshot = toSnapshot(marked, {
    fetchedAt: carry?.fetchedAt,
    baseUrl: config.baseUrl,
    triples: config.translations,
    now: (options.now ?? (() => new Date()))(),
    shard: options.shard,
  });
  const run: CrawlRun = { snapshot, stats: { ...client.stats }, seconds: (performance.now() - started) / 1000, validateSeconds: validating / 1000 };
  if (spool) {
    const { translations, ...header } = snapshot;
    const order = translations.map((e) => spooled.get(e)!);
    run.spooled = {
      write: () => {
        try {
          spool.write(header, order);
        } finally {
          spool.close();
        }
      },
      discard: () => spool.close(),
    };
  }
  return run;
}

/**
 * Entries whose names collide with the site's own files or with each other's (a language code
 * `index.html`, a component path that is another's translation) are invalid: the site is written
 * without them, and the snapshot and the exit code say so. Render finds the same in the same order.
 */
function markUnpublishable(entries: SnapshotEntry[], changed: (before: SnapshotEntry, after: SnapshotEntry) => void): SnapshotEntry[] {
  const sorted = [...entries].sort(compareTriples);
  const claims = new SiteClaims((token) => claimOfTriple(sorted[token]!));
  return sorted.map((entry, token) => {
    const clash = claims.claim(entry, token);
    if (!clash) return entry;
    const { record: _record, ...rest } = entry;
    const after: SnapshotEntry = { ...rest, status: "invalid", errors: [...entry.errors, { path: SITE_PROBLEM_PATH, message: sanitizeText(clash) }] };
    changed(entry, after);
    return after;
  });
}
