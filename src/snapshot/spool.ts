import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { describeFsError } from "../output/fs-errors.js";
import { OutputError } from "../model/errors.js";
import { expandEntry, expandTables, TableBuilder, type CompactTables } from "./compact.js";
import type { Problem, SnapshotEntry, SnapshotHeader } from "./schema.js";
import { compactHead, compactTail, type SnapshotCounts } from "./snapshot.js";
import { doneTemp, madeTemp, removeDeadTemps, tempName } from "../output/temp-files.js";
import { writeAll } from "../output/write-all.js";
import { refsOf, SpoolIndex } from "./spool-index.js";
import { renumberTables } from "./spool-renumber.js";
import { expandNotes } from "./note-table.js";
import { copyFrom } from "./snapshot-writer.js";
import type { EntrySpool } from "./entry-spool.js";
import type { Triple } from "../config/triple.js";
import { must } from "../model/must.js";
import type { Json } from "../model/json.js";

// A crawl of 100,000 translations cannot hold their records: each entry goes to a temporary file
// as a compact line the moment it is validated, and memory keeps where each line is, its names
// and status in a few bytes (spool-index.ts), and the few hundred shared records in the tables.
// Writing the snapshot reads the lines back in the
// snapshot's order and renumbers the tables as the in-memory writer numbers them (in order of
// first use), so the file is byte for byte what serializeSnapshot would write for the same
// entries.

const FLUSH_BYTES = 1 << 20;

/** A spool line as `store` wrote it: an entry whose records are compacted (compact.ts). */
type StoredEntry = Omit<SnapshotEntry, "record" | "carried"> & {
  record?: unknown;
  carried?: Json;
  verbatim?: true;
};

export class SnapshotSpool implements EntrySpool {
  private readonly fd: number;
  private readonly tempFile: string;
  private readonly builder = new TableBuilder();
  private readonly index = new SpoolIndex();
  private pending: string[] = [];
  private pendingBytes = 0;
  private bytes = 0;
  private closed = false;

  /**
   * A spool in a temporary file next to `target` (on the file system the snapshot goes to), named
   * as the atomic writer names its temporary files, so one a killed run left is removed.
   */
  static async open(target: string, shown = target): Promise<SnapshotSpool> {
    try {
      await mkdir(dirname(target), { recursive: true });
      // Temporary siblings (and spools) that runs killed mid-write left behind.
      await removeDeadTemps(dirname(target), `${basename(target)}.tmp-`);
      return new SnapshotSpool(target, shown);
    } catch (error) {
      throw new OutputError(`cannot write ${shown}: ${describeFsError(error)}`, { cause: error });
    }
  }

  /** `shown`: what the messages say cannot be written (the file, or for build the site). */
  private constructor(
    private readonly target: string,
    private readonly shown: string,
  ) {
    this.tempFile = madeTemp(tempName(`${target}.tmp-`));
    this.fd = openSync(this.tempFile, "w+");
  }

  /** Stores an entry; returns its number for `replace` and `write`. */
  add(entry: SnapshotEntry): number {
    const { offset, length, refs } = this.store(entry);
    return this.index.add(entry, offset, length, refs);
  }

  /** Stores a changed entry (of the same triple) in place of entry `n`. */
  replace(n: number, entry: SnapshotEntry): void {
    const { offset, length, refs } = this.store(entry);
    this.index.replace(n, entry, offset, length, refs);
  }

  /** How many entries are stored. */
  get size(): number {
    return this.index.size;
  }

  /** The entry numbers in snapshot order (by project, component, language). */
  sorted(): Uint32Array {
    return this.index.sorted();
  }

  /** Entry `n`'s project, component and language, without reading it back. */
  triple(n: number): Triple {
    return this.index.triple(n);
  }

  /** Whether entry `n` has warnings, errors or notes, or is not ok. */
  hasProblems(n: number): boolean {
    return this.index.flagsOf(n) !== 0;
  }

  /** Whether entry `n` is ok. */
  isOk(n: number): boolean {
    return (this.index.flagsOf(n) & 3) === 0;
  }

  counts(): SnapshotCounts {
    return this.index.counts();
  }

  /** Entry `n` read back whole (its records expanded). */
  entry(n: number): SnapshotEntry {
    this.flush();
    const tables = this.builder.tables;
    const size =
      tables.projects.length +
      tables.components.length +
      tables.languages.length +
      tables.notes.length;
    if (this.expanded?.size !== size) this.expanded = { size, tables: expandTables(tables) };
    // expandEntry reads any JSON; this is the spool's own line, an entry `store` wrote.
    return expandEntry(this.read(n), this.expanded.tables, n) as SnapshotEntry;
  }

