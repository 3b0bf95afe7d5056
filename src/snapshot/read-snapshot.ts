import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import type { z } from "zod";
import { OutputError, messageOf } from "../model/errors.js";
import { formatPath } from "../text/format-path.js";
import { expandEntry, expandTables, TableIndexError, type CompactTables } from "./compact.js";
import {
  compactTablesSchema,
  entrySchema,
  headerSchema,
  snapshotSchema,
  type Snapshot,
  type SnapshotEntry,
  type SnapshotHeader,
} from "./schema.js";
import { snapshotChunks } from "./snapshot.js";
import { readSnapshotText } from "./packed-snapshot.js";
import { must } from "../model/must.js";
import { errorCode, isJson } from "../model/json.js";

// What a site is rendered from. A snapshot file is read one translation at a time, so rendering
// 10,000 translations never holds their 10,000 records (or the file's text) in memory at once.
// The layout `crawl` writes: the header (indented JSON, the tables one record a line), then
// `  "translations": [`, one translation a line (`    {...},`), `  ]`, `}`. A file is read a line
// at a time, in blocks of 1 MB, so a snapshot of a million lines is never whole in memory.

export const ENTRIES_START = '  "translations": [';
const NO_ENTRIES = '  "translations": []';

/** A line of the file turned out not to be the layout: the caller reads the file whole. */
class NotTheLayout extends Error {}

export type { SnapshotHeader };

export interface SnapshotSource {
  header: SnapshotHeader;
  /**
   * The entries in order, read afresh on each call. `checked`: this reader has already given (and
   * checked) them all once, so a file's entries are not checked against the schema again (the
   * renderer's second pass; a file changed in between is caught by the reader's caller).
   */
  entries(options?: { checked?: boolean }): Iterable<SnapshotEntry>;
  /**
   * Where the snapshot's text comes from for `data/snapshot.json`: a file to copy, or pieces to
   * write.
   */
  text: { copyFrom: string } | { chunks: () => Iterable<string> };
  /** Set once the file turned out not to be in the layout `crawl` writes and was read whole. */
  readWhole?: boolean;
}

function invalidError(
  file: string,
  issues: z.core.$ZodIssue[],
  prefix: PropertyKey[] = [],
): OutputError {
  const issue = must(issues[0]);
  return new OutputError(
    `snapshot ${file}: "${formatPath([...prefix, ...issue.path])}": ${issue.message}; write it ` +
      `with "l10n-snapshot crawl"`,
  );
}

function unreadableError(file: string, error: unknown): OutputError {
  return new OutputError(`snapshot ${file}: cannot read it (${errorCode(error) ?? "unreadable"})`, {
    cause: error,
  });
}

/** The snapshot in memory as a source (the `build` command renders what it just crawled). */
export function snapshotSource(snapshot: Snapshot): SnapshotSource {
  const { translations, ...header } = snapshot;
  return { header, entries: () => translations, text: { chunks: () => snapshotChunks(snapshot) } };
}

/**
 * A snapshot from parsed JSON (a previous site's, say), checked; `where` names it in the one-line
 * error.
 */
export function parseSnapshot(json: unknown, where: string): Snapshot {
  const result = snapshotSchema.safeParse(expandCompact(json, where));
  if (!result.success) throw invalidError(where, result.error.issues);
  return result.data;
}

/** A snapshot's JSON with its records whole again (the tables dropped). */
function expandCompact(json: unknown, where: string): unknown {
  if (!isJson(json)) return json;
  const { projects, components, languages, notes, ...rest } = json;
  const tables = parseTables({ projects, components, languages, notes }, where);
  if (!Array.isArray(rest.translations)) return rest;
  return {
    ...rest,
    translations: rest.translations.map((entry, i) => expandStored(entry, tables, i, where)),
  };
}

function parseTables(json: unknown, where: string): CompactTables {
  const result = compactTablesSchema.safeParse(json);
  if (!result.success) throw invalidError(where, result.error.issues);
  return indexed(where, () => expandTables(result.data));
}

const expandStored = (entry: unknown, tables: CompactTables, index: number, where: string) =>
  indexed(where, () => expandEntry(entry, tables, index));

/** `expand`'s value; an index outside the tables as the one-line error naming `where`. */
function indexed<T>(where: string, expand: () => T): T {
  try {
    return expand();
  } catch (error) {
    if (error instanceof TableIndexError)
      throw new OutputError(`snapshot ${where}: "${formatPath(error.path)}": ${error.message}`);
    throw error;
  }
}

/**
 * Reads a whole snapshot file into memory, checked; used by `merge`, and when a file is not in the
 * one-line-per-translation layout.
 */
export function readSnapshot(file: string): Snapshot {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw unreadableError(file, error);
  }
  const text = readSnapshotText(file, bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new OutputError(`snapshot ${file}: not valid JSON (${messageOf(error)})`, {
      cause: error,
    });
  }
  return parseSnapshot(json, file);
}

/**
 * Opens a snapshot file for rendering. A file in the layout `crawl` writes (header, then one
 * translation per line) is streamed line by line; any other valid snapshot (say, one reformatted
 * by hand) is read whole. Either way the entries and the errors are the same.
 */
