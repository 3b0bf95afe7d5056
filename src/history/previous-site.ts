import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { doneTemp, madeTemp, tempFolderPrefix } from "../output/temp-files.js";
import type { CrawlOptions } from "../config/schema.js";
import { HttpClient } from "../crawl/http-client.js";
import { RequestError } from "../crawl/request-error.js";
import { ConfigError, OutputError, messageOf } from "../model/errors.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { SITE_FILE } from "../site/site-paths.js";
import { redactSecrets, sanitizeText } from "../text/sanitize.js";
import type { History } from "./history.js";
import { HistoryFormatError, parseHistory } from "./history-file.js";
import {
  checkedSnapshot,
  copySnapshotFile,
  SNAPSHOT_CAP_FACTOR,
  SnapshotTooLarge,
  writeSnapshotBytes,
} from "./previous-snapshot.js";

/**
 * What a previously published site left for this run: its history and its snapshot, when readable.
 */
export interface PreviousSite {
  /** The URL or directory, for messages. */
  where: string;
  history?: History;
  /** Streamed from a temporary plain copy, which `close` removes. */
  snapshot?: SnapshotSource;
  /** Why a part could not be used; the run goes on without it. One line each. */
  warnings: string[];
  /**
   * Removes the temporary copy of the snapshot: call it once the run no longer reads the snapshot.
   */
  close(): Promise<void>;
}

export interface PreviousOptions {
  /** The crawl's limits (timeouts, retries); the size cap is `maxBytes`. No token is ever sent. */
  crawl: CrawlOptions;
  /**
   * history.maxBytes: the cap of what is held in memory (history.json, a fetched body); the
   * snapshot unpacked may take SNAPSHOT_CAP_FACTOR times as much on disk.
   */
  maxBytes: number;
  /** This config's Weblate server: a previous site built from another is refused unless `force`. */
  baseUrl: string;
  force?: boolean;
  /**
   * --previous-optional: a part that cannot be read is a warning and the run goes on without it
   * (a new history). By default only a part the site says it has not (404, a missing file) is;
   * any other failure stops the run before anything is published.
   */
  optional?: boolean;
  /** The run's stop: the site's requests are aborted. */
  signal?: AbortSignal;
  /** Where its address was given, as hints name it: '"site.url"' or "--previous" (the default). */
  setting?: string;
}

/**
 * The previous site could not be read, for another reason than its saying it has no such file:
 * the run stops (exit 3) before it publishes, so the live site and its history stay as they were.
 */
export class PreviousSiteError extends OutputError {}

/**
 * Reads `data/history.json` and `data/snapshot.json.gz` (`data/snapshot.json` on a site written
 * before the copy was compressed) of the previous site, from its public URL
 * (with the crawl's HTTP client, its timeouts and a size cap, and without the Weblate token) or
 * from a directory. The snapshot is unpacked into a temporary file and streamed from there.
 * A part the site says it has not (404, no such file) is a warning: the run starts a new history.
 * Any other failure to read a part (5xx, a timeout, a redirect to another origin, a page that is
 * not the file, a body that does not parse) stops the run before it crawls (PreviousSiteError),
 * unless `optional`; so does a history of a newer format, or a site built from another server.
 */
