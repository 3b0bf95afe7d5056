import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { formatPath } from "../text/format-path.js";
import { fileSegment } from "../site/site-paths.js";
import { must } from "../model/must.js";
import { field, isJson } from "../model/json.js";
import {
  changesSchema,
  HISTORY_SCHEMA_VERSION,
  keyText,
  MAX_RUNS,
  type History,
  type KeptPart,
} from "./history.js";
import {
  historyOf,
  HistoryFormatError,
  isoTimeSchema,
  lineItems,
  readSeries,
  refuseNewer,
  seriesText,
} from "./history-file.js";
import { COUNTERS, SeriesMap } from "./series.js";

// The history's one format, split by project (version 3): data/history.json is an index (the
// server, the runs and the feed's changes, and one line per project naming its part), and
// data/history/<project>.json holds that project's series and removals, a line a translation
// (history-file.ts). Each file is read on its own and capped at history.maxBytes on its own, so the
// history of a large instance grows in files of one project each, not in one file past any cap.

/**
 * A part that is not its index's: another run's (a deploy left half done, a cache's older copy),
 * or holding another number of series than the index lists. Its series are what that run knew:
 * kept with a warning (its project restarted) by `build` and `check`; a strict read stops.
 */
export class StalePart extends HistoryFormatError {}

/** What keeping another run's part costs its project: the end of the warning naming the part. */
export const keptPart = (project: string): string =>
  `kept as that run left it, so project ${JSON.stringify(project.slice(0, 100))} may lack some ` +
  "runs' points (publish each run's files whole)";

/** Why a part is not its index's (another run's, another count of series), if it is not. */
export function staleness(
  part: { run: string; series: Record<string, string> },
  lastRun: string | undefined,
  listed: number,
): string | undefined {
  if (part.run !== lastRun)
    return `written by the run of ${part.run}, not by the index's (${lastRun ?? "none"})`;
  const held = Object.keys(part.series).length;
  if (held !== listed) return `holds ${held} series where the index lists ${listed}`;
  return undefined;
}

/** A kept part as `check` names it: where, why, and its run when older than the index's. */
export function keptAs(
  where: string,
  why: string,
  run: string,
  lastRun: string | undefined,
): KeptPart {
  return { where, why, ...(run !== lastRun ? { run } : {}) };
}

/** What an index lists: a project and its part's path from the index's folder. */
export interface PartRef {
  project: string;
  path: string;
  /** Its count of series, as the index's own JSON lists it (a project may be `__proto__`). */
  series: number;
}

const PART_KIND = "l10n-snapshot history part";
const MAX_PARTS = 100_000; // An index lists at most so many projects (a tampered one too).

/** The path of a project's part, from the index's folder (data/). */
export const partPath = (project: string): string => `history/${fileSegment(project)}.json`;

/** The project of a translation's key ("project/component/language"). */
const projectOfKey = (key: string): string => key.slice(0, key.indexOf("/"));

/** The keys of the history's series by project, each project's sorted. */
function byProject(history: History): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of [...history.series.keys()].sort()) {
    const project = projectOfKey(key);
    const keys = groups.get(project);
    if (keys) keys.push(key);
    else groups.set(project, [key]);
  }
  return groups;
}

/**
 * The history's files: the index first (path "history.json"), then one part per project with
 * series, each with its path from data/ and a function writing it when the writer gets to it.
 */
