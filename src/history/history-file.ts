import { z } from "zod";
import { parseTripleString, tripleKey, WILDCARD } from "../config/triple.js";
import { sanitizeText } from "../text/sanitize.js";
import { HISTORY_SCHEMA_VERSION, MAX_RUNS, type History, type RunRecord } from "./history.js";
import { must } from "../model/must.js";
import { COUNTERS, decodeNumbers, POINT_SIZE, UNKNOWN, type SeriesMap } from "./series.js";
import { messageOf } from "../model/errors.js";
import { field } from "../model/json.js";

// What the history's files (history-parts.ts) share: one line per run and per translation, so a
// diff between two sites shows the lines that changed; a series as series.ts writes it.

/** The file refuses what it cannot read: a newer schema, or content that is not a history. */
export class HistoryFormatError extends Error {
  constructor(
    message: string,
    /** True when the file is a history of a newer format: it must not be replaced by a new one. */
    readonly newer = false,
  ) {
    super(message);
  }
}

/** One item a line: `{`, `[` or the key before the first, "," before each next one. */
export const lineItems = (texts: string[]) =>
  texts.map((text, i) => `${i ? "," : ""}\n    ${text}`).join("") + (texts.length ? "\n  " : "");

/**
 * Caps on what one file may hold, so a tampered file cannot make the run take forever. Per file:
 * an index may list up to MAX_PARTS (history-parts.ts) parts, each within history.maxBytes, a
 * loose bound (the site is the user's own).
 */
export const MAX_SERIES = 5_000_000;
const MAX_NUMBERS_PER_SERIES = POINT_SIZE * 20_000;
export const seriesText = z.string().max(MAX_NUMBERS_PER_SERIES * 4);
export const isoTimeSchema = z.iso.datetime({ offset: true });
/**
 * Throws the "newer" HistoryFormatError for a file (a history, an index or a part) whose
 * schemaVersion is newer than this version reads: it must be neither read nor replaced.
 */
export function refuseNewer(json: unknown, where: string): void {
  const version = field(json, "schemaVersion");
  if (typeof version === "number" && version > HISTORY_SCHEMA_VERSION) {
    throw new HistoryFormatError(
      `history ${where}: schemaVersion ${version} is newer than this version of l10n-snapshot ` +
        `reads (${HISTORY_SCHEMA_VERSION}); update l10n-snapshot`,
      true,
    );
  }
}

/**
 * The history a file (or an index and its parts) holds, as this version keeps it: the latest runs
 * without the changes whose keys are not translations', and one warning line in `warnings` for
 * those and for the `dropped` series' keys, when there are any.
 */
export function historyOf(
  header: { baseUrl: string; lastRun?: string; previousRun?: string; runs: RunRecord[] },
  series: History["series"],
  gone: History["gone"],
  read: { where: string; dropped: string[]; warnings: string[] },
): History {
  const { runs, mentions } = keptRuns(header.runs);
  droppedLine(read.where, read.dropped, mentions, read.warnings);
  return {
    schemaVersion: HISTORY_SCHEMA_VERSION,
    baseUrl: header.baseUrl,
    ...(header.lastRun ? { lastRun: header.lastRun } : {}),
    ...(header.previousRun ? { previousRun: header.previousRun } : {}),
    runs,
    series,
    gone,
  };
}

/** The latest runs, without the changes whose keys are not translations' (counted). */
function keptRuns(all: RunRecord[]): { runs: RunRecord[]; mentions: number } {
  let mentions = 0;
  const keep = <T>(items: T[], key: (item: T) => string) =>
    items.filter((item) => {
      if (isTripleKey(key(item))) return true;
      mentions += 1;
      return false;
    });
  const runs = all.slice(-MAX_RUNS).map(({ at, changes: c }) => ({
    at,
    changes: {
      ...c,
      reached100: keep(c.reached100, (r) => r.key),
      fellBelow: keep(c.fellBelow, (r) => r.key),
      newStrings: keep(c.newStrings, (r) => `${r.project}/${r.component}/x`),
      added: keep(c.added, (k) => k),
      removed: keep(c.removed, (k) => k),
    },
  }));
  return { runs, mentions };
}

