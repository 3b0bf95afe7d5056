import type { Config } from "../config/load-config.js";
import { crawlTranslations } from "../crawl/crawl-translations.js";
import type { Fetched } from "../crawl/fetched.js";
import { HttpClient, type ClientStats } from "../crawl/http-client.js";
import type { Shard } from "../model/shard.js";
import { SITE_PROBLEM_PATH } from "../render/model/site-model.js";
import { compareTriples, WILDCARD } from "../config/triple.js";
import {
  countEntries,
  toSnapshot,
  type Snapshot,
  type SnapshotCounts,
  type SnapshotEntry,
  type SnapshotHeader,
  type SnapshotMeta,
} from "../snapshot/snapshot.js";
import { sanitizeText } from "../text/sanitize.js";
import { toEntry } from "./to-entry.js";
import { planCarry, wholeProjectsOf, type CarryPlan } from "./incremental.js";
import { PublishableClaims } from "../site/publishable.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";

export interface CrawlRunOptions {
  strict?: boolean;
  shard?: Shard;
  now?: () => Date;
  onProgress?: (settled: number, requests: number) => void;
  onRetry?: (url: string, attempt: number, delayMs: number, reason: string) => void;
  /**
   * The previous run's snapshot: projects whose statistics did not change are carried over
   * (incremental.ts).
   */
  previous?: SnapshotSource;
  /** The run's stop: the crawl sends no more requests once it is aborted. */
  signal?: AbortSignal;
}

/**
 * What a crawl tells its caller besides the snapshot: enough for the report, the summary and the
 * exit code.
 */
export interface CrawlOutcome {
  header: SnapshotHeader;
  counts: SnapshotCounts;
  stats: ClientStats;
  /** Whole run: fetching and validating (each record as it arrives). */
  seconds: number;
  /** Of which spent validating: CPU time that overlaps with requests still on the way. */
  validateSeconds: number;
  /**
   * The entries with warnings, errors or notes, or not ok, in snapshot order (records may be left
   * out).
   */
  problems(): Iterable<SnapshotEntry>;
}

/** A crawl held in memory: the whole snapshot. */
export interface CrawlRun extends CrawlOutcome {
  snapshot: Snapshot;
}

/** What the crawl itself gives: its entries went to `add`. */
export interface CrawledEntries {
  stats: ClientStats;
  seconds: number;
  validateSeconds: number;
  meta: SnapshotMeta;
}

/**
 * Crawl and validate: the configured triples in, a snapshot out. Per-record problems live in the
 * entries.
 */
export async function crawlToSnapshot(
  config: Config,
  options: CrawlRunOptions = {},
): Promise<CrawlRun> {
  const entries: SnapshotEntry[] = [];
  const crawled = await crawlEntries(config, options, (entry) => entries.push(entry));
  const claims = new PublishableClaims();
  const marked = [...entries]
    .sort(compareTriples)
    .map((entry) => unpublishable(entry, claims.claim(entry)) ?? entry);
  const snapshot = toSnapshot(marked, crawled.meta);
  const { translations, ...header } = snapshot;
  const { stats, seconds, validateSeconds } = crawled;
  return {
    snapshot,
    header,
    counts: countEntries(translations),
    stats,
    seconds,
    validateSeconds,
    problems: () => translations.filter(hasProblems),
  };
}

export const hasProblems = (e: SnapshotEntry): boolean =>
  e.status !== "ok" || e.errors.length > 0 || e.warnings.length > 0 || e.notes.length > 0;

/**
 * Crawls, handing each entry to `add` as soon as it is validated (the carried projects' entries
 * first); the caller keeps them (crawlToSnapshot) or spools them (spooled-run.ts).
 */
export async function crawlEntries(
  config: Config,
  options: CrawlRunOptions,
  add: (entry: SnapshotEntry) => void,
): Promise<CrawledEntries> {
  const started = performance.now();
  const client = new HttpClient({
    ...config.crawl,
    baseUrl: config.baseUrl,
    token: config.token,
    onRetry: options.onRetry,
    signal: options.signal,
  });
  let validating = 0;
  const validate = (fetched: Fetched) => {
    const t = performance.now();
    add(toEntry(fetched, { baseUrl: config.baseUrl, strict: options.strict }));
    validating += performance.now() - t;
  };
  let carry: CarryPlan | undefined;
  try {
    if (options.previous && !options.shard)
      carry = await planCarry(client, config.baseUrl, config.translations, options.previous);
    // Read again, streamed: only the carried projects' entries are handed on.
    if (carry && carry.carried.size > 0)
      for (const e of options.previous!.entries()) if (carry.carried.has(e.project)) add(e);
    // A probe that failed is the project's failure: its previous entries are carried as stale.
    for (const [project, error] of carry?.failed ?? [])
      validate({ triple: { project, component: WILDCARD, language: WILDCARD }, error });
    if (!carry || carry.triples.length > 0) {
      await crawlTranslations(
        client,
        {
          baseUrl: config.baseUrl,
          translations: carry?.triples ?? config.translations,
          pageSize: config.crawl.pageSize,
          shard: options.shard,
          onProgress: (settled) => options.onProgress?.(settled, client.stats.requests),
        },
        validate,
      );
    }
  } finally {
    await client.close();
  }
  // Each project tracked whole: from when its next probe asks for changes (the server's clock).
  const changesSince: Record<string, string> = {};
  if (!options.shard)
    for (const project of wholeProjectsOf(config.translations)) {
      const since = carry?.changesSince[project] ?? client.firstServerDate;
      if (since !== undefined) changesSince[project] = since;
    }
  const meta: SnapshotMeta = {
    fetchedAt: carry?.fetchedAt,
    changesSince,
    baseUrl: config.baseUrl,
    triples: config.translations,
    now: (options.now ?? (() => new Date()))(),
    shard: options.shard,
  };
  return {
    stats: { ...client.stats },
    seconds: (performance.now() - started) / 1000,
    validateSeconds: validating / 1000,
    meta,
  };
}

/**
 * Entries whose names collide with the site's own files or with each other's (a language code
 * `index.html`, a component path that is another's translation) are invalid: the site is written
 * without them, and the snapshot and the exit code say so. Render finds the same in the same order.
 * Returns the entry as it then is, or undefined when it can be published (`clash` undefined).
 */
export function unpublishable(
  entry: SnapshotEntry,
  clash: string | undefined,
): SnapshotEntry | undefined {
  if (!clash) return undefined;
  const { record: _record, ...rest } = entry;
  return {
    ...rest,
    status: "invalid",
    errors: [...entry.errors, { path: SITE_PROBLEM_PATH, message: sanitizeText(clash) }],
  };
}
