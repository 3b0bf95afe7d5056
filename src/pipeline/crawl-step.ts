import type { Config } from "../config/load-config.js";
import { crawlTranslations } from "../crawl/crawl-translations.js";
import type { Fetched } from "../crawl/fetched.js";
import { HttpClient, type ClientStats } from "../http/http-client.js";
import type { Shard } from "../model/shard.js";
import { PublishableClaims, unpublishable } from "../site/publishable.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import {
  toSnapshot,
  type SnapshotCounts,
  type SnapshotMeta,
  summarizeEntry,
} from "../snapshot/snapshot.js";
import type { Snapshot, SnapshotEntry, SnapshotHeader } from "../snapshot/schema.js";
import { carryPrevious, signalProjects, type CarriedWhole, type CarryPlan } from "./incremental.js";
import type { Triple } from "../config/triple.js";
import { toEntry } from "./to-entry.js";
import { SnapshotSpool } from "../snapshot/spool.js";
import type { CopyableSnapshot } from "../snapshot/snapshot-writer.js";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The crawl step: the configured triples in, each translation validated into an entry of a spool
// the moment it arrives (the carried projects' entries first), then the site's claims checked
// over the entries in snapshot order.

export interface CrawlRunOptions {
  strict?: boolean;
  shard?: Shard;
  now?: () => Date;
  onProgress?: (settled: number, requests: number) => void;
  /** Told, in words, when requests wait for the server's rate limit to reset. */
  onWait?: (line: string) => void;
  /**
   * The previous run's snapshot: projects whose statistics did not change are carried over
   * (incremental.ts).
   */
  previous?: SnapshotSource;
  /**
   * The previous run's snapshot (also with --full): a translation of it that a wildcard of the
   * whole server no longer lists is removed only once the server says so (crawl/confirm-removals).
   * Defaults to `previous`.
   */
  lastRun?: SnapshotSource;
  /** The run's stop: the crawl sends no more requests once it is aborted. */
  signal?: AbortSignal;
  /**
   * `crawl`: a previous snapshot carried over whole is not spooled but copied (SpooledCrawl.copy).
   */
  copy?: boolean;
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
   * out). Readable while the run's spool is open.
   */
  problems(): Iterable<SnapshotEntry>;
  /** What the crawl noted about the config's patterns (components a wildcard skipped). */
  notices: string[];
}

/** A crawl settled in a spool: its outcome, and its entries' numbers in snapshot order. */
export interface SpooledCrawl extends CrawlOutcome {
  order: Uint32Array;
  /** With `copy`: every entry is the previous snapshot's as it was, to copy (none spooled). */
  copy?: CopyableSnapshot;
}

/**
 * Crawls and validates into `spool`, then marks the entries the site cannot hold (their files
 * would collide) invalid. The caller owns the spool.
 */
export async function crawlStep(
  config: Config,
  spool: SnapshotSpool,
  options: CrawlRunOptions = {},
): Promise<SpooledCrawl> {
  const started = performance.now();
  const client = clientFor(config, options);
  const notices: string[] = [];
  let fetched: Awaited<ReturnType<typeof fetchInto>>;
  try {
    fetched = await fetchInto(client, config, spool, options, notices);
  } finally {
    await client.close();
  }
  const { carry, whole } = fetched;
  const meta: SnapshotMeta = {
    fetchedAt: carry?.fetchedAt,
    changesSince: options.shard ? {} : changesSinceOf(config, carry, client.firstServerDate),
    baseUrl: config.baseUrl,
    triples: config.translations,
    now: (options.now ?? (() => new Date()))(),
    shard: options.shard,
  };
  const seconds = (performance.now() - started) / 1000;
  const order = claimStep(spool);
  const { translations: _none, ...header } = toSnapshot([], meta);
  return {
    header,
    counts: whole?.counts ?? spool.counts(),
    stats: { ...client.stats },
    seconds,
    validateSeconds: fetched.validateMs / 1000,
    order,
    notices,
    problems:
      whole?.problems ??
      function* () {
        for (const n of order) if (spool.summary(n).problems) yield spool.entry(n);
      },
    copy: whole?.copy,
  };
}

/**
 * Carries the previous snapshot's unchanged projects, then crawls the rest, each translation
 * validated into the spool as it arrives; says how long validating took.
 */
