import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  openSync,
  readSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { doneTemp, madeTemp, tempFolderPrefix } from "../output/temp-files.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, gunzipSync, gzipSync } from "node:zlib";
import { OutputError, UserError, messageOf } from "../model/errors.js";
import { must } from "../model/must.js";

// The site publishes its snapshot gzip-compressed: at 100,000 translations the plain JSON is about
// 136 MB of the 1 GB GitHub Pages publishes, the compressed one a tenth of that or less. Plain
// snapshot files (what `crawl` writes) read as well.

// A member's text is held twice while it is compressed (its pieces, then joined), with what zlib
// makes: at 4 MB a member that was 8 MB or more outside the heap each time one was made. Each
// member starts its window afresh: 1 MB members make 40 MB of the snapshot's JSON 1.1% larger
// compressed than 4 MB members do (2.06 MB against 2.04).
const MEMBER_BYTES = 1 << 20;

export const isGzip = (bytes: Uint8Array): boolean =>
  bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Whether a file starts like gzip; false when it cannot be read (the reader then says why). */
export function fileIsGzip(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && isGzip(head);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The snapshot file a path means: the path itself, or, when it is missing and a compressed copy is
 * beside it, that copy (so `--snapshot out/data/snapshot.json`, where `crawl` writes, reads a site
 * `build` wrote). A plain file wins when both are there: it is what `crawl` just wrote.
 */
export function resolveSnapshotPath(path: string): string {
  return !existsSync(path) && !path.endsWith(".gz") && existsSync(`${path}.gz`)
    ? `${path}.gz`
    : path;
}

/**
 * The text in pieces, gzip-compressed as one file of several gzip members of 1 MB of text each
 * (RFC 1952 allows several members; gunzip and zlib read them as one text), member by member as
 * they are asked for: neither the whole text nor the whole result is ever in memory.
 */
export function* gzipMembers(pieces: Iterable<string | Uint8Array>): Generator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  let any = false;
  const member = () => {
    const packed = gzipSync(pending.length === 1 ? must(pending[0]) : Buffer.concat(pending, size));
    pending = [];
    size = 0;
    any = true;
    return packed;
  };
  for (const piece of pieces) {
    const bytes = typeof piece === "string" ? Buffer.from(piece, "utf8") : Buffer.from(piece);
    pending.push(bytes);
    size += bytes.length;
    if (size >= MEMBER_BYTES) yield member();
  }
  if (size > 0 || !any) yield member();
}

/** A file's bytes in blocks of 1 MB, read as they are asked for. */
export function* fileBlocks(file: string): Iterable<Uint8Array> {
  const fd = openSync(file, "r");
  try {
    for (;;) {
      const block = Buffer.allocUnsafe(1 << 20);
      const read = readSync(fd, block, 0, block.length, null);
      if (read === 0) return;
      yield block.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** A whole snapshot file's text, unpacked when it is compressed. */
export function readSnapshotText(file: string, bytes: Buffer): string {
  if (!isGzip(bytes)) return bytes.toString("utf8");
  try {
    return gunzipSync(bytes).toString("utf8");
  } catch (error) {
    throw new OutputError(`snapshot ${file}: cannot unpack it (${messageOf(error)})`, {
      cause: error,
    });
  }
}

/**
 * Runs `use` on the snapshot at `path` (resolved as above) as a plain file: a compressed one is
 * unpacked into a temporary folder first, streamed (memory stays flat), and removed afterwards;
 * `packed` is then the compressed file.
 * An error naming the temporary file names the snapshot instead.
 */
export async function withPlainSnapshot<T>(
  path: string,
  use: (file: string, packed?: string) => Promise<T>,
): Promise<T> {
  const file = resolveSnapshotPath(path);
  if (!fileIsGzip(file)) return use(file);
  const dir = madeTemp(await mkdtemp(join(tmpdir(), tempFolderPrefix("render"))));
  const plain = join(dir, "snapshot.json");
  try {
    try {
      await pipeline(createReadStream(file), createGunzip(), createWriteStream(plain));
    } catch (error) {
      throw new OutputError(`snapshot ${file}: cannot unpack it (${messageOf(error)})`, {
        cause: error,
      });
    }
    return await use(plain, file);
  } catch (error) {
    if (error instanceof UserError) error.message = error.message.split(plain).join(file);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
    doneTemp(dir);
  }
}
