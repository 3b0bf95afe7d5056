import { closeSync, openSync, readSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { compareTriples, type Triple } from "../config/triple.js";
import { OutputError } from "../model/errors.js";
import { describeFsError } from "../output/fs-errors.js";
import { doneTemp, madeTemp, removeDeadTemps, tempName } from "../output/temp-files.js";
import { writeAll } from "../output/write-all.js";
import { expandEntry, expandTables, TableBuilder, type CompactTables } from "./compact.js";
import type { SnapshotEntry, SnapshotHeader } from "./schema.js";
import {
  countEntry,
  emptySnapshotCounts,
  summarizeEntry,
  type EntrySummary,
  type SnapshotCounts,
} from "./snapshot.js";
import { SnapshotWriter } from "./snapshot-writer.js";

// A crawl of 1,000,000 translations cannot hold their records (some 1.3 KB of JSON each): each
// entry is appended to a temporary file as one compact line the moment it is validated, and
// memory keeps a small plain object per entry (its names, where its line is, its status).
// Replacing an entry appends its new line. Writing the snapshot reads the lines back in the
// snapshot's order into a SnapshotWriter, which numbers the tables as serializeSnapshot does.

/** What the spool keeps of an entry in memory. */
interface Line extends Triple, EntrySummary {
  offset: number;
  length: number;
}

/**
 * Where a run's entries wait between the crawl and the snapshot: numbered as they come, read back
 * by number, replaced in place (a site clash, last known good data).
 */
export class SnapshotSpool {
  private readonly fd: number;
  private readonly tempFile: string;
  private readonly tables = new TableBuilder();
  private expanded: { size: number; tables: CompactTables } | undefined;
  private lines: Line[] = [];
  /** Each name once, so a million summaries share a few thousand strings. */
  private readonly names = new Map<string, string>();
  private pending: string[] = [];
  private pendingBytes = 0;
  private bytes = 0;
  private closed = false;
  private failed: OutputError | undefined;

  /**
   * A spool in a temporary file next to `target` (on the file system the snapshot goes to), named
   * as the atomic writer names its temporary files, so one a killed run left is removed. `shown`:
   * what the messages say cannot be written (the file, or for build the site).
   */
  static async open(target: string, shown = target): Promise<SnapshotSpool> {
    try {
      await mkdir(dirname(target), { recursive: true });
      await removeDeadTemps(dirname(target), `${basename(target)}.tmp-`);
      return new SnapshotSpool(target, shown);
    } catch (error) {
      throw new OutputError(`cannot write ${shown}: ${describeFsError(error)}`, { cause: error });
    }
  }

  private constructor(
    private readonly target: string,
    private readonly shown: string,
  ) {
    this.tempFile = madeTemp(tempName(`${target}.tmp-`));
    this.fd = openSync(this.tempFile, "w+");
  }

  /** Stores an entry; returns its number. */
  add(entry: SnapshotEntry): number {
    return this.lines.push(this.store(entry)) - 1;
  }

  /** Stores a changed entry (of the same triple) in place of entry `n`. */
  replace(n: number, entry: SnapshotEntry): void {
    this.line(n);
    this.lines[n] = this.store(entry);
  }

  get size(): number {
    return this.lines.length;
  }

  /** The entry numbers in snapshot order (by project, component, language; then as they came). */
  sorted(): Uint32Array {
    const order = Array.from(this.lines.keys());
    // Array sort is stable: entries of one triple stay in the order they came.
    order.sort((a, b) => compareTriples(this.line(a), this.line(b)));
    return Uint32Array.from(order);
  }

  triple(n: number): Triple {
    const { project, component, language } = this.line(n);
    return { project, component, language };
  }

  isOk(n: number): boolean {
    return this.line(n).status === "ok";
  }

  /** What the counts read of entry `n`. */
  summary(n: number): EntrySummary {
    return this.line(n);
  }

  /** The counts of the summary line. */
  counts(): SnapshotCounts {
    const counts = emptySnapshotCounts();
    for (const line of this.lines) countEntry(counts, line);
    return counts;
  }

  /** Entry `n` read back whole (its records expanded). */
  entry(n: number): SnapshotEntry {
    const { offset, length } = this.line(n);
    this.flush();
    const buffer = Buffer.allocUnsafe(length);
    readSync(this.fd, buffer, 0, length, offset);
    const { tables } = this;
    const size = tables.size;
    if (this.expanded?.size !== size) this.expanded = { size, tables: expandTables(tables.tables) };
    const stored: unknown = JSON.parse(buffer.toString("utf8"));
    // The spool's own line, written by `store` from an entry.
    return expandEntry(stored, this.expanded.tables, n) as SnapshotEntry;
  }

  /**
   * Writes the snapshot file (atomically: a temporary sibling renamed over it) with the entries
   * numbered in `order`.
   */
  write(header: SnapshotHeader, order: Iterable<number>): void {
    const writer = SnapshotWriter.beside(this.target, this.shown);
    try {
      for (const n of order) writer.add(this.entry(n));
      writer.finish(header);
    } finally {
      writer.close();
    }
  }

  /** Removes the temporary file; the spool is unusable after. Closing again does nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.lines = [];
    closeSync(this.fd);
    rmSync(this.tempFile, { force: true });
    doneTemp(this.tempFile);
  }

  private line(n: number): Line {
    if (this.closed) throw new Error(`the spool of ${this.shown} is closed`);
    const line = this.lines[n];
    if (line === undefined) throw new RangeError(`no entry ${n} in the spool`);
    return line;
  }

  private name(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    this.names.set(name, name);
    return name;
  }

  private store(entry: SnapshotEntry): Line {
    if (this.closed) throw new Error(`the spool of ${this.shown} is closed`);
    // Once a write failed (a full disk), the file no longer holds what the lines say.
    if (this.failed) throw this.failed;
    const text = `${JSON.stringify(this.tables.compact(entry))}\n`;
    const length = Buffer.byteLength(text) - 1;
    const line: Line = {
      project: this.name(entry.project),
      component: this.name(entry.component),
      language: this.name(entry.language),
      offset: this.bytes,
      length,
      ...summarizeEntry(entry),
    };
    this.bytes += length + 1;
    this.pending.push(text);
    this.pendingBytes += text.length;
    if (this.pendingBytes >= 1 << 20) this.flush();
    return line;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    try {
      writeAll(this.fd, this.pending.join(""));
    } catch (error) {
      this.failed = new OutputError(`cannot write ${this.shown}: ${describeFsError(error)}`, {
        cause: error,
      });
      throw this.failed;
    } finally {
      this.pending = [];
      this.pendingBytes = 0;
    }
  }
}
