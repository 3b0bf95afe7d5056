import { describe, expect, it } from "vitest";
import { crawlTranslations } from "../../src/crawl/crawl-translations.js";
import { HttpClient } from "../../src/http/http-client.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { contractRecord } from "../helpers/fixtures.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// Statistics fields of newer servers (approved, read-only, characters) kept in the snapshot with
// crawl.statistics, validated when present, never required.

const records = (base: string) =>
  ["cs", "de"].map((language) => contractRecord(base, { language, stats: { translated: 36 } }));
const withStats = { statistics: true };

describe("crawl.statistics", () => {
  it("keeps a 2026 server's approved, read-only and character counts in each entry, one request per component", async () => {
    const server = await startStandIn({ records, generation: "2026" });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/*"], withStats));
    const [cs] = run.snapshot.translations;
    expect(cs?.statistics).toEqual({
      total_chars: 2948,
      translated_chars: 1166,
      fuzzy_chars: 162,
      fuzzy_words: 30,
      approved: 0,
      approved_words: 0,
      approved_chars: 0,
      readonly: 0,
      readonly_words: 0,
      readonly_chars: 0,
      translated_chars_percent: 39.5,
      fuzzy_words_percent: 5.4,
      fuzzy_chars_percent: 5.4,
      approved_percent: 0,
      approved_words_percent: 0,
      approved_chars_percent: 0,
      readonly_percent: 0,
      readonly_words_percent: 0,
      readonly_chars_percent: 0,
    });
    expect(cs?.warnings).toEqual([]);
    expect(server.requestsTo("/api/components/proj/comp/statistics/")).toHaveLength(1);
    expect(run.stats.requests).toBe(3);
  });

  it("throws a handling that failed while its row was awaited, once every other is handled", async () => {
    const three = (base: string) =>
      ["cs", "de", "fr"].map((language) => contractRecord(base, { language }));
    const server = await startStandIn({ records: three, generation: "2026" });
    const config = testConfig(server.baseUrl, ["proj/comp/*"], withStats);
    const client = new HttpClient({ ...config.crawl, baseUrl: config.baseUrl });
    const handled: string[] = [];
    const crawl = crawlTranslations(
      client,
      {
        baseUrl: config.baseUrl,
        translations: config.translations,
        pageSize: config.crawl.pageSize,
        statistics: true,
      },
      ({ triple, statistics }) => {
        // As a spool on a full disk fails.
        if (triple.language === "de") throw new Error("no space left on the device");
        handled.push(`${triple.language}: ${statistics ? "with" : "without"} its row`);
      },
    );
    await expect(crawl).rejects.toThrow("no space left on the device");
    expect(handled.sort()).toEqual(["cs: with its row", "fr: with its row"]);
    await client.close();
  });

  it("gives a translation the same statistics whichever pattern reached it", async () => {
    const server = await startStandIn({ records, generation: "2026" });
    const wild = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/*"], withStats));
    const one = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/cs"], withStats));
    const all = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/*"], withStats));
    expect(one.snapshot.translations[0]).toEqual(wild.snapshot.translations[0]);
    expect(all.snapshot.translations[0]).toEqual(wild.snapshot.translations[0]);
  });

  it("keeps none from a 4.x server, whose rows have none of them, and warns of nothing", async () => {
    const server = await startStandIn({ records, generation: "4" });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/*"], withStats));
    expect(run.snapshot.translations.map((t) => [t.status, t.statistics, t.warnings])).toEqual([
      ["ok", undefined, []],
      ["ok", undefined, []],
    ]);
  });

  it("warns of a value that is not a count, or a count above what it is part of, and keeps the rest", async () => {
    const server = await startStandIn({ records, generation: "2026" });
    server.addFault("/api/components/proj/comp/statistics/", {
      body: JSON.stringify({
        count: 1,
        next: null,
        previous: null,
        results: [{ code: "cs", translated: 36, approved: 50, readonly: "2", total_chars: 3000 }],
      }),
    });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/*"], withStats));
    const [cs, de] = run.snapshot.translations;
    expect(cs).toMatchObject({ status: "ok", statistics: { approved: 50, total_chars: 3000 } });
    expect(cs?.warnings).toEqual([
      { path: "statistics.readonly", message: 'expected a count (an integer >= 0), found "2"' },
      { path: "statistics.approved", message: "expected at most translated (36), found 50" },
    ]);
    // The page gave no row for de: no statistics, and no complaint.
    expect(de).toMatchObject({ status: "ok", warnings: [] });
    expect(de?.statistics).toBeUndefined();
  });

  it("is off by default: no statistics request", async () => {
    const server = await startStandIn({ records, generation: "2026" });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/comp/*"]));
    expect(run.snapshot.translations[0]?.statistics).toBeUndefined();
    expect(server.requestsTo("/api/components/proj/comp/statistics/")).toHaveLength(0);
  });

  it("writes them to the snapshot file and reads them back", async () => {
    const server = await startStandIn({ records, generation: "2026" });
    const run = await runMain({
      baseUrl: server.baseUrl,
      translations: ["proj/comp/*"],
      crawl: withStats,
    });
    expect(run.code).toBe(0);
    const snapshot = readSnapshot(`${run.dir}/snapshot.json`);
    expect(snapshot.translations[0]?.statistics).toMatchObject({ total_chars: 2948, approved: 0 });
  });
});
