import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLines } from "../../src/snapshot/read-snapshot.js";
import { tempDir } from "../helpers/temp-dir.js";

const dir = await tempDir("l10n-lines-");

describe("reading a file a line at a time", () => {
  it.each([
    ["lines across blocks", Array.from({ length: 60_000 }, (_, i) => `línea ${i} 中文 🙂`)],
    ["a line longer than a block", ["a", "é".repeat(1_500_000), "b".repeat(3_000_000), "c"]],
    ["one line", ["only"]],
  ])("%s", async (name, lines) => {
    // Line ends of either kind; the last line with or without one.
    for (const [end, tail] of [
      ["\n", "\n"],
      ["\r\n", "\r\n"],
      ["\n", ""],
    ] as const) {
      const file = join(dir, `${name}.txt`);
      await writeFile(file, lines.join(end) + tail);
      expect([...readLines(file)]).toEqual(lines);
    }
  });
});
