import { createReadStream, createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { UserError } from "../model/errors.js";
import { openSnapshot, type SnapshotSource } from "../snapshot/read-snapshot.js";
import { fileIsGzip, isGzip } from "../snapshot/packed-snapshot.js";
import { redactSecrets } from "../text/sanitize.js";

// A previous site's snapshot is written to a temporary plain file and streamed from there, never
// held: at 100,000 translations it unpacks to about 136 MB, more than history.maxBytes (what is
// parsed in memory, as history.json is) allows, yet only a few bytes per translation are needed
// at once (the incremental crawl's sums, the few entries that carry last known good data).

/**
 * How many times history.maxBytes the previous snapshot may take on disk, unpacked. A snapshot
 * compresses about 20 times (1,000,000 translations: 1.37 GB in 66 MB), so with 30 any snapshot
 * whose download fits history.maxBytes is read, and a gzip bomb still stops at 3 GB by default.
 */
export const SNAPSHOT_CAP_FACTOR = 30;

/**
 * The snapshot unpacked went past its cap; what was written so far is left for the caller to
 * remove.
 */
export class SnapshotTooLarge extends Error {}

/**
 * The bytes of a folder's snapshot file (compressed or plain), unpacked into `file` within `cap`
 * bytes.
 */
export async function copySnapshotFile(from: string, file: string, cap: number): Promise<void> {
  await unpackInto(createReadStream(from), fileIsGzip(from), file, cap);
}

/**
 * A fetched body (gzip bytes served as they are, or plain JSON), unpacked into `file` within `cap`
 * bytes. As every fetched body, it is redacted (a token echoed in it never reaches a snapshot).
 */
export async function writeSnapshotBytes(bytes: Buffer, file: string, cap: number): Promise<void> {
  await unpackInto(Readable.from([bytes]), isGzip(bytes), file, cap, true);
}

async function unpackInto(
  input: Readable,
  packed: boolean,
  file: string,
  cap: number,
  redact = false,
): Promise<void> {
  let size = 0;
  // Whole lines are redacted (a JSON string never spans one): the text after the last newline waits
  // for the next chunk.
  // A line past 16 MB (not this tool's layout) is let through in pieces rather than held whole.
  let rest = "";
  const decoder = new StringDecoder("utf8");
  // Counted as it is written: a small file that unpacks without end is cut off at the cap.
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > cap) return done(new SnapshotTooLarge(`unpacks to more than ${cap} bytes`));
      if (!redact) return done(null, chunk);
      const text = rest + decoder.write(chunk);
      const end = text.length > 16 << 20 ? text.length : text.lastIndexOf("\n") + 1;
      rest = text.slice(end);
      done(null, redactSecrets(text.slice(0, end)));
    },
    flush(done) {
      done(null, redact ? redactSecrets(rest + decoder.end()) : undefined);
    },
  });
  if (packed)
    await pipeline(
      input,
      createGunzip({ chunkSize: 256 * 1024 }),
      counted,
      createWriteStream(file),
    );
  else await pipeline(input, counted, createWriteStream(file));
}

/**
 * The snapshot in `file`, read through once now so that a damaged or tampered one is found before
 * the run relies on it (the same checks and messages as reading it whole); `shown` replaces the
 * temporary file's name in errors.
 */
export function checkedSnapshot(file: string, shown: string): SnapshotSource {
  try {
    const source = openSnapshot(file);
    for (const _entry of source.entries());
    return source;
  } catch (error) {
    if (error instanceof UserError) error.message = error.message.split(file).join(shown);
    throw error;
  }
}
