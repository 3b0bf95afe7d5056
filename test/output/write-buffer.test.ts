import { closeSync, openSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WriteBuffer } from "../../src/output/write-buffer.js";

describe("WriteBuffer", () => {
  it("writes text and bytes in their order, as UTF-8, whatever their size against the buffer", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "l10n-write-buffer-")), "out");
    const fd = openSync(file, "w");
    const buffer = new WriteBuffer(fd, 16);
    const expected: Buffer[] = [];
    const pieces: (string | Buffer)[] = [
      "abc",
      "é日本語",
      "\uD83D\uDE00 and a lone \uD800 surrogate",
      Buffer.from([1, 2, 3]),
      "x".repeat(5),
      Buffer.alloc(40, 7),
      "",
      "ünïcödé ".repeat(9),
      Buffer.from("tail"),
      "z",
    ];
    for (const piece of pieces) {
      if (typeof piece === "string") {
        const bytes = Buffer.from(piece);
        expect(buffer.text(piece)).toBe(bytes.length);
        expected.push(bytes);
      } else {
        buffer.bytes(piece);
        expected.push(Buffer.from(piece));
      }
      expect(buffer.held).toBeLessThanOrEqual(16);
    }
    // Held until flushed.
    expect(readFileSync(file).length).toBeLessThan(Buffer.concat(expected).length);
    buffer.flush();
    closeSync(fd);
    expect(readFileSync(file)).toEqual(Buffer.concat(expected));
  });

  it("throws the disk's error on a write that fails, and holds nothing after", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "l10n-write-buffer-")), "out");
    // Opened for reading only: every write fails.
    const fd = openSync(file, "w+");
    closeSync(fd);
    const readOnly = openSync(file, "r");
    const buffer = new WriteBuffer(readOnly, 16);
    buffer.text("held");
    expect(() => buffer.flush()).toThrow(/EBADF/);
    expect(buffer.held).toBe(0);
    closeSync(readOnly);
  });
});
