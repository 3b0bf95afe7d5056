import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/build.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { serializeSnapshot } from "../../src/snapshot/snapshot.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

const now = () => new Date("2026-11-21T12:00:00Z");

describe("the crawl spooled to disk (crawl's constant memory)", () => {
  it("writes byte for byte the snapshot the in-memory crawl writes, a site clash included, and leaves no spool behind", async () => {
    const records = (base: string) => [
      ...syntheticRecords({ projects: 2, components: 2, languages: 3 })(base),
      contractRecord(base, { language: "cs" }),
      // A language code that is a file of the site: invalid after the crawl, its spooled line replaced.
      contractRecord(base, { language: "index.html" }),
    ];
    const server = await startStandIn({ records });
    const config = testConfig(server.baseUrl, ["project0/*/*", "project1/*/*", "proj/comp/*"]);
    const memory = await crawlToSnapshot(config, { now });
    const dir = await mkdtemp(join(tmpdir(), "l10n-spool-"));
    const file = join(dir, "snapshot.json");
    const spooled = await crawlToSnapshot(config, { now, spoolTo: file });
    // The run keeps the entries without records; the problems and counts are the same.
    expect(spooled.snapshot.translations.every((e) => e.record === undefined)).toBe(true);
    expect(spooled.snapshot.translations.map((e) => `${e.language}:${e.status}`)).toEqual(memory.snapshot.translations.map((e) => `${e.language}:${e.status}`));
    expect(memory.snapshot.translations.find((e) => e.language === "index.html")!.status).toBe("invalid");
    spooled.spooled!.write();
    expect(await readFile(file, "utf8")).toBe(serializeSnapshot(memory.snapshot));
    expect(readSnapshot(file)).toEqual(memory.snapshot);
    expect(await readdir(dir)).toEqual(["snapshot.json"]);
  });

  it("discards the spool when nothing is written", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const dir = await mkdtemp(join(tmpdir(), "l10n-spool-"));
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/*"]), { now, spoolTo: join(dir, "s.json") });
    run.spooled!.discard();
    expect(await readdir(dir)).toEqual([]);
  });
});