export async function loadPreviousSite(
  location: string,
  options: PreviousOptions,
): Promise<PreviousSite> {
  const remote = /^https?:\/\//i.test(location);
  const where = remote ? location : location.replace(/\/+$/, "") || "/";
  const dir = madeTemp(await mkdtemp(join(tmpdir(), tempFolderPrefix("previous"))));
  const close = () => rm(dir, { recursive: true, force: true }).then(() => doneTemp(dir));
  try {
    const file = join(dir, "snapshot.json");
    const read = remote
      ? await fetchParts(location, options, file)
      : await readParts(location, options.maxBytes, file);
    const site: PreviousSite = { where, warnings: [], close };
    // What cannot be read stops the run, unless the site says it has no such file (or optional).
    const stop = (what: string, without: string) =>
      new PreviousSiteError(
        `previous site ${what}; stopped before publishing, so the live site and its history stay as they were (run again once the site answers, or pass --previous-optional to ${without} instead)`,
      );
    const unreadable = (what: string, problem: string, without: string) => {
      if (!options.optional) throw stop(`${what}: ${problem}`, without);
      site.warnings.push(`previous site ${what}: ${problem}; ${without} (--previous-optional)`);
    };
    const both = sameProblem(read.history, read.snapshot);
    if (both) {
      // Neither part could be had, for one reason (a host that does not exist, say): one line.
      if (!options.optional) throw stop(`${where} cannot be read (${both})`, "start a new history");
      site.warnings.push(
        `previous site ${where} cannot be read (${both}); starting a new history, with no last known good data this run (--previous-optional)`,
      );
      return site;
    }
    if ("json" in read.history) {
      try {
        const dropped: string[] = [];
        site.history = parseHistory(read.history.json, `${where} data/history.json`, dropped);
        site.warnings.push(...dropped.map((w) => `previous site ${w}`));
      } catch (error) {
        if (error instanceof HistoryFormatError && error.newer)
          throw new OutputError(`previous site ${sanitizeText(error.message)}`);
        unreadable(
          `${where} data/history.json`,
          `not a history this tool can read (${sanitizeText(messageOf(error)).replace(/^history .*? data\/history\.json: /, "")})`,
          "start a new history",
        );
      }
    } else if (read.history.missing)
      site.warnings.push(
        `previous site ${where}: no history (${read.history.problem}); starting a new history`,
      );
    else unreadable(`${where} data/history.json`, read.history.problem, "start a new history");
    if ("json" in read.snapshot) {
      try {
        site.snapshot = checkedSnapshot(file, `${where} ${read.snapshotPath}`);
      } catch (error) {
        unreadable(
          `${where} ${read.snapshotPath}`,
          `not a snapshot this tool can read (${sanitizeText(messageOf(error))})`,
          "go on without last known good data",
        );
      }
    } else if (read.snapshot.missing)
      site.warnings.push(
        `previous site ${where}: no snapshot (${read.snapshot.problem}); no last known good data this run`,
      );
    else
      unreadable(
        `${where} ${read.snapshotPath}`,
        read.snapshot.problem,
        "go on without last known good data",
      );
    const from = site.snapshot?.header.source.baseUrl ?? site.history?.baseUrl;
    if (from !== undefined && trimSlash(from) !== trimSlash(options.baseUrl)) {
      if (!options.force) {
        throw new ConfigError(
          `previous site ${where} was built from ${sanitizeText(JSON.stringify(from.slice(0, 200)))}, not from ${options.baseUrl}; ` +
            "its history belongs to another config. Pass --previous with this config's site, or --previous-force to carry it over anyway",
        );
      }
      site.warnings.push(
        `previous site ${where} was built from another server (${sanitizeText(from.slice(0, 200))}); carried over because of --previous-force`,
      );
      if (site.history) site.history.baseUrl = options.baseUrl;
    }
    if (!site.snapshot) await close();
    return site;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A part read: parsed JSON (history.json), the snapshot written to the temporary file (json:
 * undefined), or why not.
 */
type Part = { json: unknown } | { problem: string; missing?: boolean };
const trimSlash = (url: string) => url.replace(/\/+$/, "");
type Parts = { history: Part; snapshot: Part; snapshotPath: string };
const capOf = (maxBytes: number) => maxBytes * SNAPSHOT_CAP_FACTOR;
const capNote = `${SNAPSHOT_CAP_FACTOR} × history.maxBytes`;

/** The compressed snapshot, or when a site has none (written before), the plain one. */
async function snapshotPart(
  get: (path: string) => Promise<Part>,
): Promise<{ snapshot: Part; snapshotPath: string }> {
  const packed = await get(SITE_FILE.snapshot);
  if ("json" in packed || !packed.missing)
    return { snapshot: packed, snapshotPath: SITE_FILE.snapshot };
  const plain = await get(SITE_FILE.plainSnapshot);
  return "json" in plain || !plain.missing
    ? { snapshot: plain, snapshotPath: SITE_FILE.plainSnapshot }
    : { snapshot: packed, snapshotPath: SITE_FILE.snapshot };
}

/** The reason both parts failed, when it is one and the same (a request's, not a 404). */
function sameProblem(history: Part, snapshot: Part): string | undefined {
  if ("json" in history || "json" in snapshot || history.missing || snapshot.missing)
    return undefined;
  const cause = (problem: string) =>
    problem.replace(/^\[GET\] "[^"]*": /, "").replace(/^not tried, /, "");
  return cause(history.problem) === cause(snapshot.problem) ? cause(history.problem) : undefined;
}

async function fetchParts(
  location: string,
  options: PreviousOptions,
  file: string,
): Promise<Parts> {
  const base = new URL(location.endsWith("/") ? location : `${location}/`);
  // Bodies are held while they come in, so each is capped at maxBytes; the snapshot is unpacked to
  // disk within its own cap.
  const client = new HttpClient({
    ...options.crawl,
    maxBodyBytes: options.maxBytes,
    baseUrl: base.origin,
    token: undefined,
    signal: options.signal,
    setting: options.setting ?? "--previous",
  });
  const get = (path: string, use: (url: string) => Promise<unknown>) => async (): Promise<Part> => {
    const url = new URL(path, base).href;
    try {
      return { json: await use(url) };
    } catch (error) {
      if (error instanceof RequestError && error.kind === "not-found")
        return { problem: `${path}: 404 Not Found`, missing: true };
      if (error instanceof RequestError && error.kind === "too-large")
        return { problem: `${url}: larger than ${options.maxBytes} bytes (history.maxBytes)` };
      if (error instanceof SnapshotTooLarge)
        return { problem: `${url}: ${error.message} (${capNote})` };
      return { problem: sanitizeText(messageOf(error)) };
    }
  };
  // A page that is not the file (a login or error page answered 200, a Pages 404 page) is not
  // read as one.
  const fetched = async (url: string) => {
    const answer = await client.getBytes(url);
    if (answer.type !== undefined && /^\s*text\/html\b/i.test(answer.type))
      throw new RequestError(
        "invalid-response",
        url,
        `an HTML page (${answer.type}), not the file`,
      );
    return answer.bytes;
  };
  const history = get("data/history.json", async (url) => {
    const text = (await fetched(url)).toString("utf8");
    try {
      return JSON.parse(redactSecrets(text)) as unknown;
    } catch (error) {
      throw new RequestError("invalid-response", url, `not JSON (${messageOf(error)})`);
    }
  });
  // The compressed snapshot comes as gzip bytes (no Content-Encoding): unpacked as it is written.
  const snapshot = (path: string) =>
    get(
      path,
      async (url) =>
        void (await writeSnapshotBytes(await fetched(url), file, capOf(options.maxBytes))),
    )();
  try {
    const [h, s] = await Promise.all([history(), snapshotPart(snapshot)]);
    return { history: h, ...s };
  } finally {
    await client.close();
  }
}

async function readParts(dir: string, maxBytes: number, file: string): Promise<Parts> {
  const read =
    (cap: number, capName: string, use: (path: string) => Promise<unknown>) =>
    async (path: string): Promise<Part> => {
      const from = join(dir, path);
      try {
        const size = (await stat(from)).size;
        if (size > cap) return { problem: `${from} is larger than ${cap} bytes (${capName})` };
        return { json: await use(from) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return { problem: `${from}: no such file`, missing: true };
        // A small file must not unpack into gigabytes.
        if (error instanceof SnapshotTooLarge)
          return { problem: `${from} ${error.message} (${capName})` };
        if (error instanceof SyntaxError)
          return { problem: `${from}: not valid JSON (${messageOf(error)})` };
        return { problem: `${from}: ${code ?? `cannot unpack it (${messageOf(error)})`}` };
      }
    };
  const history = read(
    maxBytes,
    "history.maxBytes",
    async (from) => JSON.parse(await readFile(from, "utf8")) as unknown,
  );
  const snapshot = read(capOf(maxBytes), capNote, (from) =>
    copySnapshotFile(from, file, capOf(maxBytes)).then(() => undefined),
  );
  const [h, s] = await Promise.all([history("data/history.json"), snapshotPart(snapshot)]);
  return { history: h, ...s };
}
