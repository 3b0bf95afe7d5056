import { createHash } from "node:crypto";
import { compareTriples, tripleKey, type Triple } from "../config/triple.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Shard } from "../model/shard.js";
import { TableBuilder, type CompactTables } from "./compact.js";
import type { Snapshot, SnapshotEntry, SnapshotHeader } from "./schema.js";
import { must } from "../model/must.js";

export interface SnapshotMeta {
  baseUrl: string;
  triples: readonly Triple[];
  now: Date;
  shard?: Shard;
  /** Projects carried over by an incremental crawl, and when each was last fetched. */
  fetchedAt?: Record<string, string>;
  /** Per project tracked whole: the server's clock from which its next probe asks for changes. */
  changesSince?: Record<string, string>;
}

/** Entries sorted by project, component, language; the same input gives the same snapshot. */
export function toSnapshot(entries: readonly SnapshotEntry[], meta: SnapshotMeta): Snapshot {
  return {
    schemaVersion: 3,
    generatedAt: meta.now.toISOString(),
    source: { baseUrl: meta.baseUrl, configHash: configHash(meta.baseUrl, meta.triples) },
    ...(meta.fetchedAt && Object.keys(meta.fetchedAt).length > 0
      ? { fetchedAt: meta.fetchedAt }
      : {}),
    ...(meta.changesSince && Object.keys(meta.changesSince).length > 0
      ? { changesSince: meta.changesSince }
      : {}),
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

/**
 * The same text in pieces, one per translation, for writing a large snapshot without building it
 * whole. Always the compact layout (schemaVersion 3, compact.ts): the shared records' tables (and
 * the notes about them), one a line, then the translations without the copies.
 */
export function* snapshotChunks(snapshot: Snapshot): Generator<string> {
  const { translations, ...header } = snapshot;
  // A first pass finds the tables, which come first in the file; the second writes the entries.
  const tables = new TableBuilder();
  for (const entry of translations) tables.compact(entry);
  yield compactHead(header, tables.tables);
  for (let i = 0; i < translations.length; i++)
    yield `${i === 0 ? "\n" : ",\n"}    ${JSON.stringify(tables.compact(must(translations[i])))}`;
  yield compactTail(translations.length);
}

/**
 * A compact snapshot's text up to its first translation: the header, the tables, the opening of
 * `translations`.
 */
export function compactHead(header: SnapshotHeader, tables: CompactTables): string {
  const names = ["projects", "components", "languages", "notes"] as const;
  const head = JSON.stringify({ ...header, schemaVersion: 3 }, null, 2).slice(0, -2);
  const table = (name: (typeof names)[number]) =>
    `  ${JSON.stringify(name)}: ${jsonLines(tables[name])},\n`;
  return `${head},\n${names.map(table).join("")}  "translations": [`;
}

/** The text after the last translation of `count`. */
export function compactTail(count: number): string {
  return `${count ? "\n  " : ""}]\n}\n`;
}

/** A JSON array with one item a line, indented for the snapshot's layout. */
function jsonLines(items: readonly unknown[]): string {
  if (items.length === 0) return "[]";
  return `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]`;
}

export interface SnapshotCounts {
  total: number;
  ok: number;
  withWarnings: number;
  withNotes: number;
  invalid: number;
  failed: number;
}

/** Counts of no entries: where counting starts. */
export function emptySnapshotCounts(): SnapshotCounts {
  return { total: 0, ok: 0, withWarnings: 0, withNotes: 0, invalid: 0, failed: 0 };
}

/** What the counts read of an entry, small enough to keep for each of a million. */
export interface EntrySummary {
  status: SnapshotEntry["status"];
  warned: boolean;
  noted: boolean;
  /** Warnings, errors or notes, or not ok. */
  problems: boolean;
}

export function summarizeEntry(e: SnapshotEntry): EntrySummary {
  const warned = e.warnings.length > 0;
  const noted = e.notes.length > 0;
  return {
    status: e.status,
    warned,
    noted,
    problems: warned || noted || e.errors.length > 0 || e.status !== "ok",
  };
}

/** Adds one entry to the counts. */
export function countEntry(counts: SnapshotCounts, e: EntrySummary): void {
  counts.total += 1;
  if (e.status === "ok") {
    counts.ok += 1;
    if (e.warned) counts.withWarnings += 1;
    if (e.noted) counts.withNotes += 1;
  } else if (e.status === "invalid") counts.invalid += 1;
  else counts.failed += 1;
}

/** 0 when every translation is usable, 1 when some are not, 3 when none is. */
export function exitCodeOf(counts: SnapshotCounts): ExitCodeValue {
  if (counts.ok === 0) return ExitCode.unusable;
  if (counts.invalid > 0 || counts.failed > 0) return ExitCode.partial;
  return ExitCode.ok;
}
