import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, sep } from "node:path";
import { Worker } from "node:worker_threads";
import { must } from "../model/must.js";
import { Turns } from "../model/steps.js";

/**
 * A file to write: its content whole (text or bytes) or in pieces, or a copy of another file.
 * `kind` and `weight` say what it is and what its size grows with, for the site's budget
 * (render/budget/measure-files.ts); the writer does not read them.
 */
export type FileToWrite = (
  | { path: string; render: () => string | Uint8Array | Iterable<string | Uint8Array> }
  | { path: string; copyFrom: string }
) & { kind?: string; weight?: number };

// The writer thread: a module of its own (writer-thread.js, plain JavaScript checked by tsc) that
// runs the same from src/ under tsx or vitest and from dist/, with no TypeScript loader.
const WRITER = new URL("./writer-thread.js", import.meta.url);

export class WriteError extends Error {
  constructor(
    readonly file: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

// A batch is sent at 128 kB (or 512 files): each writer holds up to MAX_BATCHES_IN_FLIGHT of them
// and one being filled, so bigger batches only hold more memory (at 1,000,000 translations 512
// kB batches held some 7 MB more), not fewer system calls. A buffer has room for text of a third
// more than a batch (at most 3 bytes a UTF-16 unit): a large file's text is gathered up to a batch
// and then sent, so it fits unless its last part alone is over a third of a batch. A buffer's
// pages are only touched as far as it is filled.
const BATCH_BYTES = 1 << 17;
const BUFFER_BYTES = 4 * BATCH_BYTES;
const BATCH_FILES = 512;
const MAX_BATCHES_IN_FLIGHT = 4;
const WRITER_YOUNG_MB = 3;

/**
 * A batch as the writer thread takes it (writer-thread.js): for each file, its path in `names`
 * (then a copy's source), `how` one letter ("w" writes, "a" appends, "c" copies) and where its
 * bytes end in the buffer (they start where the file before it ended). One string and a list of
 * numbers cost far less to post than a list of 512 lists.
 */
interface Batch {
  names: string;
  how: string;
  ends: number[];
}

/** Between the names of a batch: no path has it (the file system refuses it). */
const SEP = "\0";

/** One writer thread and the batch being filled for it. */
class Writer {
  // A writer's garbage is each batch's list of files, gone once it is written: a young generation
  // of a few MB (V8 grows it to 32 MB for a thread that allocates much) is enough.
  private readonly worker = new Worker(WRITER, {
    execArgv: [],
    stdout: false,
    stderr: false,
    resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_MB },
  });
  private batch: Batch = { names: "", how: "", ends: [] };
  private bytes = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  /** Buffers the writer gave back, to fill again. */
  private readonly pool: ArrayBuffer[] = [];
  private used = 0;
  /** Bytes of every file given to this writer (copies counted by the caller). */
  written = 0;
  private inFlight = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor() {
    this.worker.on(
      "message",
      ({
        failure,
        bytes,
      }: {
        failure: { file: string; code?: string; message: string } | null;
        bytes: ArrayBuffer;
      }) => {
        this.inFlight -= 1;
        if (bytes.byteLength === BUFFER_BYTES) this.pool.push(bytes);
        if (failure)
          this.fail(
            new WriteError(
              failure.file,
              failure.code,
              `${failure.code ?? failure.message}: ${failure.file}`,
            ),
          );
        this.settle();
      },
    );
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", () => this.fail(new Error("a writer thread stopped")));
  }

  /** Adds a file's content (or a piece of it, `append`) to the batch, text as UTF-8. */
  async write(file: string, text: string | Uint8Array, append = false): Promise<void> {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: check room before writing, as Buffer#write cuts
    // short.
    const room = typeof text === "string" ? text.length * 3 : text.byteLength;
    if (this.used + room > this.bytes.length) {
      await this.send();
      if (room > this.bytes.length)
        this.bytes = Buffer.allocUnsafeSlow(
          Math.max(BUFFER_BYTES, typeof text === "string" ? Buffer.byteLength(text) : room),
        );
    }
    const start = this.used;
    if (typeof text === "string") this.used += this.bytes.write(text, start);
    else {
      this.bytes.set(text, start);
      this.used += text.byteLength;
    }
    this.written += this.used - start;
    this.add(file, append ? "a" : "w");
    if (this.used >= BATCH_BYTES || this.batch.ends.length >= BATCH_FILES) await this.send();
  }

  async copy(file: string, source: string): Promise<void> {
    this.add(file, "c", source);
    if (this.batch.ends.length >= BATCH_FILES) await this.send();
  }

  private add(file: string, how: "w" | "a" | "c", source?: string): void {
    // What the file system would say of such a name, before it could split the batch's names.
    if (file.includes(SEP) || source?.includes(SEP))
      throw new WriteError(file, "ERR_INVALID_ARG_VALUE", `ERR_INVALID_ARG_VALUE: ${file}`);
    const named = source === undefined ? file : `${file}${SEP}${source}`;
    const batch = this.batch;
    batch.names = batch.ends.length === 0 ? named : `${batch.names}${SEP}${named}`;
    batch.how += how;
    batch.ends.push(this.used);
  }

  /**
   * Sends what is batched (its buffer moves to the writer, no copy), then waits while too many
   * batches are in flight.
   */
  async send(): Promise<void> {
    if (this.batch.ends.length > 0) {
      const bytes = this.bytes.buffer;
      this.worker.postMessage({ ...this.batch, bytes }, [bytes]);
      this.inFlight += 1;
      this.batch = { names: "", how: "", ends: [] };
      const reused = this.pool.pop();
      this.bytes = reused ? Buffer.from(reused) : Buffer.allocUnsafeSlow(BUFFER_BYTES);
      this.used = 0;
    }
    await this.waitUntil(() => this.inFlight < MAX_BATCHES_IN_FLIGHT);
  }

  async finish(): Promise<void> {
    await this.send();
    await this.waitUntil(() => this.inFlight === 0);
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners("exit");
    await this.worker.terminate().catch(() => undefined);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.settle();
  }

  private settle(): void {
    this.wake?.();
    this.wake = undefined;
  }

  private async waitUntil(done: () => boolean): Promise<void> {
    while (!this.failure && !done()) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }
}

/** Spreads directories over the writers: a directory and its files always go to the same one. */
function writerIndex(file: string, writers: number): number {
  const end = file.lastIndexOf(sep);
  let hash = 0;
  for (let i = 0; i < end; i++) hash = (hash * 31 + file.charCodeAt(i)) | 0;
  return Math.abs(hash) % writers;
}

/** A path with an empty, "." or ".." segment: one `join` changes. */
const IRREGULAR = /(?:^|\/)\.{0,2}(?:\/|$)/;

/**
 * Where a file of the site goes under `root`: `join(root, path)`, without normalizing again each
 * of the site's paths that `join` would leave as they are (all of them: site-paths.ts makes them).
 */
function placer(root: string): (path: string) => string {
  if (sep !== "/") return (path) => join(root, path);
  // `root` as join normalizes it, with the separator after it ("" for ".").
  const base = join(root, "x").slice(0, -1);
  return (path) => (IRREGULAR.test(path) ? join(root, path) : base + path);
}

/**
 * Writes the files under `root`, rendering each in this thread while writer threads put the ones
 * before it on disk: rendering and writing overlap instead of taking turns, and file creation,
 * which costs the kernel more than the writing itself on some file systems, runs on every core.
 * Memory stays bounded (a few batches of rendered content in flight per writer). The first failed
 * write stops the run with a WriteError naming the file. Returns the number of files and the sum of
 * their sizes (what GitHub Pages counts).
 */
export async function writeFiles(
  root: string,
  files: Iterable<FileToWrite>,
  options: { writers?: number; signal?: AbortSignal } = {},
): Promise<{ files: number; bytes: number }> {
  const writers = Array.from(
    { length: Math.max(1, options.writers ?? DEFAULT_WRITERS) },
    () => new Writer(),
  );
  const place = placer(root);
  let count = 0;
  let copied = 0;
  // Rendering runs in this thread: the event loop turns every few tens of ms, so that a stop (a
  // signal) is heard while the pages are made, not only when the writers fall behind.
  const turns = new Turns(options.signal);
  try {
    for (const file of files) {
      // A stopped run writes no more: what was written goes with the temporary folder.
      options.signal?.throwIfAborted();
      if (turns.due()) await turns.take();
      const target = place(file.path);
      const writer = must(writers[writerIndex(target, writers.length)]);
      count += 1;
      if ("copyFrom" in file) {
        await writer.copy(target, file.copyFrom);
        copied += statSync(file.copyFrom).size;
        continue;
      }
      const content = file.render();
      if (typeof content === "string") {
        await writer.write(target, content);
        continue;
      }
      // A large file goes in pieces of about a batch each, in order, through the same writer:
      // bytes in slices of a batch, text gathered up to one.
      let append = false;
      let piece = "";
      const bytes = async (part: Uint8Array) => {
        for (let at = 0; at < part.byteLength || !append; at += BATCH_BYTES) {
          await writer.write(target, part.subarray(at, at + BATCH_BYTES), append);
          append = true;
        }
      };
      for (const part of content instanceof Uint8Array ? [content] : content) {
        if (turns.due()) await turns.take();
        if (typeof part !== "string") {
          if (piece) {
            await writer.write(target, piece, append);
            append = true;
            piece = "";
          }
          await bytes(part);
          continue;
        }
        piece += part;
        if (piece.length >= BATCH_BYTES) {
          await writer.write(target, piece, append);
          append = true;
          piece = "";
        }
      }
      if (piece || !append) await writer.write(target, piece, append);
    }
    await Promise.all(writers.map((w) => w.finish()));
  } finally {
    await Promise.all(writers.map((w) => w.stop()));
  }
  return { files: count, bytes: copied + writers.reduce((sum, w) => sum + w.written, 0) };
}

/** Two writers: with the rendering thread, enough to keep two cores busy; more only contend. */
const DEFAULT_WRITERS = Math.max(1, Math.min(2, availableParallelism()));
