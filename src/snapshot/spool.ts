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
import { WriteBuffer } from "../output/write-buffer.js";
import { NOTES, refsOf, SpoolIndex } from "./spool-index.js";
import { renumberTables, type StoredEntry } from "./spool-renumber.js";
import { expandNotes } from "./note-table.js";
import { copyFrom } from "./snapshot-writer.js";
import type { EntrySpool } from "./entry-spool.js";
import type { Triple } from "../config/triple.js";
import { must } from "../model/must.js";
import type { SnapshotSource } from "./read-snapshot.js";
import { BETWEEN, LineCopy, openPrevious } from "./line-copy.js";

// A crawl of 100,000 translations cannot hold their records: each entry goes to a temporary file
// as a compact line the moment it is validated, and memory keeps where each line is, its names
// and status in a few bytes (spool-index.ts), and the few hundred shared records in the tables.
// Writing the snapshot reads the lines back in the
// snapshot's order and renumbers the tables as the in-memory writer numbers them (in order of
// first use), so the file is byte for byte what serializeSnapshot would write for the same
// entries. A line the previous snapshot already holds as it would be written (an entry carried
// over unchanged) is not written again: the index points into that file, and the snapshot copies
// its bytes.

/** SpoolIndex `files`: a line of the previous snapshot; one followed there as the writer joins. */
const PREVIOUS = 1;
const JOINS = 3;

export class SnapshotSpool implements EntrySpool {
  private readonly fd: number;
  private readonly tempFile: string;
  private readonly builder = new TableBuilder();
  private readonly index = new SpoolIndex();
  /** The lines not yet in the file. */
  private readonly pending: WriteBuffer;
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
    this.pending = new WriteBuffer(this.fd);
  }

  /** Stores an entry; returns its number for `replace` and `write`. */
  add(entry: SnapshotEntry): number {
    const { offset, length, refs } = this.store(entry);
    return this.index.add(entry, offset, length, refs);
  }

  /**
   * Adds the entries of a previous snapshot as they are read (once), and yields each. A line
   * of the file that is what the spool would store for its entry stays where it is: the spool
   * keeps its place (the file stays open until the spool closes) and `write` copies its bytes.
   */
  *addAll(source: SnapshotSource): Generator<SnapshotEntry> {
    const lines = source.lines;
    if (!lines || (this.previous && this.previous.file !== lines.file)) {
      for (const entry of source.entries()) {
        this.add(entry);
        yield entry;
      }
      return;
    }
    this.previous ??= { file: lines.file, fd: openPrevious(lines.file) };
    for (const { entry, line } of lines.read()) {
      const stored = this.builder.compact(entry);
      const text = JSON.stringify(stored);
      const refs = refsOf(stored);
      // The bytes are the text's: a line whose bytes were not UTF-8 decodes with U+FFFD in place.
      if (line?.text === text && !text.includes("\uFFFD"))
        this.index.add(entry, line.offset, line.length, refs, line.joins ? JOINS : PREVIOUS);
      else this.index.add(entry, ...this.put(text), refs);
      yield entry;
    }
  }

  /** Keeps the entries `keep` says, numbered again from 0 in their order. */
  retain(keep: (n: number) => boolean): void {
    this.index.retain(keep);
  }

  private previous: { file: string; fd: number } | undefined;

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
    const [offset, length] = this.put(JSON.stringify(stored));
    return { offset, length, refs: refsOf(stored) };
  }

  /** Appends a line to the spool's file: its offset and length. */
  private put(text: string): [offset: number, length: number] {
    this.assertWritable();
    const offset = this.bytes;
    const length = this.writing(() => this.pending.text(text));
    this.bytes += length;
    return [offset, length];
  }

  private flush(): void {
    this.assertWritable();
    this.writing(() => this.pending.flush());
  }

  /** Not once closed, nor once a write failed (disk full): its lines no longer match the index. */
  private assertWritable(): void {
    this.assertOpen();
    if (this.failed) throw this.failed;
  }

  private writing<T>(write: () => T): T {
    try {
      return write();
    } catch (error) {
      this.failed = new OutputError(`cannot write ${this.shown}: ${describeFsError(error)}`, {
        cause: error,
      });
      throw this.failed;
    }
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
    const fd = this.index.files.get(n) === 0 ? this.fd : must(this.previous).fd;
    readSync(fd, buffer, 0, length, this.index.offsets.get(n));
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
    const renumbered = renumberTables(this.builder.tables, this.index, order);
    const { tables, remap, keeps, keepsNotes } = renumbered;
    const withNotes = this.builder.tables.notes.length > 0;
    const temp = madeTemp(tempName(`${this.target}.tmp-`));
    const body = withNotes ? madeTemp(tempName(`${this.target}.tmp-`)) : undefined;
    const fds: number[] = [];
    try {
      const out = openSync(temp, "w");
      fds.push(out);
      // With notes, the head (its notes table) is known only after the lines: they go first to
      // `body`, copied after the head.
      const lines = body === undefined ? out : openSync(body, "w+");
      if (lines !== out) fds.push(lines);
      const copy = new LineCopy(lines, this.previous?.fd);
      const { files, offsets, lengths } = this.index;
      if (lines === out) copy.text(compactHead(header, tables));
      for (let i = 0; i < order.length; i++) {
        const n = must(order[i]);
        const before = i === 0 ? "\n    " : BETWEEN;
        const file = files.get(n);
        // A line whose references (records and notes) keep their numbers is written as it is:
        // copied. Its notes are renumbered even so: that fills the new notes table.
        if (file === 0 || !keeps(n)) {
          copy.text(before + JSON.stringify(remap(this.read(n))));
          continue;
        }
        const stored = this.index.flagsOf(n) & NOTES ? this.read(n) : undefined;
        if (stored === undefined || keepsNotes(stored))
          copy.line(before, offsets.get(n), lengths.get(n), file === JOINS);
        else copy.text(before + JSON.stringify(remap(stored)));
      }
      if (lines === out) copy.text(compactTail(order.length));
      copy.end();
      if (lines !== out) {
        writeAll(out, compactHead(header, tables));
        copyFrom(lines, out);
        writeAll(out, compactTail(order.length));
      }
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
    if (this.previous) closeSync(this.previous.fd);
    rmSync(this.tempFile, { force: true });
    doneTemp(this.tempFile);
  }
}
