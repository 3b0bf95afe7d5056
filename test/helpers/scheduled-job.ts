import { existsSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterEach } from "vitest";
import { readHistoryFile } from "../../src/history/history-parts.js";
import type { History } from "../../src/history/history.js";
import { main, type Io } from "../../src/cli/main.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import type { StandInServer, StandInOptions } from "../../src/demo/stand-in-server.js";
import { startStandIn } from "./stand-in.js";
import { serveDirectory, type StaticSite } from "./static-site.js";
import { tempDir } from "./temp-dir.js";

// A scheduled GitHub Actions job, as it lives for months: each run starts from a clean checkout,
// reads the previously published site back over HTTP (as GitHub Pages serves it, through
// `site.url`), builds, and publishes `out/`. The Weblate is a stand-in on 127.0.0.1 that a test
// changes and breaks between runs.

export interface JobRun {
  code: number;
  stdout: string;
  /** stderr, one entry a line. */
  lines: string[];
  /** Every file of the published site after the run, relative paths. */
  files: Set<string>;
  history: History | undefined;
  snapshot: Snapshot | undefined;
}

export interface Job {
  dir: string;
  out: string;
  config: string;
  server: StandInServer;
  site: StaticSite;
  /** One scheduled run at `at` (ISO), with extra command-line flags. */
  run(at: string, ...flags: string[]): Promise<JobRun>;
  /** Stops the servers (they live across the tests of a job; call it in afterAll). */
  stop(): Promise<void>;
}

const running: Job[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((job) => job.stop()));
});

/**
 * A job with its Weblate stand-in and its published site, both on 127.0.0.1; stopped after the
 * test, or with `keep` by the caller (a job whose runs span the tests of a describe).
 */
export async function scheduledJob(options: {
  records: (baseUrl: string) => unknown[];
  translations: string[];
  crawl?: Record<string, unknown>;
  history?: Record<string, unknown>;
  /** The stand-in's other options (a server generation). */
  server?: Omit<StandInOptions, "records">;
  keep?: boolean;
}): Promise<Job> {
  const dir = await tempDir("l10n-job-");
  const out = join(dir, "out");
  const site = await serveDirectory(out, { keep: true });
  const server = await startStandIn(
    { ...options.server, records: options.records },
    { keep: true },
  );
  const config = join(dir, "l10n-snapshot.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: options.translations,
      site: { title: "Scheduled job", url: site.url },
      crawl: { retries: 1, retryDelayMs: 5, timeoutMs: 1000, ...options.crawl },
      ...(options.history ? { history: options.history } : {}),
    }),
  );
  const run = async (at: string, ...flags: string[]): Promise<JobRun> => {
    let stdout = "";
    let stderr = "";
    const io: Io = {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t), isTTY: false },
      env: {},
      now: () => new Date(at),
    };
    const code = await main(["build", "--config", config, "--out", out, ...flags], io);
    return {
      code,
      stdout,
      lines: stderr.split("\n").filter((l) => l !== ""),
      files: await filesOf(out),
      history: historyOf(out),
      snapshot: existsSync(join(out, "data/snapshot.json.gz"))
        ? readSnapshot(join(out, "data/snapshot.json.gz"))
        : undefined,
    };
  };
  const stop = async () => {
    await server.stop();
    await site.stop();
  };
  const job = { dir, out, config, server, site, run, stop };
  if (!options.keep) running.push(job);
  return job;
}

/** The published site's history, or undefined when it has none it can read. */
function historyOf(out: string): History | undefined {
  try {
    return readHistoryFile(join(out, "data/history.json"));
  } catch {
    return undefined;
  }
}

async function filesOf(dir: string): Promise<Set<string>> {
  if (!existsSync(dir)) return new Set();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))),
  );
}

/** The files of a site a README or a visitor may point at: pages, badges, widget pictures. */
export function publishedUrls(files: Set<string>): string[] {
  return [...files]
    .filter((f) => f.endsWith(".html") || f.startsWith("badges/") || f.endsWith(".xml"))
    .sort();
}

/** The paths in `before` that `after` lacks. */
export function lost(before: Set<string>, after: Set<string>): string[] {
  return publishedUrls(before).filter((f) => !after.has(f));
}
