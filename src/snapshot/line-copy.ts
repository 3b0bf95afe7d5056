import { openSync, readSync } from "node:fs";
import { OutputError } from "../model/errors.js";
import { errorCode } from "../model/json.js";
import { WriteBuffer } from "../output/write-buffer.js";

// The snapshot writer's output: text it made, and lines it copies from another file as they are
// (the previous snapshot's, unchanged). Lines that lie one after the other in that file, joined
// as the writer joins them, go as one run of bytes: a snapshot whose translations did not change
// is copied in blocks of a megabyte, never parsed or written again line by line.

const BLOCK = 1 << 20;
/** What the writer puts between two translations' lines. */
export const BETWEEN = ",\n    ";

export class LineCopy {
  /** What is written next: text, and copied bytes, a megabyte at a time. */
  private readonly pending: WriteBuffer;
  /** The bytes to copy next: `start` to `end` of the source; `joins` as LayoutLine's. */
  private run: { start: number; end: number; joins: boolean } | undefined;
  private block: Buffer | undefined;

  /** Writes to `out`; copies from `source` (both file descriptors). */
  constructor(
    out: number,
    private readonly source: number | undefined,
  ) {
    this.pending = new WriteBuffer(out, BLOCK);
  }

  /** Text to write after what came before. */
  text(text: string): void {
    if (this.run) this.flushRun();
    this.pending.text(text);
  }

  /**
   * `before` (the text between two lines, or before the first), then the source's `length` bytes
   * at `offset`; `joins`: the source has BETWEEN right after them when a line follows there.
   */
  line(before: string, offset: number, length: number, joins: boolean): void {
    const run = this.run;
    if (run?.joins && before === BETWEEN && offset === run.end + BETWEEN.length) {
      run.end = offset + length;
      run.joins = joins;
      return;
    }
    this.text(before);
    this.run = { start: offset, end: offset + length, joins };
  }

  /** Writes what is still held. */
  end(): void {
    if (this.run) this.flushRun();
    this.pending.flush();
  }

  private flushRun(): void {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    if (this.source === undefined) throw new Error("internal error: no file to copy lines from");
    this.block ??= Buffer.allocUnsafe(BLOCK);
    for (let at = run.start; at < run.end; ) {
      const want = Math.min(BLOCK, run.end - at);
      const got = readSync(this.source, this.block, 0, want, at);
      if (got === 0) throw new Error("the previous snapshot ended before its last line");
      this.pending.bytes(this.block.subarray(0, got));
      at += got;
    }
  }
}

/** The previous snapshot, held open to copy its lines from. */
export function openPrevious(file: string): number {
  try {
    return openSync(file, "r");
  } catch (error) {
    throw new OutputError(
      `snapshot ${file}: cannot read it (${errorCode(error) ?? "unreadable"})`,
      {
        cause: error,
      },
    );
  }
}
