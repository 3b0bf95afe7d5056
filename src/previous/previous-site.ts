import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { doneTemp, madeTemp, tempFolderPrefix } from "../output/temp-files.js";
import { ConfigError, OutputError, messageOf } from "../model/errors.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { sanitizeText } from "../text/sanitize.js";
import type { History } from "../history/history.js";
import { HistoryFormatError } from "../history/history-file.js";
import {
  keptPart,
  openHistory,
  type HistoryReading,
  type PartRef,
} from "../history/history-parts.js";

import {
  checkedSnapshot,
  fetchParts,
  isMissing,
  lastRunOf,
  readAhead,
  readParts,
  sameProblem,
  type Part,
  type Parts,
  type PreviousOptions,
} from "./site-files.js";
import { SITE_FILE } from "../site/site-paths.js";
import { sameBaseUrl } from "../config/base-url.js";
import type { Config } from "../config/load-config.js";
import { must } from "../model/must.js";

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
  /** What is normal but worth a line: a site with nothing published yet (a first run). */
  notes: string[];
  /**
   * Removes the temporary copy of the snapshot: call it once the run no longer reads the snapshot.
   */
  close(): Promise<void>;
}

/**
 * The previous site could not be read, for another reason than its saying it has no such file:
 * the run stops (exit 3) before it publishes, so the live site and its history stay as they were.
 */
export class PreviousSiteError extends OutputError {}

/**
 * Reads the previous site at `location` (a URL or a folder), or nothing when there is none to
 * read. The caller closes it (its snapshot is a temporary file) once the run no longer reads it.
 */
export async function readPreviousSite(
  location: string | undefined,
  config: Pick<Config, "crawl" | "history" | "baseUrl">,
  options: Pick<PreviousOptions, "force" | "optional" | "signal" | "setting"> & {
    /** A line of warning (a part of the site that could not be read), or of note (a first run). */
    warn?: (line: string) => void;
  },
): Promise<PreviousSite | undefined> {
  if (!location) return undefined;
  let previous: PreviousSite;
  try {
    const { crawl, history, baseUrl } = config;
    previous = await loadPreviousSite(location, {
      ...options,
      crawl,
      maxBytes: history.maxBytes,
      baseUrl,
    });
  } catch (error) {
    // A read cut short because the run was stopped fails as the stop, not as the site.
    options.signal?.throwIfAborted();
    throw error;
  }
  for (const note of previous.notes) options.warn?.(`note ${note}`);
  for (const warning of previous.warnings) options.warn?.(`warning ${warning}`);
  return previous;
}

/** Whether `crawl --previous` names a snapshot file rather than a site. */
export function isSnapshotFile(location: string): boolean {
  return !/^https?:\/\//i.test(location) && /\.json(\.gz)?$/.test(location);
}

/**
 * Reads `data/history.json` and `data/snapshot.json.gz` of the previous site, from its public URL
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
  let read: Parts | undefined;
  try {
    const file = join(dir, "snapshot.json");
    read = remote
      ? await fetchParts(location, options, file)
      : await readParts(location, options.maxBytes, file);
    // A stop while the index or the snapshot was read is the stop, not a part that cannot be had
    // (with --previous-optional that would be a new history, and the run would go on).
    options.signal?.throwIfAborted();
    const site: PreviousSite = { where, warnings: [], notes: [], close };
    const taking = { where, options, site };
    if (neitherPart(taking, read, remote)) return site;
    await takeHistory(taking, read);
    takeSnapshot(taking, read, file);
    checkServer(taking);
    if (!site.snapshot) await close();
    return site;
  } catch (error) {
    // A stop: the parts read ahead are not waited for (each could take its whole timeout).
    read?.abort();
    await close();
    throw error;
  } finally {
    await read?.close();
  }
}

/**
 * Whether neither part can be had: then the site says why in one line (nothing published yet,
 * or one problem for both), or the run stops unless --previous-optional.
 */
function neitherPart({ where, options, site }: Taking, read: Parts, remote: boolean): boolean {
  if (isMissing(read.history) && isMissing(read.snapshot)) {
    // Neither part is there (404, or no such file): what a first run finds. One line, saying so.
    site.notes.push(
      `previous site ${where} has nothing published yet (${SITE_FILE.history} and ` +
        `${SITE_FILE.snapshot}: ${remote ? "404 Not Found" : "no such file"}): normal for a ` +
        "first run; starting a new history",
    );
    return true;
  }
  const both = sameProblem(read.history, read.snapshot);
  if (!both) return false;
  // Neither part could be had, for one reason (a host that does not exist, say): one line.
  if (!options.optional)
    throw stop(options, `${where} cannot be read (${both})`, "start a new history");
  site.warnings.push(
    `previous site ${where} cannot be read (${both}); starting a new history, with no ` +
      "last known good data this run (--previous-optional)",
  );
  return true;
}

/** What is being read: the site for messages, the options, and what was taken so far. */
interface Taking {
  where: string;
  options: PreviousOptions;
  site: PreviousSite;
}

/**
 * The run stops on `what` (a part that cannot be read), unless --previous-optional, which would
 * `without`. A part over its size limit will be as large next run: the limit is what to change.
 */
function stop(options: PreviousOptions, what: string, without: string): PreviousSiteError {
  const hint = what.includes("history.maxBytes")
    ? `raise history.maxBytes in the config (now ${options.maxBytes})`
    : "run again once the site answers";
  return new PreviousSiteError(
    `previous site ${what}; stopped before publishing, so the live site and its history ` +
      `stay as they were (${hint}, or pass --previous-optional to ${without} instead)`,
  );
}

