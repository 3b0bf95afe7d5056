import {
  closeSync,
  constants,
  copyFileSync,
  mkdirSync,
  openSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { messageOf } from "../model/errors.js";
import { errorCode } from "../model/json.js";

/**
 * A file to write: its content whole (text or bytes) or in pieces, or a copy of another file.
 * `kind` and `weight` say what it is and what its size grows with, for the site's budget; the
 * writer does not read them.
 */
export type FileToWrite = (
  | { path: string; render: () => string | Uint8Array | Iterable<string | Uint8Array> }
  | { path: string; copyFrom: string }
) & { kind?: string; weight?: number };

export class WriteError extends Error {
  constructor(
    readonly file: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Files written between two turns of the event loop: often enough that a stop is heard while
 * pages are made, rarely enough that the turns cost nothing.
 */
const TURN = 64;
/** Text of a file made in pieces is gathered up to this many UTF-16 units before it is written. */
const PIECE = 1 << 16;

/** Writes one file's content, whole or piece by piece, into `fd`; returns its bytes. */
function writeContent(
  fd: number,
  content: ReturnType<Extract<FileToWrite, { render: unknown }>["render"]>,
): number {
  let bytes = 0;
  const put = (part: string | Uint8Array) => {
    const buffer = typeof part === "string" ? Buffer.from(part) : part;
    // On a descriptor, writeFileSync continues a short write (a disk filling up) to the end.
    writeFileSync(fd, buffer);
    bytes += buffer.byteLength;
  };
  if (typeof content === "string" || content instanceof Uint8Array) {
    put(content);
    return bytes;
  }
  let text = "";
  for (const part of content) {
    if (typeof part === "string") {
      text += part;
      if (text.length < PIECE) continue;
    }
    if (text) put(text);
    text = "";
    if (typeof part !== "string") put(part);
  }
  if (text) put(text);
  return bytes;
}

/** Writes one file under `root` (its folder made once, `made`); returns its bytes. */
function writeOne(root: string, file: FileToWrite, made: Set<string>): number {
  const target = join(root, file.path);
  try {
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    if ("copyFrom" in file) {
      copyFileSync(file.copyFrom, target, constants.COPYFILE_FICLONE);
      return statSync(target).size;
    }
    const fd = openSync(target, "w");
    try {
      return writeContent(fd, file.render());
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = errorCode(error);
    throw new WriteError(target, code, `${code ?? messageOf(error)}: ${target}`);
  }
}

/**
 * Writes the files under `root`, each rendered as its turn comes. The writes are synchronous: a
 * file goes to the page cache as soon as it is made, so no file's text waits in memory for a
 * write in flight. A stopped run (the signal) writes no more; the first failed write stops the run
 * with a WriteError naming the file. Returns the number of files and the sum of their sizes (what
 * GitHub Pages counts).
 */
export async function writeFiles(
  root: string,
  files: Iterable<FileToWrite>,
  options: { signal?: AbortSignal } = {},
): Promise<{ files: number; bytes: number }> {
  const made = new Set<string>();
  let count = 0;
  let bytes = 0;
  for (const file of files) {
    if (count % TURN === 0) {
      // A turn of the event loop, so that a stop is heard while pages are made.
      await new Promise((resolve) => setImmediate(resolve));
      options.signal?.throwIfAborted();
    }
    count += 1;
    bytes += writeOne(root, file, made);
  }
  options.signal?.throwIfAborted();
  return { files: count, bytes };
}
