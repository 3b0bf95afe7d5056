import { writeSync } from "node:fs";

/**
 * Writes all of `text` (or bytes): a short write (a disk filling up) is continued, and the next
 * one fails with the disk's error.
 */
export function writeAll(fd: number, text: string | Uint8Array): void {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  for (let done = 0; done < bytes.length; ) {
    const n = writeSync(fd, bytes, done, bytes.length - done);
    if (n === 0) throw Object.assign(new Error("nothing could be written"), { code: "EIO" });
    done += n;
  }
}
