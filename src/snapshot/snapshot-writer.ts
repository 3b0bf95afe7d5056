import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { OutputError } from "../model/errors.js";
import { describeFsError } from "../output/fs-errors.js";
import { doneTemp, madeTemp, removeDeadTemps, tempName } from "../output/temp-files.js";
import { writeAll } from "../output/write-all.js";
import { TableBuilder } from "./compact.js";
import type { Snapshot, SnapshotEntry, SnapshotHeader } from "./schema.js";
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
    const temp = madeTemp(tempName(`${this.target}.tmp-`));
    let fd: number | undefined;
    try {
      fd = openSync(temp, "w");
      writeAll(fd, compactHead(header, this.tables.tables));
      copyFrom(body, fd);
      writeAll(fd, compactTail(this.count));
      fsyncSync(fd);
      closeSync(fd);
      fd = undefined;
      renameSync(temp, this.target);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      rmSync(temp, { force: true });
      throw writeError(this.shown, error);
    } finally {
      doneTemp(temp);
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

/** Copies what was written to `from` (from its start) to the end of `to`, 1 MB at a time. */
function copyFrom(from: number, to: number): void {
  const block = Buffer.allocUnsafe(1 << 20);
  for (let position = 0; ; ) {
    const read = readSync(from, block, 0, block.length, position);
    if (read === 0) return;
    for (let done = 0; done < read; ) {
      const n = writeSync(to, block, done, read - done);
      if (n === 0) throw Object.assign(new Error("nothing could be written"), { code: "EIO" });
      done += n;
    }
    position += read;
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