/** The warning for what a tampered file had that is not a translation's, when it had any. */
function droppedLine(where: string, dropped: string[], mentions: number, warnings: string[]): void {
  if (dropped.length + mentions > 0)
    warnings.push(
      `history ${where}: ${dropped.length} series and ${mentions} ` +
        `change${mentions === 1 ? "" : "s"} whose keys are not "project/component/language" ` +
        `triples of slugs were dropped${example(dropped[0])}`,
    );
}

/**
 * Decodes a file's series (key -> text) into `series`, checked as parseHistory says; returns the
 * keys dropped for not being translations' triples.
 */
export function readSeries(
  record: Record<string, string>,
  where: string,
  series: SeriesMap,
): string[] {
  const keys = Object.keys(record);
  if (keys.length > MAX_SERIES)
    throw new HistoryFormatError(`history ${where}: more than ${MAX_SERIES} series`);
  const dropped: string[] = [];
  for (const key of keys) {
    if (!isTripleKey(key)) {
      dropped.push(key);
      continue;
    }
    const at = `${where}: "series.${key.slice(0, 100)}"`;
    let numbers: number[];
    try {
      numbers = decodeNumbers(must(record[key]));
    } catch (error) {
      throw new HistoryFormatError(`history ${at}: ${messageOf(error)}`);
    }
    if (numbers.length > MAX_NUMBERS_PER_SERIES)
      throw new HistoryFormatError(
        `history ${at}: more than ${MAX_NUMBERS_PER_SERIES / POINT_SIZE} points`,
      );
    checkSeries(numbers, at);
    // Checked: the text is kept as it is.
    series.setText(key, must(record[key]));
  }
  return dropped;
}

/** ", e.g. <the key>", escaped as server text is; nothing without a key. */
export function example(key: string | undefined): string {
  return key === undefined ? "" : `, e.g. ${sanitizeText(JSON.stringify(key.slice(0, 100)))}`;
}

/** Whether a history key is one translation's (tripleKey's form, slugs that can be paths). */
export function isTripleKey(key: string): boolean {
  const parsed = parseTripleString(key);
  const t = parsed.triple;
  return (
    t !== undefined &&
    t.component !== WILDCARD &&
    t.language !== WILDCARD &&
    t.project !== WILDCARD &&
    tripleKey(t) === key
  );
}

/** The first slot of a point (after its time) that may hold UNKNOWN: characters and approved. */
const FIRST_OPTIONAL = 1 + COUNTERS.indexOf("totalChars");

/**
 * Checks a delta-encoded series: whole points, rising times, no negative counter (but UNKNOWN
 * where a counter may be unknown).
 */
function checkSeries(encoded: readonly number[], where: string): void {
  if (encoded.length === 0 || encoded.length % POINT_SIZE !== 0)
    throw new HistoryFormatError(`history ${where}: expected points of ${POINT_SIZE} numbers each`);
  const flat = encoded.slice(0, POINT_SIZE);
  for (let i = POINT_SIZE; i < encoded.length; i++)
    flat.push(must(flat[i - POINT_SIZE]) + must(encoded[i]));
  for (let i = 0; i < flat.length; i++) {
    const slot = i % POINT_SIZE;
    const value = must(flat[i]);
    if (value < 0 && !(slot >= FIRST_OPTIONAL && value === UNKNOWN))
      throw new HistoryFormatError(`history ${where}: a negative ${slot === 0 ? "time" : "count"}`);
    if (slot === 0 && i > 0 && must(encoded[i]) <= 0)
      throw new HistoryFormatError(`history ${where}: times must rise from point to point`);
  }
}
