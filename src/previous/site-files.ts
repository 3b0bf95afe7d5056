import { createReadStream, createWriteStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import type { CrawlOptions } from "../config/schema.js";
import { HttpClient } from "../http/http-client.js";
import { RequestError } from "../http/request-error.js";
import { messageOf, UserError } from "../model/errors.js";
import { errorCode, field } from "../model/json.js";
import { must } from "../model/must.js";
import { encodePath, SITE_FILE } from "../site/site-paths.js";
import { fileIsGzip, isGzip } from "../snapshot/packed-snapshot.js";
import { openSnapshot, type SnapshotSource } from "../snapshot/read-snapshot.js";
import { redactSecrets, sanitizeText } from "../text/sanitize.js";

// The two parts of a previous site, read from its URL (with the crawl's HTTP client, its
// timeouts and a size cap, without the Weblate token) or from a folder: data/history.json parsed,
// the snapshot unpacked into a temporary file; each part read, or why not (a 404 or a missing
// file said apart from any other failure). The snapshot is written to a temporary plain file and
// streamed from there, never held: at 100,000 translations it unpacks to about 136 MB, more than
// history.maxBytes (what is parsed in memory, as history.json is) allows, yet only a few bytes per
// translation are needed at once (the incremental crawl's sums, the few entries that carry last
// known good data).

/**
 * How many times history.maxBytes the previous snapshot may take on disk, unpacked. A snapshot
 * compresses about 20 times (1,000,000 translations: 1.37 GB in 66 MB), so with 30 any snapshot
 * whose download fits history.maxBytes is read, and a gzip bomb still stops at 3 GB by default.
 */
const SNAPSHOT_CAP_FACTOR = 30;

export interface PreviousOptions {
  /** The crawl's limits (timeouts, retries); the size cap is `maxBytes`. No token is ever sent. */
  crawl: CrawlOptions;
  /**
   * history.maxBytes: the cap of each file read (data/history.json, each of its parts, a fetched
   * body), not of their total; the snapshot unpacked may take SNAPSHOT_CAP_FACTOR times as much
   * on disk.
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
 * A part read: parsed JSON (history.json), the snapshot written to the temporary file (json:
 * undefined), or why not.
 */
export type Part = { json: unknown } | { problem: string; missing?: boolean };
export type Parts = {
  history: Part;
  snapshot: Part;
  /**
   * Reads another JSON file of the site (a part of a split history: history-parts.ts), capped at
   * history.maxBytes, until `close`. From a URL, `version` (the run that wrote it) goes into the
   * query (`?v=`), so a cache that still holds an older copy of the file does not answer with it.
   */
  json(path: string, version?: string): Promise<Part>;
  /** Aborts the reads in flight (parts read ahead) when the run stops reading. */
  abort(): void;
  close(): Promise<void>;
};
const capOf = (maxBytes: number) => maxBytes * SNAPSHOT_CAP_FACTOR;
const capNote = `${SNAPSHOT_CAP_FACTOR} × history.maxBytes`;

/** Whether the site says it has no such part (404, no such file). */
export function isMissing(part: Part): boolean {
  return !("json" in part) && part.missing === true;
}

/** The reason both parts failed, when it is one and the same (a request's, not a 404). */
export function sameProblem(history: Part, snapshot: Part): string | undefined {
  if ("json" in history || "json" in snapshot || history.missing || snapshot.missing)
    return undefined;
  const cause = (problem: string) =>
    problem.replace(/^\[GET\] "[^"]*": /, "").replace(/^not tried, /, "");
  return cause(history.problem) === cause(snapshot.problem) ? cause(history.problem) : undefined;
}

/**
 * A file of the site at `address` (its path from the site's root: the file's address as the site
 * links it, so a part of project "café" is the file `caf%C3%A9.json`, which the host serves at
 * `caf%25C3%25A9.json`), read by `use`, or why not. `query` goes into the address; messages name
 * the file as published (a run's time, `t`, is no part of it).
 */
async function getPart(
  address: URL,
  path: string,
  use: (url: string) => Promise<unknown>,
  query: [string, string] | undefined,
  maxBytes: number,
): Promise<Part> {
  const shown = address.href;
  if (query !== undefined) address.searchParams.set(...query);
  const url = address.href;
  const said = query?.[0] === "t" ? shown : url;
  try {
    return { json: await use(url) };
  } catch (error) {
    if (error instanceof RequestError && error.kind === "not-found")
      return { problem: `${path}: 404 Not Found`, missing: true };
    if (error instanceof RequestError && error.kind === "too-large")
      return { problem: `${said}: larger than ${maxBytes} bytes (history.maxBytes)` };
    if (error instanceof SnapshotTooLarge)
      return { problem: `${said}: ${error.message} (${capNote})` };
    return { problem: sanitizeText(messageOf(error).split(url).join(said)) };
  }
}

/**
 * A file's bytes. A page that is not the file (a login or error page answered 200, a Pages 404
 * page) is not read as one.
 */
async function fetchFileBytes(client: HttpClient, url: string): Promise<Buffer> {
  const answer = await client.getBytes(url);
  if (answer.type !== undefined && /^\s*text\/html\b/i.test(answer.type))
    throw new RequestError("invalid-response", url, `an HTML page (${answer.type}), not the file`);
  return answer.bytes;
}

/**
 * Parsed as published: a series' text, a point's minute or a project's slug may look like a token
 * (`wlp_...`), and redacted it would not be read back. What is printed of it is sanitised where it
 * is printed.
 */
function parseFetchedJson(text: string, url: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RequestError("invalid-response", url, `not JSON (${messageOf(error)})`);
  }
}

export async function fetchParts(
  location: string,
  options: PreviousOptions,
  file: string,
): Promise<Parts> {
  const base = new URL(location.endsWith("/") ? location : `${location}/`);
  // Bodies are held while they come in, so each is capped at maxBytes; the snapshot is unpacked to
  // disk within its own cap.
  const stopped = new AbortController();
  const client = new HttpClient({
    ...options.crawl,
    maxBodyBytes: options.maxBytes,
    baseUrl: base.origin,
    token: undefined,
    // The run's stop, or the reading's own (abort): requests in flight are cut off.
    signal: options.signal ? AbortSignal.any([options.signal, stopped.signal]) : stopped.signal,
    setting: options.setting ?? "--previous",
  });
  const get = (path: string, use: (url: string) => Promise<unknown>, query?: [string, string]) =>
    getPart(new URL(encodePath(path), base), path, use, query, options.maxBytes);
  const fetched = (url: string) => fetchFileBytes(client, url);
  const json = (path: string, query?: [string, string]) =>
    get(path, async (url) => parseFetchedJson((await fetched(url)).toString("utf8"), url), query);
  // The compressed snapshot comes as gzip bytes (no Content-Encoding): unpacked as it is written.
  // The index and the snapshot asked for with the time in the query: a cache (a CDN's, for some
  // minutes after a deploy) does not answer with the run before's, whose parts are no longer
  // there and whose data is older than the last known good.
  const now: [string, string] = ["t", String(Date.now())];
  const snapshot = (path: string) =>
    get(
      path,
      async (url) =>
        void (await writeSnapshotBytes(await fetched(url), file, capOf(options.maxBytes))),
      now,
    );
  try {
    const index = json(SITE_FILE.history, now);
    const [h, s] = await Promise.all([index, snapshot(SITE_FILE.snapshot)]);
    const abort = () => stopped.abort();
    const part = (path: string, version?: string) =>
      json(path, version === undefined ? undefined : ["v", version]);
    return { history: h, snapshot: s, json: part, abort, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

export async function readParts(dir: string, maxBytes: number, file: string): Promise<Parts> {
  const read =
    (cap: number, capName: string, use: (path: string) => Promise<unknown>) =>
    async (path: string): Promise<Part> => {
      const from = join(dir, path);
      try {
        const size = (await stat(from)).size;
        if (size > cap) return { problem: `${from} is larger than ${cap} bytes (${capName})` };
        return { json: await use(from) };
      } catch (error) {
        const code = errorCode(error);
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
    async (from): Promise<unknown> => JSON.parse(await readFile(from, "utf8")),
  );
  const snapshot = read(capOf(maxBytes), capNote, (from) =>
    copySnapshotFile(from, file, capOf(maxBytes)).then(() => undefined),
  );
  const [h, s] = await Promise.all([history(SITE_FILE.history), snapshot(SITE_FILE.snapshot)]);
  return {
    history: h,
    snapshot: s,
    json: history,
    abort: () => undefined,
    close: async () => undefined,
  };
}

/**
 * The results of `tasks` in their order, each started once fewer than `width` of those before it
 * wait to be taken: reading ahead, never more than `width` results held or in flight.
 */
export function* readAhead<T>(tasks: (() => Promise<T>)[], width: number): Generator<Promise<T>> {
  const started: Promise<T>[] = [];
  let next = 0;
  for (;;) {
    while (next < tasks.length && started.length < width) started.push(must(tasks[next++])());
    const first = started.shift();
    if (first === undefined) return;
    yield first;
  }
}

/** The run that wrote an index (its lastRun), to ask for its parts as that run wrote them. */
export function lastRunOf(index: unknown): string | undefined {
  const run = field(index, "lastRun");
  return typeof run === "string" ? run : undefined;
}

/**
 * The snapshot unpacked went past its cap; what was written so far is left for the caller to
 * remove.
 */
class SnapshotTooLarge extends Error {}

/**
 * The bytes of a folder's snapshot file (compressed or plain), unpacked into `file` within `cap`
 * bytes.
 */
async function copySnapshotFile(from: string, file: string, cap: number): Promise<void> {
  await unpackInto(createReadStream(from), fileIsGzip(from), file, cap);
}

/**
 * A fetched body (gzip bytes served as they are, or plain JSON), unpacked into `file` within `cap`
 * bytes. As every fetched body, it is redacted (a token echoed in it never reaches a snapshot).
 */
async function writeSnapshotBytes(bytes: Buffer, file: string, cap: number): Promise<void> {
  await unpackInto(Readable.from([bytes]), isGzip(bytes), file, cap, true);
}

async function unpackInto(
  input: Readable,
  packed: boolean,
  file: string,
  cap: number,
  redact = false,
): Promise<void> {
  let size = 0;
  // Whole lines are redacted (a JSON string never spans one): the text after the last newline waits
  // for the next chunk.
  // A line past 16 MB (not this tool's layout) is let through in pieces rather than held whole.
  let rest = "";
  const decoder = new StringDecoder("utf8");
  // Counted as it is written: a small file that unpacks without end is cut off at the cap.
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > cap) return done(new SnapshotTooLarge(`unpacks to more than ${cap} bytes`));
      if (!redact) return done(null, chunk);
      const text = rest + decoder.write(chunk);
      const end = text.length > 16 << 20 ? text.length : text.lastIndexOf("\n") + 1;
      rest = text.slice(end);
      done(null, redactSecrets(text.slice(0, end)));
    },
    flush(done) {
      done(null, redact ? redactSecrets(rest + decoder.end()) : undefined);
    },
  });
  if (packed)
    await pipeline(
      input,
      createGunzip({ chunkSize: 256 * 1024 }),
      counted,
      createWriteStream(file),
    );
  else await pipeline(input, counted, createWriteStream(file));
}

/**
 * The snapshot in `file`, read through once now so that a damaged or tampered one is found before
 * the run relies on it (the same checks and messages as reading it whole); `shown` replaces the
 * temporary file's name in errors.
 */
export function checkedSnapshot(file: string, shown: string): SnapshotSource {
  try {
    const source = openSnapshot(file);
    for (const _entry of source.entries());
    return source;
  } catch (error) {
    if (error instanceof UserError) error.message = error.message.split(file).join(shown);
    throw error;
  }
}
