import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crawlOptionsSchema } from "../../src/config/schema.js";
import { OutputError } from "../../src/model/errors.js";
import { loadPreviousSite, type PreviousSite } from "../../src/previous/previous-site.js";
import { main } from "../../src/cli/main.js";
import { openSnapshot } from "../../src/snapshot/read-snapshot.js";
import {
  gzipMembers,
  resolveSnapshotPath,
  withPlainSnapshot,
} from "../../src/snapshot/packed-snapshot.js";
import { serializeSnapshot, toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { contractRecord } from "../helpers/fixtures.js";
import { serveDirectory } from "../helpers/static-site.js";
import { tempDir } from "../helpers/temp-dir.js";

// The site's snapshot is published gzip-compressed (data/snapshot.json.gz); plain files (what
// `crawl` writes) read as well.

const base = "https://weblate.example";

function sample(): Snapshot {
  const triples = ["cs", "de"].map((language) => ({
    project: "proj",
    component: "comp",
    language,
  }));
  const entries = triples.map((triple) =>
    toEntry(
      { triple, body: contractRecord(base, { language: triple.language }) },
      { baseUrl: base },
    ),
  );
  return toSnapshot(entries, { baseUrl: base, triples, now: new Date("2026-11-21T12:00:00Z") });
}

/** A previous site's snapshot read through, and its temporary copy removed. */
async function whole(site: PreviousSite): Promise<Snapshot | undefined> {
  const snapshot = site.snapshot && {
    ...site.snapshot.header,
    translations: [...site.snapshot.entries()],
  };
  await site.close();
  return snapshot;
}

function memoryIo(cwd: string) {
  let out = "";
  let err = "";
  return {
    io: {
      cwd,
      env: {},
      stdout: { write: (s: string) => ((out += s), true) },
      stderr: { write: (s: string) => ((err += s), true) },
    },
    out: () => out,
    err: () => err,
  };
}

describe("the compressed snapshot", () => {
  it("compresses text given in pieces into gzip members that unpack as one text", () => {
    const line = `${"x".repeat(99)}\n`;
    const pieces = Array.from({ length: 90_000 }, (_, i) => (i % 2 ? line : Buffer.from(line)));
    const packed = Buffer.concat([...gzipMembers(pieces)]);
    // 9 MB of text: nine members of about 1 MB, each starting with the gzip magic.
    const magic = [...packed.keys()].filter(
      (i) => packed[i] === 0x1f && packed[i + 1] === 0x8b && packed[i + 2] === 8,
    );
    expect(magic.length).toBeGreaterThanOrEqual(9);
    expect(gunzipSync(packed).toString("utf8")).toBe(line.repeat(90_000));
    expect(gunzipSync(Buffer.concat([...gzipMembers([])])).toString("utf8")).toBe("");
  });

  it("gives each member as soon as its text is in, not the whole file at the end", () => {
    const line = `${"y".repeat(99)}\n`;
    let pulled = 0;
    function* lines() {
      for (; pulled < 90_000; ) {
        pulled += 1;
        yield line;
      }
    }
    const members = gzipMembers(lines());
    const first = members.next();
    // About 1 MB of the 9 MB read for the first member.
    expect(first.done).toBe(false);
    expect(pulled).toBeLessThan(20_000);
    const rest = [...members];
    expect(rest.length).toBeGreaterThanOrEqual(8);
    const whole = Buffer.concat([first.done ? Buffer.alloc(0) : first.value, ...rest]);
    expect(gunzipSync(whole).toString("utf8")).toBe(line.repeat(90_000));
  });

  it("finds the compressed copy beside a missing plain path; a plain file wins when both are there", async () => {
    const dir = await tempDir("l10n-packed-");
    const plain = join(dir, "snapshot.json");
    expect(resolveSnapshotPath(plain)).toBe(plain);
    await writeFile(`${plain}.gz`, gzipSync("{}"));
    expect(resolveSnapshotPath(plain)).toBe(`${plain}.gz`);
    await writeFile(plain, "{}");
    expect(resolveSnapshotPath(plain)).toBe(plain);
  });

  it("unpacks a compressed file for the streaming reader, removes the copy after, and names the compressed file in errors", async () => {
    const dir = await tempDir("l10n-packed-");
    const snapshot = sample();
    const packed = join(dir, "snapshot.json.gz");
    await writeFile(packed, gzipSync(serializeSnapshot(snapshot)));
    let unpacked = "";
    const entries = await withPlainSnapshot(join(dir, "snapshot.json"), async (file, from) => {
      unpacked = file;
      expect(from).toBe(packed);
      return [...openSnapshot(file).entries()];
    });
    expect(entries).toEqual(snapshot.translations);
    expect(existsSync(dirname(unpacked))).toBe(false);

    const broken = join(dir, "broken.json.gz");
    await writeFile(
      broken,
      gzipSync(serializeSnapshot(snapshot).replace('"schemaVersion": 3', '"schemaVersion": "two"')),
    );
    const error = await withPlainSnapshot(broken, async (file) => [
      ...openSnapshot(file).entries(),
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputError);
    expect((error as Error).message).toMatch(
      new RegExp(`^snapshot ${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: "schemaVersion"`),
    );

    const notGzip = join(dir, "cut.json.gz");
    await writeFile(notGzip, gzipSync(serializeSnapshot(snapshot)).subarray(0, 40));
    await expect(withPlainSnapshot(notGzip, async () => 0)).rejects.toThrow(
      `snapshot ${notGzip}: cannot unpack it`,
    );
  });

  it("re-renders a site from its own compressed snapshot, copied into the new site as it is", async () => {
    const dir = await tempDir("l10n-packed-");
    const out = join(dir, "out");
    const packed = gzipSync(serializeSnapshot(sample()));
    await mkdir(join(out, "data"), { recursive: true });
    await writeFile(join(out, "data", "snapshot.json.gz"), packed);
    const run = memoryIo(dir);
    expect(await main(["render", "--out", out, "--quiet"], run.io), run.err()).toBe(0);
    expect(await readFile(join(out, "data", "snapshot.json.gz"))).toEqual(packed);
    // The compressed copy only (the exports beside it are the site's own).
    const data = await readdir(join(out, "data"));
    expect(data.filter((f) => f.startsWith("snapshot"))).toEqual(["snapshot.json.gz"]);
    expect(existsSync(join(out, "proj", "comp", "de", "index.html"))).toBe(true);
    // The plain path (where `crawl` writes, the default of --snapshot) finds the compressed copy.
    const again = memoryIo(dir);
    expect(
      await main(
        [
          "render",
          "--snapshot",
          join(out, "data", "snapshot.json"),
          "--out",
          join(dir, "second"),
          "--quiet",
        ],
        again.io,
      ),
      again.err(),
    ).toBe(0);
    expect(gunzipSync(await readFile(join(dir, "second", "data", "snapshot.json.gz")))).toEqual(
      gunzipSync(packed),
    );
  });
});

describe("a previous site's snapshot", () => {
  const crawl = crawlOptionsSchema.parse({ retryDelayMs: 1, retries: 0 });

  it("is read compressed from a folder, and refused when it unpacks beyond 30 × history.maxBytes", async () => {
    const dir = await tempDir("l10n-packed-");
    await mkdir(join(dir, "data"));
    const text = serializeSnapshot(sample());
    await writeFile(join(dir, "data", "snapshot.json.gz"), gzipSync(text));
    const read = await loadPreviousSite(dir, { crawl, maxBytes: 1e6, baseUrl: base });
    expect(await whole(read)).toEqual(sample());
    const maxBytes = Math.floor((text.length - 1) / 30);
    // The cap is in the message; the run stops unless the previous site is optional.
    await expect(loadPreviousSite(dir, { crawl, maxBytes, baseUrl: base })).rejects.toThrow(
      `previous site ${dir} data/snapshot.json.gz: ${join(dir, "data", "snapshot.json.gz")} unpacks to more than ${maxBytes * 30} bytes (30 × history.maxBytes); stopped before publishing, so the live site and its history stay as they were (raise history.maxBytes in the config (now ${maxBytes}), or pass --previous-optional to go on without last known good data instead)`,
    );
    const small = await loadPreviousSite(dir, { crawl, maxBytes, baseUrl: base, optional: true });
    expect(small.snapshot).toBeUndefined();
    expect(small.warnings).toContain(
      `previous site ${dir} data/snapshot.json.gz: ${join(dir, "data", "snapshot.json.gz")} unpacks to more than ${maxBytes * 30} bytes (30 × history.maxBytes); go on without last known good data (--previous-optional)`,
    );
  });

  it("is read whenever its download fits history.maxBytes: a snapshot compresses about 20 times", async () => {
    // 400 translations of one component, as a scheduled job publishes them: the compressed file
    // is what history.maxBytes limits, and the unpacked one may be more than 10 times it (the
    // factor before, which stopped every run of a 1,000,000-translation site at the default).
    const triples = Array.from({ length: 400 }, (_, i) => ({
      project: "proj",
      component: "comp",
      language: `l${String(i).padStart(3, "0")}`,
    }));
    const entries = triples.map((triple) =>
      toEntry(
        { triple, body: contractRecord(base, { language: triple.language }) },
        { baseUrl: base },
      ),
    );
    const big = toSnapshot(entries, {
      baseUrl: base,
      triples,
      now: new Date("2026-11-21T12:00:00Z"),
    });
    const text = serializeSnapshot(big);
    const packed = gzipSync(text);
    expect(text.length).toBeGreaterThan(packed.length * 10);
    const dir = await tempDir("l10n-packed-");
    await mkdir(join(dir, "data"));
    await writeFile(join(dir, "data", "snapshot.json.gz"), packed);
    const read = await loadPreviousSite(dir, { crawl, maxBytes: packed.length, baseUrl: base });
    expect((await whole(read))?.translations).toHaveLength(400);
  });

  it("is read over HTTP compressed, asked for with the time in the query", async () => {
    const packedSite = await tempDir("l10n-packed-");
    await mkdir(join(packedSite, "data"));
    await writeFile(
      join(packedSite, "data", "snapshot.json.gz"),
      gzipSync(serializeSnapshot(sample())),
    );
    const packed = await serveDirectory(packedSite);
    expect(
      await whole(await loadPreviousSite(packed.url, { crawl, maxBytes: 1e6, baseUrl: base })),
    ).toEqual(sample());
    expect(packed.requests.map((r) => r.url)).toContainEqual(
      expect.stringMatching(/^\/data\/snapshot\.json\.gz\?t=\d+$/),
    );
  });
});
