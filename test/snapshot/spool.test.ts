import { closeSync, openSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline/build.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { serializeSnapshot } from "../../src/snapshot/snapshot.js";
import type { SnapshotEntry } from "../../src/snapshot/schema.js";
import { SnapshotSpool } from "../../src/snapshot/spool.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

const now = () => new Date("2026-11-21T12:00:00Z");

describe("the crawl spooled to disk (crawl's constant memory)", () => {
  it("writes byte for byte the snapshot the in-memory crawl writes, a site clash included, and leaves no spool behind", async () => {
    const records = (base: string) => [
      ...syntheticRecords({ projects: 2, components: 2, languages: 3 })(base),
      contractRecord(base, { language: "cs" }),
      // A language code that is a file of the site: invalid after the crawl, its spooled line
      // replaced.
      contractRecord(base, { language: "index.html" }),
    ];
    const server = await startStandIn({ records });
    const config = testConfig(server.baseUrl, ["project0/*/*", "project1/*/*", "proj/comp/*"]);
    const memory = await crawlToSnapshot(config, { now });
    const dir = await tempDir("l10n-spool-");
    const file = join(dir, "snapshot.json");
    let problems: SnapshotEntry[] = [];
    const { summary: spooled } = await build(config, {
      snapshot: file,
      now,
      // Read while the spool is open, as the report reads them.
      onCrawled: (run) => (problems = [...run.problems()]),
    });
    // The run keeps no entry: the counts and the problems (read back from the spool, without
    // records) are the same.
    expect(spooled.counts).toEqual(memory.counts);
    // The two crawls differ only in the server's clock each read (the next probe's "since").
    const clockless = <T extends object>(s: T) => ({ ...s, changesSince: undefined });
    const clocklessText = (text: string) => text.replace(/"changesSince": \{[^}]*\},\n/, "");
    expect(clockless(spooled.header)).toEqual(clockless(memory.header));
    expect(problems.every((e) => e.record === undefined)).toBe(true);
    expect(problems.map((e) => ({ ...e, record: undefined }))).toEqual(
      [...memory.problems()].map((e) => ({ ...e, record: undefined })),
    );
    expect(memory.snapshot.translations.find((e) => e.language === "index.html")!.status).toBe(
      "invalid",
    );
    expect(problems.map((e) => `${e.language}:${e.status}`)).toContain("index.html:invalid");
    expect(clocklessText(await readFile(file, "utf8"))).toBe(
      clocklessText(serializeSnapshot(memory.snapshot)),
    );
    expect(clockless(readSnapshot(file))).toEqual(clockless(memory.snapshot));
    expect(await readdir(dir)).toEqual(["snapshot.json"]);
  });

  it("discards the spool when nothing is written, and when the run stops", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const dir = await tempDir("l10n-spool-");
    // Nothing usable: nothing is written.
    const unusable = await build(testConfig(server.baseUrl, ["proj/nothing/*"]), {
      snapshot: join(dir, "s.json"),
      now,
    });
    expect(unusable.code).toBe(3);
    expect(await readdir(dir)).toEqual([]);
    // A run that stops once the crawl settled (here its report throws) leaves no spool either.
    await expect(
      build(testConfig(server.baseUrl, ["proj/comp/*"]), {
        snapshot: join(dir, "s.json"),
        now,
        onCrawled: () => {
          throw new Error("stopped");
        },
      }),
    ).rejects.toThrow("stopped");
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses to read an entry once closed: its descriptor may be another file's by then", async () => {
    const dir = await tempDir("l10n-spool-");
    const spool = await SnapshotSpool.open(join(dir, "s.json"));
    const entry: SnapshotEntry = {
      project: "mine",
      component: "comp",
      language: "cs",
      status: "failed",
      warnings: [],
      errors: [{ path: "(request)", message: "500" }],
      notes: [],
    };
    const n = spool.add(entry);
    expect(spool.entry(n)).toEqual(entry);
    spool.close();
    // The next file opened gets the lowest free descriptor: the spool's. Its first line reads as
    // an entry of the same length.
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ ...entry, project: "evil" }));
    const fd = openSync(other, "r");
    try {
      expect(() => spool.entry(n)).toThrow(/spool .* is closed/);
    } finally {
      closeSync(fd);
    }
  });
});