async function fetchInto(
  client: HttpClient,
  config: Config,
  spool: SnapshotSpool,
  options: CrawlRunOptions,
  notices: string[],
): Promise<{ carry?: CarryPlan; whole?: CarriedWhole; validateMs: number }> {
  let validateMs = 0;
  const validate = (fetched: Fetched) => {
    const t = performance.now();
    spool.add(
      toEntry(fetched, {
        baseUrl: config.baseUrl,
        baseUrlSetting: config.baseUrlSetting,
        strict: options.strict,
        accept: config.crawl.acceptQuirks,
      }),
    );
    validateMs += performance.now() - t;
  };
  const previous = options.shard ? undefined : options.previous;
  const lastRun = options.lastRun ?? options.previous;
  const { carry, whole } = previous
    ? await carryPrevious(client, config, spool, previous, options.copy)
    : {};
  if (carry && carry.triples.length === 0) return { carry, whole, validateMs };
  await crawlTranslations(
    client,
    {
      baseUrl: config.baseUrl,
      translations: carry?.triples ?? config.translations,
      pageSize: config.crawl.pageSize,
      // Characters and approved are only in the statistics: a site counting them reads them.
      statistics:
        config.crawl.statistics ||
        config.site.metric === "chars" ||
        config.site.progress === "approved",
      onNote: (line) => notices.push(line),
      shard: options.shard,
      onProgress: (settled) => options.onProgress?.(settled, client.stats.requests),
      // The carried projects' entries are this run's already (spooled above), not doubts.
      ...(lastRun ? { previous: () => uncarriedTriples(lastRun, carry?.carried) } : {}),
    },
    validate,
  );
  return { carry, whole, validateMs };
}

/** The crawl's HTTP client, with the config's server, token and limits. */
function clientFor(config: Config, options: CrawlRunOptions): HttpClient {
  return new HttpClient({
    ...config.crawl,
    baseUrl: config.baseUrl,
    token: config.token,
    authScheme: config.authScheme,
    tokenEnv: config.tokenEnv,
    setting: config.baseUrlSetting,
    signal: options.signal,
    onWait: options.onWait,
  });
}

/**
 * Each project named: from when the next run's signal asks for changes (the server's clock; a
 * carried project's as before).
 */
function changesSinceOf(
  config: Config,
  carry: CarryPlan | undefined,
  serverDate: string | undefined,
): Record<string, string> {
  const changesSince: Record<string, string> = {};
  for (const project of signalProjects(config.translations)) {
    const since = carry?.changesSince[project] ?? serverDate;
    if (since !== undefined) changesSince[project] = since;
  }
  return changesSince;
}

/** The triples of a snapshot's entries, streamed, but those of the `carried` projects. */
function* uncarriedTriples(source: SnapshotSource, carried?: Set<string>): Generator<Triple> {
  for (const { project, component, language } of source.entries())
    if (!carried?.has(project)) yield { project, component, language };
}

/** A crawl held in memory: the whole snapshot. */
export interface CrawlRun extends CrawlOutcome {
  snapshot: Snapshot;
}

/**
 * Crawl and validate: the configured triples in, a snapshot out, held in memory (the programmatic
 * surface, the tests): the same step over a spool in the temporary folder. Per-record problems
 * live in the entries.
 */
export async function crawlToSnapshot(
  config: Config,
  options: CrawlRunOptions = {},
): Promise<CrawlRun> {
  const spool = await SnapshotSpool.open(join(tmpdir(), "l10n-snapshot-crawl.json"));
  try {
    const { order, problems: _spooled, ...run } = await crawlStep(config, spool, options);
    const translations = Array.from(order, (n) => spool.entry(n));
    return {
      ...run,
      snapshot: { ...run.header, translations },
      problems: () => translations.filter((e) => summarizeEntry(e).problems),
    };
  } finally {
    spool.close();
  }
}

/**
 * The site's claims over the spooled entries in snapshot order: an entry whose files cannot be had
 * is replaced by its invalid form. Returns the order.
 */
function claimStep(spool: SnapshotSpool): Uint32Array {
  const order = spool.sorted();
  const claims = new PublishableClaims();
  for (const n of order) {
    const clash = claims.claim(spool.triple(n));
    if (clash) spool.replace(n, unpublishable(spool.entry(n), clash));
  }
  return order;
}
