import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { OutputError } from "../model/errors.js";
import { describeFsError } from "../output/fs-errors.js";
import { doneTemp, madeTemp, removeDeadTemps, tempName } from "../output/temp-files.js";
import { writeAll } from "../output/write-all.js";
import { TableBuilder, type CompactTables } from "./compact.js";
import { ENTRIES_START } from "./read-snapshot.js";
import {
  compactTablesSchema,
  type Snapshot,
  type SnapshotEntry,
  type SnapshotHeader,
} from "./schema.js";
import { compactHead, compactTail } from "./snapshot.js";

// A snapshot written as its entries come, never held: each entry goes to a temporary file as the
// compact line it will be, while the shared records' tables grow (a few thousand records at a
// million translations). The tables come first in the file, so `finish` writes the header and the
// tables to the file's temporary sibling, copies the lines after them, and renames it into place.
// The file is byte for byte what serializeSnapshot writes for the same header and entries (the
// tables numbered in order of first use).

const FLUSH_BYTES = 1 << 20;

/** Writes one snapshot file from its entries in order, then its header (`finish`). */
export class SnapshotWriter {
  private readonly tables = new TableBuilder();
  private readonly bodyFile: string;
  private body: number | undefined;
  private pending: string[] = [];
  private pendingBytes = 0;
  private count = 0;

  /** A writer of `target`, its temporary files beside it (what dead runs left there removed). */
  static async open(target: string): Promise<SnapshotWriter> {
    try {
      await mkdir(dirname(target), { recursive: true });
      await removeDeadTemps(dirname(target), `${basename(target)}.tmp-`);
    } catch (error) {
      throw writeError(target, error);
    }
    return SnapshotWriter.beside(target);
  }

  /** A writer of `target` in a folder that exists; `shown` names it in messages. */
  static beside(target: string, shown = target): SnapshotWriter {
    try {
      return new SnapshotWriter(target, shown);
    } catch (error) {
      throw writeError(shown, error);
    }
  }

  private constructor(
    private readonly target: string,
    private readonly shown: string,
  ) {
    this.bodyFile = madeTemp(tempName(`${target}.tmp-`));
    this.body = openSync(this.bodyFile, "w+");
  }

  /** Adds the next entry (in snapshot order). */
  add(entry: SnapshotEntry): void {
    const stored = JSON.stringify(this.tables.compact(entry));
    const line = `${this.count === 0 ? "\n" : ",\n"}    ${stored}`;
    this.count += 1;
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    if (this.body === undefined) throw new Error(`the writer of ${this.target} is closed`);
    if (this.pending.length === 0) return;
    try {
      writeAll(this.body, this.pending.join(""));
    } catch (error) {
      throw writeError(this.shown, error);
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Writes the file whole (atomically) with `header`; the writer is closed after. */
  finish(header: SnapshotHeader): void {
    this.flush();
    const body = this.body;
    if (body === undefined) throw new Error(`the writer of ${this.target} is closed`);
    try {
      writeAtomically(this.target, this.shown, (fd) => {
        writeAll(fd, compactHead(header, this.tables.tables));
        copyFrom(body, fd, 0);
        writeAll(fd, compactTail(this.count));
      });
    } finally {
      this.close();
    }
  }

  /** Removes the temporary file; nothing is written after. Closing again does nothing. */
  close(): void {
    if (this.body === undefined) return;
    closeSync(this.body);
    this.body = undefined;
    this.pending = [];
    rmSync(this.bodyFile, { force: true });
    doneTemp(this.bodyFile);
  }
}

/** Writes `target` whole through a temporary sibling renamed over it (synced first). */
function writeAtomically(target: string, shown: string, write: (fd: number) => void): void {
  const temp = madeTemp(tempName(`${target}.tmp-`));
  let fd: number | undefined;
  try {
    fd = openSync(temp, "w");
    write(fd);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temp, { force: true });
    throw writeError(shown, error);
  } finally {
    doneTemp(temp);
  }
}

/** Copies `from` (from `position` to its end) to the end of `to`, 1 MB at a time. */
function copyFrom(from: number, to: number, position: number): void {
  const block = Buffer.allocUnsafe(1 << 20);
  let read = readSync(from, block, 0, block.length, position);
  for (let at = position; read > 0; read = readSync(from, block, 0, block.length, at)) {
    writeAll(to, block.subarray(0, read));
    at += read;
  }
}

/**
 * A snapshot file in the layout this writer writes, its translations to be copied under another
 * header: its tables as stored, and where the text after `"translations": [` starts.
 */
export interface CopyableSnapshot {
  file: string;
  tables: CompactTables;
  entriesAt: number;
}

const OPENING = Buffer.from(`\n${ENTRIES_START}`);

/**
 * `file` as a CopyableSnapshot; undefined when it does not open with a header and the tables and
 * close with its translations. Whether each translation is one line, only reading them tells (a
 * file read whole is not copied: carryPrevious).
 */
export function copyableSnapshot(file: string): CopyableSnapshot | undefined {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(4);
    readSync(fd, tail, 0, 4, Math.max(0, size - 4));
    if (tail.toString() !== "]\n}\n") return undefined;
    let head = Buffer.alloc(0);
    let at = -1;
    while (at === -1) {
      const block = Buffer.allocUnsafe(1 << 20);
      const read = readSync(fd, block, 0, block.length, head.length);
      if (read === 0) return undefined;
      const from = Math.max(0, head.length - OPENING.length);
      head = Buffer.concat([head, block.subarray(0, read)]);
      at = head.indexOf(OPENING, from);
    }
    // The opening at the top level: what comes before it is the header and the tables.
    const json: unknown = JSON.parse(`${head.toString("utf8", 0, at)}"translations":[]}`);
    const tables = compactTablesSchema.safeParse(json);
    return tables.success
      ? { file, tables: tables.data, entriesAt: at + OPENING.length }
      : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `target` (atomically) as `from` with `header`: the same tables and translations, byte
 * for byte, for an incremental crawl that carried every translation over.
 */
export function copySnapshot(
  from: CopyableSnapshot,
  header: SnapshotHeader,
  target: string,
  shown = target,
): void {
  const source = openSync(from.file, "r");
  try {
    writeAtomically(target, shown, (fd) => {
      writeAll(fd, compactHead(header, from.tables));
      copyFrom(source, fd, from.entriesAt);
    });
  } finally {
    closeSync(source);
  }
}

function writeError(target: string, error: unknown): OutputError {
  return new OutputError(`cannot write ${target}: ${describeFsError(error)}`, { cause: error });
}

/** Writes a snapshot held in memory to `file` (atomically), as a crawl writes it. */
export async function writeSnapshot(file: string, snapshot: Snapshot): Promise<void> {
  const { translations, ...header } = snapshot;
  const writer = await SnapshotWriter.open(file);
  try {
    for (const entry of translations) writer.add(entry);
    writer.finish(header);
  } finally {
    writer.close();
  }
}