export function historyFiles(history: History): { path: string; render: () => string }[] {
  const groups = byProject(history);
  const index = () => {
    const lines: string[] = [];
    lines.push(
      `{\n  "schemaVersion": ${HISTORY_SCHEMA_VERSION},\n  "kind": "l10n-snapshot history"`,
    );
    lines.push(`,\n  "baseUrl": ${JSON.stringify(history.baseUrl)}`);
    if (history.lastRun) lines.push(`,\n  "lastRun": ${JSON.stringify(history.lastRun)}`);
    if (history.previousRun)
      lines.push(`,\n  "previousRun": ${JSON.stringify(history.previousRun)}`);
    lines.push(`,\n  "point": ${JSON.stringify(["minute", ...COUNTERS])}`);
    lines.push(`,\n  "runs": [${lineItems(history.runs.map((r) => JSON.stringify(r)))}]`);
    const parts = [...groups].map(
      ([project, keys]) =>
        `${JSON.stringify(project)}: ` +
        JSON.stringify({ path: partPath(project), series: keys.length }),
    );
    lines.push(`,\n  "parts": {${lineItems(parts)}}\n}\n`);
    return lines.join("");
  };
  const part = (project: string, keys: string[]) => () => {
    const gone = keys.flatMap((k) => {
      const minute = history.gone.get(k);
      return minute === undefined ? [] : [[k, minute] as const];
    });
    const series = keys.map((k) => `${JSON.stringify(k)}: "${must(history.series.text(k))}"`);
    return (
      `{\n  "schemaVersion": ${HISTORY_SCHEMA_VERSION},\n  "kind": "${PART_KIND}"` +
      `,\n  "project": ${JSON.stringify(project)}` +
      // The run that wrote it, as the index names it: a part from another run is not its own.
      `,\n  "run": ${JSON.stringify(must(history.lastRun))}` +
      `,\n  "gone": ${JSON.stringify(Object.fromEntries(gone))}` +
      `,\n  "series": {${lineItems(series)}}\n}\n`
    );
  };
  return [
    { path: "history.json", render: index },
    ...[...groups].map(([project, keys]) => ({
      path: partPath(project),
      render: part(project, keys),
    })),
  ];
}

const indexSchema = z.object({
  schemaVersion: z.literal(HISTORY_SCHEMA_VERSION),
  kind: z.literal("l10n-snapshot history"),
  baseUrl: z.string().max(2000),
  lastRun: isoTimeSchema.optional(),
  previousRun: isoTimeSchema.optional(),
  runs: z.array(z.object({ at: isoTimeSchema, changes: changesSchema })).max(MAX_RUNS * 4),
  parts: z.record(
    z.string().min(1).max(300),
    z.object({ path: z.string().max(1000), series: z.int().min(0) }),
  ),
});
const partSchema = z.object({
  schemaVersion: z.literal(HISTORY_SCHEMA_VERSION),
  kind: z.literal(PART_KIND),
  project: z.string().min(1).max(300),
  run: isoTimeSchema,
  gone: z.record(keyText, z.int().min(0)),
  series: z.record(keyText, seriesText),
});

function checked<T>(schema: z.ZodType<T>, json: unknown, where: string): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = must(result.error.issues[0]);
  throw new HistoryFormatError(`history ${where}: "${formatPath(issue.path)}": ${issue.message}`);
}

/**
 * The parts an index lists, checked (each path the one its project's part has), for the reader to
 * fetch. A file of another version is refused (HistoryFormatError; `newer` for a newer one).
 */
export function listedParts(json: unknown, where: string): PartRef[] {
  refuseNewer(json, where);
  if (field(json, "schemaVersion") !== HISTORY_SCHEMA_VERSION) checked(indexSchema, json, where);
  const parts = field(json, "parts");
  // No list: the index's check says what is wrong.
  if (!isJson(parts)) return [];
  const listed = Object.entries(parts);
  if (listed.length > MAX_PARTS)
    throw new HistoryFormatError(`history ${where}: more than ${MAX_PARTS} parts`);
  return listed.map(([project, ref]) => {
    const path = field(ref, "path");
    let expected: string | undefined;
    try {
      expected = partPath(project);
    } catch {
      expected = undefined;
    }
    if (expected === undefined || path !== expected)
      throw new HistoryFormatError(
        `history ${where}: "parts.${project.slice(0, 100)}": not the path of a project's part`,
      );
    const series = field(ref, "series");
    // Not a number: the index's check (after this) says so.
    return { project, path: expected, series: typeof series === "number" ? series : Number.NaN };
  });
}

