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
import { errorCode, field, isJson } from "../model/json.js";

// What a site is rendered from. A snapshot file is read one translation at a time, so rendering
// 10,000 translations never holds their 10,000 records (or the file's text) in memory at once.

export type { SnapshotHeader };

export interface SnapshotSource {
  header: SnapshotHeader;
  /** The entries in order, read afresh on each call. */
  entries(): Iterable<SnapshotEntry>;
  /**
   * Where the snapshot's text comes from for `data/snapshot.json`: a file to copy, or pieces to
   * write.
   */
  text: { copyFrom: string } | { chunks: () => Iterable<string> };
}

function invalid(
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

function unreadable(file: string, error: unknown): OutputError {
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
  if (!result.success) throw invalid(where, result.error.issues);
  return result.data;
}

/**
 * A version 2 snapshot's JSON with its records whole again (the tables dropped); any other JSON as
 * it is.
 */
function expandCompact(json: unknown, where: string): unknown {
  if (!isJson(json) || json.schemaVersion !== 2) return json;
  const { projects, components, languages, ...rest } = json;
  const tables = parseTables({ projects, components, languages }, where);
  if (!Array.isArray(rest.translations)) return rest;
  return {
    ...rest,
    translations: rest.translations.map((entry, i) => expandStored(entry, tables, i, where)),
  };
}

function parseTables(json: unknown, where: string): CompactTables {
  const result = compactTablesSchema.safeParse(json);
  if (!result.success) throw invalid(where, result.error.issues);
  try {
    return expandTables(result.data);
  } catch (error) {
    if (error instanceof TableIndexError)
      throw new OutputError(`snapshot ${where}: "${formatPath(error.path)}": ${error.message}`);
    throw error;
  }
}

function expandStored(
  entry: unknown,
  tables: CompactTables,
  index: number,
  where: string,
): unknown {
  try {
    return expandEntry(entry, tables, index);
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
    throw unreadable(file, error);
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
  let layout: { header: SnapshotHeader; tables: CompactTables } | undefined;
  try {
    layout = readLayoutHeader(file);
  } catch (error) {
    if (error instanceof OutputError) throw error;
    throw unreadable(file, error);
  }
  const text = { copyFrom: file };
  if (!layout) {
    const snapshot = readSnapshot(file);
    return { ...snapshotSource(snapshot), text };
  }
  const { header, tables } = layout;
  return { header, entries: () => streamEntries(file, tables), text };
}

const ENTRIES_START = '  "translations": [';
const NO_ENTRIES = '  "translations": []';

/**
 * The header (and a version 2 file's tables, held: a few hundred records) when the file starts in
 * the streaming layout; undefined when it does not.
 */
function readLayoutHeader(
  file: string,
): { header: SnapshotHeader; tables: CompactTables } | undefined {
  const headerLines: string[] = [];
  let tableRows = 0;
  for (const line of readLines(file)) {
    if (line === ENTRIES_START || line === NO_ENTRIES) {
      let json: unknown;
      try {
        json = JSON.parse(`${headerLines.join("\n")}\n"translations": []}`);
      } catch {
        return undefined;
      }
      const result = headerSchema.safeParse(json);
      if (!result.success) return undefined; // the whole read gives the error, with its path
      const projects = field(json, "projects");
      const components = field(json, "components");
      const languages = field(json, "languages");
      const tables =
        result.data.schemaVersion === 2
          ? parseTables({ projects, components, languages }, file)
          : { projects: [], components: [], languages: [] };
      return { header: result.data, tables };
    }
    headerLines.push(line);
    if (line.startsWith("    {")) tableRows += 1;
    if (headerLines.length - tableRows > 64) return undefined;
  }
  return undefined;
}

class NotTheLayout extends Error {}

/**
 * Yields the entries line by line. Should a line turn out not to be one whole translation, the
 * file is read whole instead and the remaining entries come from there.
 */
function* streamEntries(file: string, tables: CompactTables): Generator<SnapshotEntry> {
  let index = 0;
  try {
    for (const json of layoutEntries(file)) {
      const result = entrySchema.safeParse(expandStored(json, tables, index, file));
      if (!result.success) throw invalid(file, result.error.issues, ["translations", index]);
      index += 1;
      yield result.data;
    }
  } catch (error) {
    if (error instanceof OutputError) throw error;
    if (!(error instanceof NotTheLayout)) throw unreadable(file, error);
    const whole = readSnapshot(file);
    yield* whole.translations.slice(index);
  }
}

function* layoutEntries(file: string): Generator<unknown> {
  let state: "header" | "entries" | "closing" | "end" = "header";
  for (const line of readLines(file)) {
    if (state === "header") {
      if (line === NO_ENTRIES) state = "closing";
      else if (line === ENTRIES_START) state = "entries";
      continue;
    }
    if (state === "entries") {
      if (line === "  ]") {
        state = "closing";
        continue;
      }
      const text = line.endsWith(",") ? line.slice(0, -1) : line;
      if (!text.startsWith("    {")) throw new NotTheLayout();
      try {
        yield JSON.parse(text);
      } catch {
        throw new NotTheLayout();
      }
      continue;
    }
    if (state === "closing" && line === "}") state = "end";
    else if (line.trim() !== "") throw new NotTheLayout();
  }
  if (state !== "end") throw new NotTheLayout();
}

/** The lines of a file, read 1 MB at a time. */
function* readLines(file: string): Generator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for (const chunk of readChunks(file)) {
    const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      const end = nl > start && data[nl - 1] === 13 ? nl - 1 : nl;
      yield data.toString("utf8", start, end);
      start = nl + 1;
    }
    rest = Buffer.from(data.subarray(start));
  }
  if (rest.length) yield rest.toString("utf8");
}

function* readChunks(file: string): Generator<Buffer> {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) return;
      yield buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}
