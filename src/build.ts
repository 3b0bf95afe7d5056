import type { Config } from "./config/load-config.js";
import { crawlTranslations } from "./crawl/crawl-translations.js";
import type { Fetched } from "./crawl/fetched.js";
import { HttpClient, type ClientStats } from "./crawl/http-client.js";
import type { Shard } from "./model/shard.js";
import { SiteClaims } from "./render/site-claims.js";
import { SITE_PROBLEM_PATH } from "./render/site-model.js";
import { compareTriples } from "./config/triple.js";
import { toSnapshot, type Snapshot, type SnapshotEntry } from "./snapshot/snapshot.js";
import { sanitizeText } from "./text/sanitize.js";
import { toEntry } from "./to-entry.js";

export interface CrawlRunOptions {
  strict?: boolean;
  shard?: Shard;
  now?: () => Date;
  onProgress?: (settled: number, requests: number) => void;
  onRetry?: (url: string, attempt: number, delayMs: number, reason: string) => void;
}

export interface CrawlRun {
  snapshot: Snapshot;
  stats: ClientStats;
  /** Whole run: fetching and validating (each record as it arrives). */
  seconds: number;
  /** Of which spent validating: CPU time that overlaps with requests still on the way. */
  validateSeconds: number;
}

/** Crawl and validate: the configured triples in, a snapshot out. Per-record problems live in the entries. */
export async function crawlToSnapshot(config: Config, options: CrawlRunOptions = {}): Promise<CrawlRun> {
  const started = performance.now();
  const client = new HttpClient({ ...config.crawl, baseUrl: config.baseUrl, token: config.token, onRetry: options.onRetry });
  let validating = 0;
  const validate = (fetched: Fetched) => {
    const t = performance.now();
    const entry = toEntry(fetched, { baseUrl: config.baseUrl, strict: options.strict });
    validating += performance.now() - t;
    return entry;
  };
  let entries;
  try {
    entries = await crawlTranslations(client, {
      baseUrl: config.baseUrl,
      translations: config.translations,
      pageSize: config.crawl.pageSize,
      shard: options.shard,
      onProgress: (settled) => options.onProgress?.(settled, client.stats.requests),
    }, validate);
  } finally {
    await client.close();
  }
  const snapshot = toSnapshot(markUnpublishable(entries), {
    baseUrl: config.baseUrl,
    triples: config.translations,
    now: (options.now ?? (() => new Date()))(),
    shard: options.shard,
  });
  return { snapshot, stats: { ...client.stats }, seconds: (performance.now() - started) / 1000, validateSeconds: validating / 1000 };
}

/**
 * Entries whose names collide with the site's own files or with each other's (a language code
 * `index.html`, a component path that is another's translation) are invalid: the site is written
 * without them, and the snapshot and the exit code say so. Render finds the same in the same order.
 */
function markUnpublishable(entries: SnapshotEntry[]): SnapshotEntry[] {
  const claims = new SiteClaims();
  return [...entries].sort(compareTriples).map((entry) => {
    const clash = claims.claim(entry);
    if (!clash) return entry;
    const { record: _record, ...rest } = entry;
    return { ...rest, status: "invalid", errors: [...entry.errors, { path: SITE_PROBLEM_PATH, message: sanitizeText(clash) }] };
  });
}
