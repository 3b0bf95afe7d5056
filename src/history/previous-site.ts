import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import type { CrawlOptions } from "../config/schema.js";
import { HttpClient } from "../crawl/http-client.js";
import { RequestError } from "../crawl/request-error.js";
import { ConfigError, OutputError, messageOf } from "../errors.js";
import { parseSnapshot } from "../snapshot/read-snapshot.js";
import { isGzip, PLAIN_SITE_SNAPSHOT, SITE_SNAPSHOT } from "../snapshot/packed-snapshot.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { sanitizeText } from "../text/sanitize.js";
import type { History } from "./history.js";
import { HistoryFormatError, parseHistory } from "./history-file.js";

/** What a previously published site left for this run: its history and its snapshot, when readable. */
export interface PreviousSite {
  /** The URL or directory, for messages. */
  where: string;
  history?: History;
  snapshot?: Snapshot;
  /** Why a part could not be used; the run goes on without it. One line each. */
  warnings: string[];
}

export interface PreviousOptions {
  /** The crawl's limits (timeouts, retries); the size cap is `maxBytes`. No token is ever sent. */
  crawl: CrawlOptions;
  maxBytes: number;
  /** This config's Weblate server: a previous site built from another is refused unless `force`. */
  baseUrl: string;
  force?: boolean;
}

/**
 * Reads `data/history.json` and `data/snapshot.json.gz` (`data/snapshot.json` on a site written
 * before the copy was compressed) of the previous site, from its public URL
 * (with the crawl's HTTP client, its timeouts and a size cap, and without the Weblate token) or
 * from a directory. A part that is missing or unreadable is a warning; a history of a newer
 * format, or a site built from another Weblate server, stops the run before it crawls.
 */
export async function loadPreviousSite(location: string, options: PreviousOptions): Promise<PreviousSite> {
  const remote = /^https?:\/\//i.test(location);
  const where = remote ? location : location.replace(/\/+$/, "") || "/";
  const read = remote ? await fetchParts(location, options) : await readParts(location, options.maxBytes);
  const site: PreviousSite = { where, warnings: [] };
  if ("json" in read.history) {
    try {
      site.history = parseHistory(read.history.json, `${where} data/history.json`);
    } catch (error) {
      if (error instanceof HistoryFormatError && error.newer) throw new OutputError(`previous site ${sanitizeText(error.message)}`);
      site.warnings.push(`previous site ${sanitizeText(messageOf(error))}; starting a new history`);
    }
  } else site.warnings.push(`previous site ${where}: no history (${read.history.problem}); starting a new history`);
  if ("json" in read.snapshot) {
    try {
      site.snapshot = parseSnapshot(read.snapshot.json, `${where} ${read.snapshotPath}`);
    } catch (error) {
      site.warnings.push(`previous site ${sanitizeText(messageOf(error))}; no last known good data this run`);
    }
  } else site.warnings.push(`previous site ${where}: no snapshot (${read.snapshot.problem}); no last known good data this run`);
  const from = site.snapshot?.source.baseUrl ?? site.history?.baseUrl;
  if (from !== undefined && trimSlash(from) !== trimSlash(options.baseUrl)) {
    if (!options.force) {
      throw new ConfigError(
        `previous site ${where} was built from ${sanitizeText(JSON.stringify(from.slice(0, 200)))}, not from ${options.baseUrl}; ` +
          "its history belongs to another config. Pass --previous with this config's site, or --previous-force to carry it over anyway",
      );
    }
    site.warnings.push(`previous site ${where} was built from another server (${sanitizeText(from.slice(0, 200))}); carried over because of --previous-force`);
    if (site.history) site.history.baseUrl = options.baseUrl;
  }
  return site;
}

const gunzipAsync = promisify(gunzip);
type Part = { json: unknown } | { problem: string; missing?: boolean };
const trimSlash = (url: string) => url.replace(/\/+$/, "");

type Parts = { history: Part; snapshot: Part; snapshotPath: string };

/** The compressed snapshot, or when a site has none (written before), the plain one. */
async function snapshotPart(get: (path: string) => Promise<Part>): Promise<{ snapshot: Part; snapshotPath: string }> {
  const packed = await get(SITE_SNAPSHOT);
  if ("json" in packed || !packed.missing) return { snapshot: packed, snapshotPath: SITE_SNAPSHOT };
  const plain = await get(PLAIN_SITE_SNAPSHOT);
  return "json" in plain ? { snapshot: plain, snapshotPath: PLAIN_SITE_SNAPSHOT } : { snapshot: packed, snapshotPath: SITE_SNAPSHOT };
}

async function fetchParts(location: string, options: PreviousOptions): Promise<Parts> {
  const base = new URL(location.endsWith("/") ? location : `${location}/`);
  const client = new HttpClient({ ...options.crawl, maxBodyBytes: options.maxBytes, baseUrl: base.origin, token: undefined });
  const get = async (path: string): Promise<Part> => {
    try {
      // The compressed snapshot comes as gzip bytes (no Content-Encoding): unpacked, within the same size cap.
      return { json: (await client.getJson(new URL(path, base).href, { unpackGzip: path.endsWith(".gz") })).body };
    } catch (error) {
      if (error instanceof RequestError && error.kind === "not-found") return { problem: `${path}: 404 Not Found`, missing: true };
      return { problem: sanitizeText(messageOf(error)) };
    }
  };
  try {
    const [history, snapshot] = await Promise.all([get("data/history.json"), snapshotPart(get)]);
    return { history, ...snapshot };
  } finally {
    await client.close();
  }
}

async function readParts(dir: string, maxBytes: number): Promise<Parts> {
  const read = async (path: string): Promise<Part> => {
    const file = join(dir, path);
    try {
      const size = (await stat(file)).size;
      if (size > maxBytes) return { problem: `${file} is larger than ${maxBytes} bytes (history.maxBytes)` };
      const bytes = await readFile(file);
      if (!isGzip(bytes)) return { json: JSON.parse(bytes.toString("utf8")) as unknown };
      // Unpacked within the same cap: a small file must not unpack into gigabytes.
      return { json: JSON.parse((await gunzipAsync(bytes, { maxOutputLength: maxBytes })).toString("utf8")) as unknown };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return { problem: `${file}: no such file`, missing: true };
      if (code === "ERR_BUFFER_TOO_LARGE") return { problem: `${file} unpacks to more than ${maxBytes} bytes (history.maxBytes)` };
      return { problem: `${file}: ${code ?? `not valid JSON (${messageOf(error)})`}` };
    }
  };
  const [history, snapshot] = await Promise.all([read("data/history.json"), snapshotPart(read)]);
  return { history, ...snapshot };
}
