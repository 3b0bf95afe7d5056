import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { renderSite, siteFiles } from "../../src/render/render-site.js";
import { writeFiles, WriteError, type FileToWrite } from "../../src/output/write-files.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { gzipMembers } from "../../src/snapshot/packed-snapshot.js";
import { tempDir } from "../helpers/temp-dir.js";

const temp = () => tempDir("l10n-write-");

/** 1.3 MB that do not compress, more than two of the writer's batches. */
const noise = randomBytes(1_300_000);

/** What a rendered content is as bytes, put together here, not by the writer. */
function expectedBytes(content: string | Uint8Array | Iterable<string | Uint8Array>): Buffer {
  const parts = typeof content === "string" || content instanceof Uint8Array ? [content] : content;
  return Buffer.concat([...parts].map((part) => Buffer.from(part)));
}

describe("writing the site's files", () => {
  it("writes every file with its exact bytes", async () => {
    const big = Array.from({ length: 25_000 }, (_, i) => `línea ${i}: عربى 中文 🙂\n`);
    const source = join(await temp(), "source.bin");
    await writeFile(source, Buffer.from([0, 255, 10, 13]));
    const files: FileToWrite[] = [
      ...Array.from({ length: 1500 }, (_, i) => ({
        path: `d${i % 37}/sub${i % 5}/f${i}.html`,
        render: () => `<p>${i} ${"é".repeat(i % 900)}</p>`,
      })),
      { path: "empty.txt", render: () => "" },
      // A path that join() changes lands where join() puts it.
      { path: "dots/./x/../y.html", render: () => "y" },
      { path: "pieces/big.txt", render: () => big },
      { path: "pieces/none.txt", render: () => [] },
      { path: "copy/source.bin", copyFrom: source },
      // Bytes: whole and larger than a batch, in pieces between text, empty.
      { path: "bytes/big.bin", render: () => noise },
      {
        path: "bytes/mixed.txt",
        render: () => [
          "héllo ",
          Buffer.from("wörld "),
          "x".repeat(600_000),
          new Uint8Array(0),
          noise.subarray(7),
          "end",
        ],
      },
      { path: "bytes/empty.bin", render: () => new Uint8Array(0) },
      { path: "bytes/none.gz", render: () => gzipMembers([]) },
    ];
    {
      const root = await temp();
      const result = await writeFiles(root, files);
      expect(result.files).toBe(files.length);
      let bytes = 0;
      for (const file of files) {
        const written = await readFile(join(root, file.path));
        const expected =
          "copyFrom" in file ? await readFile(file.copyFrom) : expectedBytes(file.render());
        expect(written.equals(expected), file.path).toBe(true);
        bytes += written.byteLength;
      }
      // The sum of the files' sizes, as GitHub Pages counts a site.
      expect(result.bytes).toBe(bytes);
    }
  });

  it("stops at the first failed write and names the file", async () => {
    const root = await temp();
    await writeFile(join(root, "a"), "a file");
    const files: FileToWrite[] = [
      { path: "a/b.html", render: () => "needs a to be a directory" },
      ...Array.from({ length: 50 }, (_, i) => ({ path: `later/${i}.html`, render: () => "x" })),
    ];
    const error: unknown = await writeFiles(root, files, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteError);
    expect((error as WriteError).file).toMatch(/[\\/]a[\\/]b\.html$/);
    expect((error as WriteError).code).toMatch(/^(ENOTDIR|EEXIST)$/);
  });

  it("stops at a name the file system refuses (a NUL) and names the file", async () => {
    const source = join(await temp(), "source.bin");
    await writeFile(source, "copied");
    for (const bad of [
      { path: "bad\0name.html", render: () => "x" },
      { path: "copy.bin", copyFrom: `${source}\0` },
    ]) {
      const root = await temp();
      const files: FileToWrite[] = [
        { path: "before.html", render: () => "before" },
        bad,
        { path: "after.html", render: () => "after" },
      ];
      const error: unknown = await writeFiles(root, files, {}).catch((e) => e);
      expect(error).toBeInstanceOf(WriteError);
      expect((error as WriteError).file).toBe(join(root, bad.path));
      expect((error as WriteError).code).toBe("ERR_INVALID_ARG_VALUE");
    }
  });

  it("puts on disk exactly what the renderer produced, for the demo site", async () => {
    const records = buildDemoRecords("https://weblate.example");
    const triples = demoTriples().map((key) => parseTripleString(key).triple!);
    const entries = triples.map((triple, i) =>
      toEntry({ triple, body: records[i] }, { baseUrl: "https://weblate.example" }),
    );
    const snapshot = toSnapshot(entries, {
      baseUrl: "https://weblate.example",
      triples,
      now: new Date("2026-11-21T12:00:00Z"),
    });
    const site = siteOptionsSchema.parse({ title: "Status" });
    const out = join(await temp(), "out");
    const { files } = await renderSite(snapshot, out, site);
    const expected = await siteFiles(snapshot, site);
    expect(files).toBe(expected.length);
    for (const file of expected) {
      if (file.bytes)
        expect(
          Buffer.from(await readFile(join(out, file.path))).equals(Buffer.from(file.bytes)),
          file.path,
        ).toBe(true);
      else expect(await readFile(join(out, file.path), "utf8"), file.path).toBe(file.content);
    }
  });
});
