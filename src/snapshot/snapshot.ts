import { createHash } from "node:crypto";
import { compareTriples, tripleKey, type Triple } from "../config/triple.js";
import type { Fetched } from "../crawl/crawl-translations.js";
import { RequestError, type RequestErrorKind } from "../crawl/request-error.js";
import { ExitCode, type ExitCodeValue } from "../errors.js";
import type { Problem } from "../validate/problem.js";
import { sanitizeText } from "../text/sanitize.js";
import { validateRecord, type ValidationOptions } from "../validate/validate-record.js";

export type EntryStatus = "ok" | "invalid" | "failed";

/** One configured translation in the snapshot. */
export interface SnapshotEntry {
  project: string;
  component: string;
  language: string;
  status: EntryStatus;
  /** The record exactly as received (original names and values); present when ok. */
  record?: unknown;
  /** Departures a reader of the numbers or links should know about. */
  warnings: Problem[];
  errors: Problem[];
  /** Known, normal differences of real servers (older or newer versions): never shown to visitors. */
  notes: Problem[];
  /** Why a failed entry failed, for error badges: the kind of request error and the HTTP status. */
  failure?: { kind: RequestErrorKind | "error"; status?: number };
  /**
   * Last known good data: set when this run could not use the translation but an earlier run
   * could. `record` is that run's record, `asOf` when it was fetched, `since` the first run that
   * carried it. The entry's status stays what this run found.
   */
  carried?: CarriedData;
}

export interface CarriedData {
  asOf: string;
  since: string;
  record: unknown;
}

/** The contract between crawl and render. */
export interface Snapshot {
  schemaVersion: 1;
  generatedAt: string;
  source: {
    baseUrl: string;
    /** Fingerprint of the crawl's base URL and triples; shards of one config share it. */
    configHash: string;
  };
  /** Present on a partial snapshot written by `crawl --shard i/n`. */
  shard?: { index: number; count: number };
  translations: SnapshotEntry[];
}

/** Validates one fetched body (or records its failure) as a snapshot entry. */
export function toEntry(fetched: Fetched, options: ValidationOptions): SnapshotEntry {
  const { project, component, language } = fetched.triple;
  if (fetched.error) {
    const error = fetched.error;
    const failure = error instanceof RequestError ? { kind: error.kind, ...(error.status ? { status: error.status } : {}) } : { kind: "error" as const };
    return { project, component, language, status: "failed", warnings: [], errors: [{ path: "(request)", message: sanitizeText(error.message) }], notes: [], failure };
  }
  const result = validateRecord(fetched.body, fetched.triple, options);
  return {
    project,
    component,
    language,
    status: result.status,
    ...(result.status === "ok" ? { record: fetched.body } : {}),
    warnings: result.warnings.map(sanitizeProblem),
    errors: result.errors.map(sanitizeProblem),
    notes: result.notes.map(sanitizeProblem),
  };
}

/** Field names and found values come from the server: escaped and redacted before anyone sees them. */
function sanitizeProblem(p: Problem): Problem {
  return { path: clip(sanitizeText(p.path)), message: clip(sanitizeText(p.message)) };
}

/** A field name can be a megabyte long: a message keeps its first few hundred characters. */
function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

export interface SnapshotMeta {
  baseUrl: string;
  triples: readonly Triple[];
  now: Date;
  shard?: { index: number; count: number };
}

/** Entries sorted by project, component, language; the same input gives the same snapshot. */
export function toSnapshot(entries: readonly SnapshotEntry[], meta: SnapshotMeta): Snapshot {
  return {
    schemaVersion: 1,
    generatedAt: meta.now.toISOString(),
    source: { baseUrl: meta.baseUrl, configHash: configHash(meta.baseUrl, meta.triples) },
    ...(meta.shard && meta.shard.count > 1 ? { shard: meta.shard } : {}),
    translations: [...entries].sort(compareTriples),
  };
}

/** Fingerprint of what a crawl was asked to do. */
export function configHash(baseUrl: string, triples: readonly Triple[]): string {
  const text = [baseUrl, ...[...triples].sort(compareTriples).map(tripleKey)].join("\n");
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/**
 * Stable text: the header fields indented, then one translation per line, so a diff between two
 * snapshots shows one changed line per changed translation, and 10,000 records stay compact.
 */
export function serializeSnapshot(snapshot: Snapshot): string {
  return [...snapshotChunks(snapshot)].join("");
}

/** The same text in pieces, one per translation, for writing a large snapshot without building it whole. */
export function* snapshotChunks(snapshot: Snapshot): Generator<string> {
  const { translations, ...header } = snapshot;
  yield `${JSON.stringify(header, null, 2).slice(0, -2)},\n  "translations": [`;
  for (let i = 0; i < translations.length; i++) yield `${i === 0 ? "\n" : ",\n"}    ${JSON.stringify(translations[i])}`;
  yield `${translations.length ? "\n  " : ""}]\n}\n`;
}

export interface SnapshotCounts {
  total: number;
  ok: number;
  withWarnings: number;
  withNotes: number;
  invalid: number;
  failed: number;
}

export function countEntries(entries: readonly SnapshotEntry[]): SnapshotCounts {
  const counts = { total: 0, ok: 0, withWarnings: 0, withNotes: 0, invalid: 0, failed: 0 };
  for (const e of entries) countEntry(counts, e);
  return counts;
}

/** Adds one entry to the counts. */
export function countEntry(counts: SnapshotCounts, e: SnapshotEntry): void {
  counts.total += 1;
  if (e.status === "ok") {
    counts.ok += 1;
    if (e.warnings.length > 0) counts.withWarnings += 1;
    if (e.notes.length > 0) counts.withNotes += 1;
  } else if (e.status === "invalid") counts.invalid += 1;
  else counts.failed += 1;
}

/** 0 when every translation is usable, 1 when some are not, 3 when none is. */
export function exitCodeFor(snapshot: Snapshot): ExitCodeValue {
  const counts = countEntries(snapshot.translations);
  if (counts.ok === 0) return ExitCode.unusable;
  if (counts.invalid > 0 || counts.failed > 0) return ExitCode.partial;
  return ExitCode.ok;
}
