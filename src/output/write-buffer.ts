import { writeAll } from "./write-all.js";

// Text written to a file in many small pieces (a snapshot's lines, a million of them) goes
// through one buffer of bytes, written when full. Joining the pieces into a megabyte string first
// made a string and a copy of it as bytes at each megabyte: over a 1.4 GB snapshot, some 1,400 of
// each, garbage the engine keeps in its large-object space until its next full collection.

/** Bytes a piece of text takes at most per UTF-16 code unit, as UTF-8. */
const MAX_BYTES_PER_UNIT = 3;

/** A file descriptor's writes through one reused buffer; `flush` writes what it holds. */
export class WriteBuffer {
  private readonly buffer: Buffer;
  private used = 0;

  constructor(
    private readonly fd: number,
    size = 1 << 20,
  ) {
    // Its own memory, not a slice of the shared pool: it lives as long as the writes do.
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  /** Bytes held, not yet written. */
  get held(): number {
    return this.used;
  }

  /** Appends `text` as UTF-8; returns its length in bytes. */
  text(text: string): number {
    if (text.length * MAX_BYTES_PER_UNIT > this.buffer.length - this.used) {
      this.flush();
      if (text.length * MAX_BYTES_PER_UNIT > this.buffer.length) {
        const bytes = Buffer.from(text);
        writeAll(this.fd, bytes);
        return bytes.length;
      }
    }
    const length = this.buffer.write(text, this.used);
    this.used += length;
    return length;
  }

  /** Appends bytes (copied: the caller may reuse them); half a buffer or more goes straight out. */
  bytes(bytes: Uint8Array): void {
    if (bytes.length * 2 >= this.buffer.length) {
      this.flush();
      writeAll(this.fd, bytes);
      return;
    }
    if (bytes.length > this.buffer.length - this.used) this.flush();
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** Writes what is held. A failed write throws, and what was held is dropped. */
  flush(): void {
    if (this.used === 0) return;
    const used = this.used;
    this.used = 0;
    writeAll(this.fd, this.buffer.subarray(0, used));
  }
}