  private expanded: { size: number; tables: CompactTables } | undefined;

  /** Entry `n` without its records: what a report of its problems needs. */
  problems(n: number): SnapshotEntry {
    this.flush();
    const { record: _record, carried: _carried, verbatim: _verbatim, ...rest } = this.read(n);
    // The spool's own line: its notes are indexes into the builder's table, or whole.
    return { ...rest, notes: expandNotes(rest.notes, this.builder.tables.notes) as Problem[] };
  }

  private store(entry: SnapshotEntry): { offset: number; length: number; refs: number[] } {
    const stored = this.builder.compact(entry);
    const text = JSON.stringify(stored);
    const length = Buffer.byteLength(text);
    const offset = this.bytes;
    this.pending.push(text);
    this.pendingBytes += length;
    this.bytes += length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    return { offset, length, refs: refsOf(stored) };
  }

  private flush(): void {
    this.assertOpen();
    // A spool that could not be written (a full disk) stays failed: its lines no longer match the
    // index.
    if (this.failed) throw this.failed;
    if (this.pending.length === 0) return;
    try {
      writeAll(this.fd, this.pending.join(""));
    } catch (error) {
      this.failed = new OutputError(`cannot write ${this.shown}: ${describeFsError(error)}`, {
        cause: error,
      });
      throw this.failed;
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  private failed: OutputError | undefined;

  /**
   * A closed spool's descriptor number may be another file's by now: reading or writing through
   * it would read or overwrite that file.
   */
  private assertOpen(): void {
    if (this.closed) throw new Error(`the spool of ${this.shown} is closed`);
  }

  private read(n: number): StoredEntry {
    this.assertOpen();
    const length = this.index.lengths.get(n);
    const buffer = Buffer.allocUnsafe(length);
    readSync(this.fd, buffer, 0, length, this.index.offsets.get(n));
    // JSON.parse gives any; the line is this spool's own, written by `store` from an entry.
    return JSON.parse(buffer.toString("utf8")) as StoredEntry;
  }

  /**
   * Writes the snapshot file (atomically: a temporary sibling renamed over it) with the entries
   * numbered in `order`. The notes' table is known only once every line is renumbered: with notes
   * in the tables, the lines go to a second temporary file first, copied after the head.
   */
  write(header: SnapshotHeader, order: ArrayLike<number> & Iterable<number>): void {
    this.flush();
    const { tables, remap } = renumberTables(this.builder.tables, this.index.refs, order);
    const withNotes = this.builder.tables.notes.length > 0;
    const temp = madeTemp(tempName(`${this.target}.tmp-`));
    const body = withNotes ? madeTemp(tempName(`${this.target}.tmp-`)) : undefined;
    const fds: number[] = [];
    try {
      const out = openSync(temp, "w");
      fds.push(out);
      const lines = body === undefined ? out : openSync(body, "w+");
      if (lines !== out) fds.push(lines);
      let chunk: string[] = body === undefined ? [compactHead(header, tables)] : [];
      for (let i = 0; i < order.length; i++) {
        chunk.push(
          `${i === 0 ? "\n" : ",\n"}    ${JSON.stringify(remap(this.read(must(order[i]))))}`,
        );
        if (chunk.length >= 512) {
          writeAll(lines, chunk.join(""));
          chunk = [];
        }
      }
      if (lines !== out) {
        writeAll(lines, chunk.join(""));
        chunk = [];
        writeAll(out, compactHead(header, tables));
        copyFrom(lines, out);
      }
      chunk.push(compactTail(order.length));
      writeAll(out, chunk.join(""));
      fsyncSync(out);
      for (const fd of fds.splice(0)) closeSync(fd);
      renameSync(temp, this.target);
    } catch (error) {
      for (const fd of fds.splice(0)) closeSync(fd);
      rmSync(temp, { force: true });
      throw new OutputError(`cannot write ${this.shown}: ${describeFsError(error)}`, {
        cause: error,
      });
    } finally {
      doneTemp(temp);
      if (body !== undefined) {
        rmSync(body, { force: true });
        doneTemp(body);
      }
    }
  }

  /** Removes the temporary file; the spool is unusable after. Closing again does nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    rmSync(this.tempFile, { force: true });
    doneTemp(this.tempFile);
  }
}
