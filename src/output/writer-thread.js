// @ts-check
// The writer thread of write-files.ts: takes batches of files and puts them on disk.
// Plain JavaScript (type-checked by tsc through checkJs) so that the same file runs as a worker
// under tsx, under vitest and from dist/, with no TypeScript loader in the thread.
//
// Each batch is the bytes of its files in one transferred buffer, and for each file
// [absolute path, how, start, end] ("w" writes the bytes, "a" appends them) or
// [absolute path, "c", source] (copies a file). Directories are made as needed. The answer gives
// the buffer back, with failure null when the batch is written, or {file, code, message} for the
// first file that failed.
import { appendFileSync, constants, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parentPort } from "node:worker_threads";

/**
 * @typedef {[file: string, how: "w" | "a", start: number, end: number] | [file: string, how: "c",
 * source: string]} Item
 */

if (!parentPort) throw new Error("writer-thread.js runs as a worker thread only");
const port = parentPort;
/**
 * Directories made already: mkdir once per directory, not once per file. Files come grouped by
 * directory, so the recent ones are enough; bounded, as a site may have 100,000 directories.
 */
const made = new Set();
const MADE_LIMIT = 4096;

port.on("message", (/** @type {{ items: Item[]; bytes: ArrayBuffer }} */ { items, bytes }) => {
  let current = "";
  try {
    for (const item of items) {
      const file = item[0];
      current = file;
      const dir = dirname(file);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        if (made.size >= MADE_LIMIT) made.clear();
        made.add(dir);
      }
      if (item[1] === "c") copyFileSync(item[2], file, constants.COPYFILE_FICLONE);
      else if (item[1] === "w")
        writeFileSync(file, new Uint8Array(bytes, item[2], item[3] - item[2]));
      else appendFileSync(file, new Uint8Array(bytes, item[2], item[3] - item[2]));
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