export function openSnapshot(file: string): SnapshotSource {
  const layout = layoutHeader(file);
  const text = { copyFrom: file };
  if (!layout) return { ...snapshotSource(readSnapshot(file)), text, readWhole: true };
  // The tables (5,000 components' records at 1,000,000 translations) are read again for each
  // pass, not held between passes.
  const source: SnapshotSource = {
    header: layout.header,
    entries: (options) =>
      streamEntries(file, options?.checked, () => {
        source.readWhole = true;
      }),
    text,
  };
  return source;
}

/**
 * The header and the tables when the file starts in the streaming layout; undefined if not. A file
 * that cannot be read is the one-line error.
 */
function layoutHeader(file: string): { header: SnapshotHeader; tables: CompactTables } | undefined {
  const headerLines: string[] = [];
  let tableRows = 0;
  try {
    for (const line of readLines(file)) {
      if (line === ENTRIES_START || line === NO_ENTRIES) return parseHeader(headerLines, file);
      headerLines.push(line);
      if (line.startsWith("    {")) tableRows += 1;
      if (headerLines.length - tableRows > 64) return undefined;
    }
  } catch (error) {
    if (error instanceof OutputError) throw error;
    throw unreadableError(file, error);
  }
  return undefined;
}

/** The header's lines parsed, with the tables; undefined when they are not a snapshot's header. */
function parseHeader(lines: string[], file: string) {
  let json: unknown;
  try {
    json = JSON.parse(`${lines.join("\n")}\n"translations": []}`);
  } catch {
    return undefined;
  }
  const result = headerSchema.safeParse(json);
  // Not a header: reading the file whole gives the error, with its path.
  if (!result.success) return undefined;
  return { header: result.data, tables: parseTables(json, file) };
}

/**
 * The entries, line by line: checked, unless `checked` (all were read and checked before: a third
 * of the reading's time; the caller compares what it reads again with what it kept). Should a
 * line turn out not to be one whole translation, the file is read whole instead (`readWhole` is
 * called) and the remaining entries come from there.
 */
function* streamEntries(
  file: string,
  checked: boolean | undefined,
  readWhole: () => void,
): Generator<SnapshotEntry> {
  let index = 0;
  try {
    const tables = layoutHeader(file)?.tables;
    if (!tables) throw new NotTheLayout();
    for (const json of layoutEntries(file)) {
      const entry = expandStored(json, tables, index, file);
      const result = checked ? undefined : entrySchema.safeParse(entry);
      if (result?.success === false)
        throw invalidError(file, result.error.issues, ["translations", index]);
      index += 1;
      // Unchecked only when this reader checked the same entry before.
      yield (result ? result.data : entry) as SnapshotEntry;
    }
  } catch (error) {
    if (error instanceof OutputError) throw error;
    if (!(error instanceof NotTheLayout)) throw unreadableError(file, error);
    readWhole();
    yield* readSnapshot(file).translations.slice(index);
  }
}

/** The lines of a file, without their line ends ("\n" or "\r\n"). */
export function* readLines(file: string): Generator<string> {
  const fd = openSync(file, "r");
  try {
    // One buffer for the whole file: the unfinished line moved to its start, the next block read
    // after it (grown only for a line longer than a block). A buffer a block would outlive many
    // young-generation collections while its lines are used, and wait for a full one.
    let data = Buffer.allocUnsafe(1 << 20);
    let rest = 0;
    for (;;) {
      if (rest === data.length) data = Buffer.concat([data, Buffer.allocUnsafe(data.length)]);
      const n = readSync(fd, data, rest, data.length - rest, null);
      if (n === 0) break;
      const filled = rest + n;
      const view = data.subarray(0, filled);
      let start = 0;
      for (let nl = view.indexOf(10); nl !== -1; nl = view.indexOf(10, start)) {
        const end = nl > start && data[nl - 1] === 13 ? nl - 1 : nl;
        yield data.toString("utf8", start, end);
        start = nl + 1;
      }
      data.copy(data, 0, start, filled);
      rest = filled - start;
    }
    if (rest) yield data.toString("utf8", 0, rest);
  } finally {
    closeSync(fd);
  }
}

/**
 * The translations parsed, one a line; throws NotTheLayout at the first line that is not one whole
 * translation (or at the end, when the file does not close as the layout does).
 */
function* layoutEntries(file: string): Generator<unknown> {
  let state: "header" | "entries" | "closing" | "end" = "header";
  for (const line of readLines(file)) {
    if (state === "header") {
      if (line === NO_ENTRIES) state = "closing";
      else if (line === ENTRIES_START) state = "entries";
    } else if (state === "entries") {
      if (line === "  ]") state = "closing";
      else if (!line.startsWith("    {")) throw new NotTheLayout();
      else yield parseLine(line.slice(4, line.endsWith(",") ? -1 : undefined));
    } else if (state === "closing" && line === "}") state = "end";
    else if (line.trim() !== "") throw new NotTheLayout();
  }
  if (state !== "end") throw new NotTheLayout();
}

/** One translation's text parsed; NotTheLayout when it is not JSON. */
function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotTheLayout();
  }
}
