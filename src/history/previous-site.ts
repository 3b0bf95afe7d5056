import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { CrawlOptions } from "../config/schema.js";
import { HttpClient } from "../crawl/http-client.js";
import { RequestError } from "../crawl/request-error.js";
import { ConfigError, OutputError, messageOf } from "../errors.js";
import { parseSnapshot } from "../snapshot/read-snapshot.js";
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
 * Reads `data/history.json` and `data/snapshot.json` of the previous site, from its public URL
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
      site.snapshot = parseSnapshot(read.snapshot.json, `${where} data/snapshot.json`);
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

type Part = { json: unknown } | { problem: string };
const trimSlash = (url: string) => url.replace(/\/+$/, "");

async function fetchParts(location: string, options: PreviousOptions): Promise<{ history: Part; snapshot: Part }> {
  const base = new URL(location.endsWith("/") ? location : `${location}/`);
  const client = new HttpClient({ ...options.crawl, maxBodyBytes: options.maxBytes, baseUrl: base.origin, token: undefined });
  const get = async (path: string): Promise<Part> => {
    try {
      return { json: (await client.getJson(new URL(path, base).href)).body };
    } catch (error) {
      if (error instanceof RequestError && error.kind === "not-found") return { problem: `${path}: 404 Not Found` };
      return { problem: sanitizeText(messageOf(error)) };
    }
  };
  try {
    const [history, snapshot] = await Promise.all([get("data/history.json"), get("data/snapshot.json")]);
    return { history, snapshot };
  } finally {
    await client.close();
  }
}

async function readParts(dir: string, maxBytes: number): Promise<{ history: Part; snapshot: Part }> {
  const read = async (path: string): Promise<Part> => {
    const file = join(dir, path);
    try {
      const size = (await stat(file)).size;
      if (size > maxBytes) return { problem: `${file} is larger than ${maxBytes} bytes (history.maxBytes)` };
      return { json: JSON.parse(await readFile(file, "utf8")) as unknown };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return { problem: `${file}: no such file` };
      return { problem: `${file}: ${code ?? `not valid JSON (${messageOf(error)})`}` };
    }
  };
  const [history, snapshot] = await Promise.all([read("data/history.json"), read("data/snapshot.json")]);
  return { history, snapshot };
}
