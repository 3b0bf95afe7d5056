// @ts-check
// The writer thread of write-files.ts: takes batches of files and puts them on disk.
// Plain JavaScript (type-checked by tsc through checkJs) so that the same file runs as a worker
// under tsx, under vitest and from dist/, with no TypeScript loader in the thread.
//
// Each batch is the bytes of its files in one transferred buffer, and for its files their
// absolute paths (and a copy's source after its path) in one string separated by NUL, one letter
// each ("w" writes the file's bytes, "a" appends them, "c" copies a file) and where each file's
// bytes end (they start where the file before it ended). Directories are made as needed. The
// answer gives the buffer back, with failure null when the batch is written, or {file, code,
// message} for the first file that failed.
import { appendFileSync, constants, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parentPort } from "node:worker_threads";

/** @typedef {{ names: string; how: string; ends: number[]; bytes: ArrayBuffer }} Batch */

if (!parentPort) throw new Error("writer-thread.js runs as a worker thread only");
const port = parentPort;
/**
 * Directories made already: mkdir once per directory, not once per file. Files come grouped by
 * directory, so the recent ones are enough; bounded, as a site may have 100,000 directories.
 */
const made = new Set();
const MADE_LIMIT = 4096;

/**
 * A copy of `text` that holds nothing else: a name taken from a batch's names (split, then its
 * folder) is a slice of the whole batch's string, and V8 keeps that string as long as the slice.
 * Kept in `made`, 4,096 folders held up to 80 MB of old batches' names in a 1,000,000-translation
 * render (docs/BENCHMARKS.md).
 */
const own = (/** @type {string} */ text) => [...text].join("");

port.on("message", (/** @type {Batch} */ { names: joined, how, ends, bytes }) => {
  let current = "";
  try {
    const names = joined.split("\0");
    let name = 0;
    let start = 0;
    for (let i = 0; i < how.length; i++) {
      const file = names[name++] ?? "";
      const end = ends[i] ?? start;
      current = file;
      const dir = dirname(file);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        if (made.size >= MADE_LIMIT) made.clear();
        made.add(own(dir));
      }
      const kind = how[i];
      if (kind === "c") copyFileSync(names[name++] ?? "", file, constants.COPYFILE_FICLONE);
      else if (kind === "w") writeFileSync(file, new Uint8Array(bytes, start, end - start));
      else appendFileSync(file, new Uint8Array(bytes, start, end - start));
      start = end;
    }
    // The buffer goes back to be filled again: the batches reuse a few buffers instead of
    // leaving one to each thread's garbage collector per batch.
    port.postMessage({ failure: null, bytes }, [bytes]);
  } catch (error) {
    const e = /** @type {NodeJS.ErrnoException} */ (error);
    port.postMessage({ failure: { file: current, code: e.code, message: e.message }, bytes }, [
      bytes,
    ]);
  }
});
