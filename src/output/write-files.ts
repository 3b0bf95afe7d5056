import { constants } from "node:fs";
import { copyFile, mkdir, open, stat, writeFile } from "node:fs/promises";
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

/** Writes in flight at once: enough to keep the disk busy while the next file is rendered. */
const CONCURRENCY = 8;
/** Text of a file made in pieces is gathered up to this many UTF-16 units before it is written. */
const PIECE = 1 << 16;

/** Writes one file's content, whole or piece by piece; returns its bytes. */
async function writeOne(
  target: string,
  content: ReturnType<Extract<FileToWrite, { render: unknown }>["render"]>,
): Promise<number> {
  if (typeof content === "string" || content instanceof Uint8Array) {
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    await writeFile(target, bytes);
    return bytes.byteLength;
  }
  const handle = await open(target, "w");
  let bytes = 0;
  let text = "";
  const flush = async (part: string | Uint8Array) => {
    const buffer = typeof part === "string" ? Buffer.from(part) : part;
    await handle.write(buffer);
    bytes += buffer.byteLength;
  };
  try {
    for (const part of content) {
      if (typeof part === "string") {
        text += part;
        if (text.length < PIECE) continue;
      }
      if (text) await flush(text);
      text = "";
      if (typeof part !== "string") await flush(part);
    }
    if (text) await flush(text);
  } finally {
    await handle.close();
  }
  return bytes;
}

/**
 * Writes the files under `root`, each rendered as its turn comes, with a few writes in flight.
 * A stopped run (the signal) writes no more; the first failed write stops the run with a
 * WriteError naming the file. Returns the number of files and the sum of their sizes (what GitHub
 * Pages counts).
 */
export async function writeFiles(
  root: string,
  files: Iterable<FileToWrite>,
  options: { signal?: AbortSignal } = {},
): Promise<{ files: number; bytes: number }> {
  const made = new Set<string>();
  const pending = new Set<Promise<void>>();
  let failure: WriteError | undefined;
  let count = 0;
  let bytes = 0;
  const write = async (file: FileToWrite): Promise<void> => {
    const target = join(root, file.path);
    try {
      const dir = dirname(target);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      let written: number;
      if ("copyFrom" in file) {
        await copyFile(file.copyFrom, target, constants.COPYFILE_FICLONE);
        written = (await stat(target)).size;
      } else written = await writeOne(target, file.render());
      bytes += written;
    } catch (error) {
      const code = errorCode(error);
      failure ??= new WriteError(target, code, `${code ?? messageOf(error)}: ${target}`);
    }
  };
  for (const file of files) {
    if (failure) break;
    options.signal?.throwIfAborted();
    count += 1;
    const task = write(file).finally(() => pending.delete(task));
    pending.add(task);
    // Waiting here also lets the event loop turn, so that a stop is heard while pages are made.
    if (pending.size >= CONCURRENCY) await Promise.race(pending);
  }
  await Promise.all(pending);
  if (failure) throw failure;
  options.signal?.throwIfAborted();
  return { files: count, bytes };
}