/** A part that cannot be read: a stop, or with --previous-optional a warning. */
function unreadable(t: Taking, what: string, problem: string, without: string): void {
  if (!t.options.optional) throw stop(t.options, `${what}: ${problem}`, without);
  t.site.warnings.push(`previous site ${what}: ${problem}; ${without} (--previous-optional)`);
}

/** The history (its index and each project's part), or why not. */
async function takeHistory(t: Taking, read: Parts): Promise<void> {
  const { where, options, site } = t;
  if (!("json" in read.history)) {
    if (read.history.missing)
      site.warnings.push(
        `previous site ${where}: no history (${read.history.problem}); starting a new history`,
      );
    else unreadable(t, `${where} data/history.json`, read.history.problem, "start a new history");
    return;
  }
  try {
    const dropped: string[] = [];
    const index = `${where} ${SITE_FILE.history}`;
    const reading = openHistory(read.history.json, index);
    await takeParts(t, read, reading, lastRunOf(read.history.json));
    site.history = reading.finish(dropped);
    site.warnings.push(...dropped.map((w) => `previous site ${w}`));
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof HistoryFormatError && error.newer)
      throw new OutputError(`previous site ${sanitizeText(error.message)}`);
    if (error instanceof PreviousSiteError) throw error;
    unreadable(
      t,
      `${where} data/history.json`,
      `not a history this tool can read (${historyProblem(error)})`,
      "start a new history",
    );
  }
}

/**
 * A split history's parts: each project's in turn, each within history.maxBytes, with up to
 * crawl.concurrency of the next ones asked for while one is added (read ahead). `stamp`: the run
 * that wrote the index, whose parts are asked for.
 */
async function takeParts(
  t: Taking,
  read: Parts,
  reading: HistoryReading,
  stamp: string | undefined,
): Promise<void> {
  const { where, options, site } = t;
  const ahead = readAhead(
    reading.refs.map((ref) => () => read.json(`data/${ref.path}`, stamp)),
    options.crawl.concurrency,
  );
  for (const ref of reading.refs) {
    const part = await must(ahead.next().value);
    options.signal?.throwIfAborted();
    const problem = addPart(reading, ref, part, options.optional === true);
    if (problem === undefined) continue;
    const what = `${where} data/${ref.path}`;
    const project = sanitizeText(JSON.stringify(ref.project.slice(0, 100)));
    if (problem.stale) {
      // Readable, but another run's (a deploy left half done): kept, never a stop, so the next
      // run publishes one run's files again.
      site.warnings.push(
        `previous site ${what}: ${problem.text}; ${sanitizeText(keptPart(ref.project))}`,
      );
    } else if (!options.optional)
      throw stop(options, `${what}: ${problem.text}`, `start project ${project}'s history again`);
    else
      site.warnings.push(
        `previous site ${what}: ${problem.text}; starting project ${project}'s history ` +
          "again, the other projects' kept (--previous-optional)",
      );
  }
}

/** The snapshot, checked and streamed from its unpacked copy, or why not. */
function takeSnapshot(t: Taking, read: Parts, file: string): void {
  const { where, site } = t;
  const without = "go on without last known good data";
  if ("json" in read.snapshot) {
    try {
      site.snapshot = checkedSnapshot(file, `${where} ${SITE_FILE.snapshot}`);
    } catch (error) {
      unreadable(
        t,
        `${where} ${SITE_FILE.snapshot}`,
        `not a snapshot this tool can read (${sanitizeText(messageOf(error))})`,
        without,
      );
    }
  } else if (read.snapshot.missing)
    site.warnings.push(
      `previous site ${where}: no snapshot (${read.snapshot.problem}); no last known good ` +
        "data this run",
    );
  else unreadable(t, `${where} ${SITE_FILE.snapshot}`, read.snapshot.problem, without);
}

/** A site built from another server is refused, unless --previous-force. */
function checkServer({ where, options, site }: Taking): void {
  const from = site.snapshot?.header.source.baseUrl ?? site.history?.baseUrl;
  if (from === undefined || sameBaseUrl(from, options.baseUrl)) return;
  if (!options.force) {
    throw new ConfigError(
      `previous site ${where} was built from ` +
        `${sanitizeText(JSON.stringify(from.slice(0, 200)))}, not from ${options.baseUrl}; ` +
        "its history belongs to another config. Pass --previous with this config's site, or " +
        "--previous-force to carry it over anyway",
    );
  }
  site.warnings.push(
    `previous site ${where} was built from another server ` +
      `(${sanitizeText(from.slice(0, 200))}); carried over because of --previous-force`,
  );
  if (site.history) site.history.baseUrl = options.baseUrl;
}

/**
 * Adds a part read (or not) to the history being read; undefined when added, else what is wrong
 * with it (`stale`: another run's part, whose series are kept, its project restarted; otherwise
 * the part is skipped when `optional`, and its project's history starts again). A part the index
 * lists is part of the history: its 404 too is a part that cannot be had.
 */
function addPart(
  reading: HistoryReading,
  ref: PartRef,
  part: Part,
  optional: boolean,
): { text: string; stale?: boolean } | undefined {
  const text = (problem: string) => sanitizeText(problem.replace(/^history .*?\.json: /, ""));
  try {
    if ("json" in part) {
      const stale = reading.add(ref, part.json, true);
      return stale === undefined ? undefined : { text: text(stale), stale: true };
    }
  } catch (error) {
    if (error instanceof HistoryFormatError && error.newer) throw error;
    if (optional) reading.skip(ref);
    return { text: `not a history this tool can read (${text(messageOf(error))})` };
  }
  if (optional) reading.skip(ref);
  return { text: sanitizeText(part.problem.replace(/^\S*: /, "")) };
}

/** What is wrong with a history, without the "history <where>:" its message starts with. */
function historyProblem(error: unknown): string {
  return sanitizeText(messageOf(error)).replace(/^history .*? data\/history\.json: /, "");
}
