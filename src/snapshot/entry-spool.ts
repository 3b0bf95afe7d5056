import { compareTriples, type Triple } from "../config/triple.js";
import type { SnapshotEntry } from "./schema.js";
import { countEntry, emptySnapshotCounts, type SnapshotCounts } from "./snapshot.js";
import type { SnapshotSource } from "./read-snapshot.js";

/**
 * Where a run's entries wait between the crawl and the snapshot: numbered as they come, read back
 * by number, replaced in place (a site clash, last known good data). `SnapshotSpool` keeps them in
 * a file and a small summary each in memory (a crawl at any size); `MemorySpool` keeps them as they
 * are (the in-memory crawl of the programmatic surface and the tests). The pipeline's steps run
 * over either.
 */
export interface EntrySpool {
  /** Stores an entry; returns its number. */
  add(entry: SnapshotEntry): number;
  /**
   * Stores each entry of a previous snapshot as it is read (once, streamed), and yields it: the
   * carried ones are kept (`retain`), the others let go.
   */
  addAll(source: SnapshotSource): Iterable<SnapshotEntry>;
  /** Keeps the entries `keep` says, numbered again from 0 in their order (no number is held). */
  retain(keep: (n: number) => boolean): void;
  /** Stores a changed entry (of the same triple) in place of entry `n`. */
  replace(n: number, entry: SnapshotEntry): void;
  /** The entry numbers in snapshot order (by project, component, language; then as they came). */
  sorted(): Uint32Array;
  /** Entry `n`'s project, component and language, without reading it back. */
  triple(n: number): Triple;
  /** Whether entry `n` is ok. */
  isOk(n: number): boolean;
  /** Whether entry `n` has warnings, errors or notes, or is not ok. */
  hasProblems(n: number): boolean;
  /** Entry `n`, whole. */
  entry(n: number): SnapshotEntry;
  /** The counts of the summary line. */
  counts(): SnapshotCounts;
  /** Lets the entries go; the spool is unusable after. Closing again does nothing. */
  close(): void;
}

/** Whether an entry has warnings, errors or notes, or is not ok. */
export const hasProblems = (e: SnapshotEntry): boolean =>
  e.status !== "ok" || e.errors.length > 0 || e.warnings.length > 0 || e.notes.length > 0;

/** The entries held as they are. */
export class MemorySpool implements EntrySpool {
  private entries: SnapshotEntry[] = [];

  add(entry: SnapshotEntry): number {
    return this.entries.push(entry) - 1;
  }

  *addAll(source: SnapshotSource): Generator<SnapshotEntry> {
    for (const entry of source.entries()) {
      this.add(entry);
      yield entry;
    }
  }

  retain(keep: (n: number) => boolean): void {
    this.entries = this.entries.filter((_, n) => keep(n));
  }

  replace(n: number, entry: SnapshotEntry): void {
    this.entries[n] = entry;
  }

  sorted(): Uint32Array {
    const order = Array.from(this.entries.keys());
    // Array sort is stable: entries of one triple stay in the order they came.
    order.sort((a, b) => compareTriples(this.entry(a), this.entry(b)));
    return Uint32Array.from(order);
  }

  triple(n: number): Triple {
    const { project, component, language } = this.entry(n);
    return { project, component, language };
  }

  isOk(n: number): boolean {
    return this.entry(n).status === "ok";
  }

  hasProblems(n: number): boolean {
    return hasProblems(this.entry(n));
  }

  entry(n: number): SnapshotEntry {
    const entry = this.entries[n];
    if (entry === undefined) throw new RangeError(`no entry ${n} in the spool`);
    return entry;
  }

  counts(): SnapshotCounts {
    const counts = emptySnapshotCounts();
    for (const e of this.entries) countEntry(counts, e);
    return counts;
  }

  close(): void {
    this.entries = [];
  }
}
