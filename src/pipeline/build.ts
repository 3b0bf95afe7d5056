import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import type { Config } from "../config/load-config.js";
import type { PreviousSite } from "../previous/previous-site.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Shard } from "../model/shard.js";
import { recoverOutDirAtStart } from "../output/out-dir.js";
import { doneTemp, sweepTempFolder } from "../output/temp-files.js";
import { checkOutDirBeforeCrawl } from "../output/out-guard.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { exitCodeOf } from "../snapshot/snapshot.js";
import { tallyExitCode } from "../model/tally.js";
import { SnapshotSpool } from "../snapshot/spool.js";
import { copySnapshot } from "../snapshot/snapshot-writer.js";
import { crawlStep, type CrawlOutcome } from "./crawl-step.js";
import { isSnapshotFile, readPreviousSite } from "../previous/previous-site.js";
import { withPlainSnapshot } from "../snapshot/packed-snapshot.js";
import { openSnapshot } from "../snapshot/read-snapshot.js";
import { publishSite, spoolFileBeside, type SiteResult } from "./site-step.js";

// The one build: crawl -> (claims) -> last known good -> snapshot -> history -> site. `crawl`
// runs it up to the snapshot file, `build` to the end; `render --previous` runs its last steps
// over a snapshot file instead of a crawl (render.ts). Each owns its spool (and the previous
// site) in one try/finally: however a run ends, what it made is removed.

export interface BuildOptions {
  /** Render the site into this folder (`build`); without it the run writes `snapshot` (`crawl`). */
  out?: string;
  /** `crawl`: the snapshot file to write. */
  snapshot?: string;
  /**
   * The previous site, a URL or a folder (`build`: its history and last known good data; both:
   * projects whose statistics did not change are carried over); `crawl` also takes a snapshot
   * file.
   */
  previous?: string;
  /** Use a previous site built from another Weblate server. */
  previousForce?: boolean;
  /**
   * Go on without a previous site that cannot be read (a warning, a new history); by default only
   * its 404 does, any other failure stops the run before it publishes.
   */
  previousOptional?: boolean;
  /**
   * The run's stop (a signal, stdout closed): the crawl sends no more, the site being written is
   * dropped, what the run made is removed; the run throws the signal's reason.
   */
  signal?: AbortSignal;
  /** Where `previous` was given, as hints name it: '"site.url"' or "--previous" (the default). */
  previousSetting?: string;
  /** Crawl every project, even those the previous snapshot shows unchanged. */
  full?: boolean;
  strict?: boolean;
  shard?: Shard;
  now?: () => Date;
  /** Where relative paths start (the output folder's guard). */
  cwd?: string;
  onProgress?: (settled: number, requests: number) => void;
  /** A line of warning (a part of the previous site that could not be read). */
  warn?: (line: string) => void;
  /**
   * Told once the crawl has settled, with the exit code it makes, while its problems can be read:
   * the report.
   */
  onCrawled?: (run: CrawlOutcome, code: ExitCodeValue) => void;
}

/** What a build did. */
export interface BuildResult {
  /** The crawl's header, counts and figures (its problems went to `onCrawled`). */
  summary: Omit<CrawlOutcome, "problems">;
  code: ExitCodeValue;
  /** The site, when one was rendered; nothing is written when the run had nothing usable. */
  site?: SiteResult;
}

/**
 * Crawls, validates and writes the snapshot (`crawl`), or renders the site from it with the
 * previous site's last known good data and history (`build`). Nothing is written when no
 * translation is usable.
 */
export async function build(config: Config, options: BuildOptions): Promise<BuildResult> {
  const { out } = options;
  if (out !== undefined) {
    await recoverOutDirAtStart(resolve(out));
    await checkOutDirBeforeCrawl(out, options.cwd ?? process.cwd());
  }
  // What older runs of this tool left in the temporary folder (a killed run's copies).
  await sweepTempFolder();
  // `crawl --previous` of a snapshot file: a compressed one is unpacked into a temporary file
  // (streamed, removed afterwards) and read from there line by line, as a plain one is.
  const { previous } = options;
  if (out === undefined && !options.full && !options.shard && previous !== undefined)
    if (isSnapshotFile(previous))
      return withPlainSnapshot(previous, (plain) =>
        buildFrom(config, options, { before: openSnapshot(plain) }),
      );
  // Read before crawling: a previous site of another config stops the run before any request.
  return buildFrom(config, options, await readPrevious(config, options));
}

/** The build once what it reads of the run before is read; closes the previous site. */
async function buildFrom(
  config: Config,
  options: BuildOptions,
  { site, before }: { site?: PreviousSite; before?: SnapshotSource },
): Promise<BuildResult> {
  const { out, shard, signal } = options;
  try {
    const file = out !== undefined ? await spoolFileBeside(out) : options.snapshot;
    if (file === undefined) throw new Error("build: neither out nor snapshot given");
    const spool = await SnapshotSpool.open(file, out !== undefined ? `the site to ${out}` : file);
    try {
      const { order, problems, copy, ...summary } = await crawlStep(config, spool, {
        strict: options.strict,
        shard,
        previous: before,
        lastRun: site?.snapshot,
        now: options.now,
        onProgress: options.onProgress,
        signal,
        onWait: options.warn,
        copy: out === undefined,
      });
      signal?.throwIfAborted();
      let code = exitCodeOf(summary.counts);
      if (shard && summary.counts.total === 0) code = ExitCode.ok;
      options.onCrawled?.({ ...summary, problems }, code);
      if (code === ExitCode.unusable) return { summary, code };
      if (out === undefined) {
        if (copy) copySnapshot(copy, summary.header, file);
        else spool.write(summary.header, order);
        return { summary, code };
      }
      signal?.throwIfAborted();
      const published = await publishSite(spool, order, summary.header, file, out, config, site, {
        strict: options.strict,
        signal,
      });
      // A published run exits by the figures every output gives (model/tally.ts).
      return { summary, code: tallyExitCode(published.tally), site: published };
    } finally {
      spool.close();
      if (out !== undefined) {
        await rm(file, { force: true });
        doneTemp(file);
      }
    }
  } finally {
    await site?.close().catch(() => undefined);
  }
}

/**
 * What a run reads of the one before. `build`: the previous site (its history and last known good
 * data, and unless --full its snapshot for the incremental crawl). `crawl`, unless --full or
 * --shard: the snapshot of a previous site (a snapshot file is read above).
 */
async function readPrevious(
  config: Config,
  options: BuildOptions,
): Promise<{ site?: PreviousSite; before?: SnapshotSource }> {
  const { previous, out } = options;
  const incremental = !options.full && !options.shard;
  if (previous === undefined || (out === undefined && !incremental)) return {};
  const site = await readPreviousSite(previous, config, {
    force: options.previousForce,
    optional: options.previousOptional,
    signal: options.signal,
    warn: options.warn,
    setting: options.previousSetting,
  });
  return { site, before: incremental ? site?.snapshot : undefined };
}