/** A history being read: its index checked, its parts added one at a time. */
export interface HistoryReading {
  /** The parts to read, as the index lists them. */
  refs: PartRef[];
  /**
   * Adds a part's series and removals (its parsed JSON); the part is no longer needed after.
   * Throws HistoryFormatError for a part that is not a history (none of it added; `newer` for a
   * newer version) and StalePart for one that is not its index's, unless `keepStale`: then that
   * part's series are kept, its project is marked restarted, and the problem is returned.
   */
  add(ref: PartRef, json: unknown, keepStale?: boolean): string | undefined;
  /** Goes on without a part that could not be read: its project's history starts again. */
  skip(ref: PartRef): void;
  /** The history, once every part is added or skipped; what was dropped is said in `warnings`. */
  finish(warnings: string[]): History;
}

/**
 * Starts reading a history from its index. `where` names the index in messages
 * (".../data/history.json").
 */
export function openHistory(json: unknown, where: string): HistoryReading {
  const refs = listedParts(json, where);
  const index = checked(indexSchema, json, where);
  const series = new SeriesMap();
  const gone = new Map<string, number>();
  const dropped: string[] = [];
  const done = new Set<string>();
  const restarted = new Set<string>();
  const kept = new Map<string, KeptPart>();
  return {
    refs,
    add(ref, got, keepStale = false) {
      const at = `${where.replace(/history\.json$/, "")}${ref.path}`;
      refuseNewer(got, at);
      const part = checked(partSchema, got, at);
      if (part.project !== ref.project)
        throw new HistoryFormatError(`history ${at}: "project": not ${ref.project}`);
      const stale = staleness(part, index.lastRun, ref.series);
      if (stale && !keepStale) throw new StalePart(`history ${at}: ${stale}`);
      if (stale) kept.set(ref.project, keptAs(at, stale, part.run, index.lastRun));
      const own: Record<string, string> = {};
      const others: string[] = [];
      for (const [key, text] of Object.entries(part.series)) {
        if (projectOfKey(key) === ref.project) own[key] = text;
        else others.push(key);
      }
      // Decoded on the side: a part with one bad series adds nothing.
      const read = new SeriesMap();
      dropped.push(...others, ...readSeries(own, at, read));
      for (const [key, text] of read.texts) series.setText(key, text);
      for (const [key, minute] of Object.entries(part.gone))
        if (projectOfKey(key) === ref.project && series.has(key)) gone.set(key, minute);
      done.add(ref.project);
      if (stale) restarted.add(ref.project);
      return stale;
    },
    skip(ref) {
      done.add(ref.project);
      restarted.add(ref.project);
    },
    finish(warnings) {
      const missing = refs.find((ref) => !done.has(ref.project));
      if (missing) throw new HistoryFormatError(`history ${where}: ${missing.path} not read`);
      const history = historyOf(index, series, gone, { where, dropped, warnings });
      if (restarted.size > 0) history.restarted = restarted;
      if (kept.size > 0) history.kept = kept;
      return history;
    },
  };
}

/**
 * The history in a folder (a site's data/history.json, or one beside a snapshot), read whole with
 * its parts (history/<project>.json beside it); throws HistoryFormatError, or the file system's
 * error. A part another run wrote (a copy or upload left half done) throws
 * StalePart, unless `keepStale`: then it is kept as that run left it, with a line in `warnings`,
 * as `build` keeps it from a previous site.
 */
export function readHistoryFile(file: string, warnings: string[] = [], keepStale = false): History {
  const index: unknown = JSON.parse(readFileSync(file, "utf8"));
  const reading = openHistory(index, file);
  for (const ref of reading.refs) {
    const path = join(dirname(file), ref.path);
    const stale = reading.add(ref, JSON.parse(readFileSync(path, "utf8")), keepStale);
    if (stale !== undefined) warnings.push(`history ${path}: ${stale}; ${keptPart(ref.project)}`);
  }
  return reading.finish(warnings);
}
