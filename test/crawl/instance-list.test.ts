import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { syntheticRecords, syntheticTriples } from "../../src/demo/synthetic-data.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

const now = () => new Date("2026-11-21T12:00:00Z");
const text = (s: Snapshot) => JSON.stringify(s.translations);

describe("the whole instance: */*/* and */*/<language>", () => {
  it("reads every translation from /api/translations/ in ceil(N/1000) requests, the same as the explicit crawl", async () => {
    const size = { projects: 5, components: 5, languages: 100 };
    const server = await startStandIn({ records: syntheticRecords(size) });
    const whole = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/*"]), { now });
    expect(whole.snapshot.translations).toHaveLength(2500);
    expect(whole.stats.requests).toBe(3);
    expect(server.log.map((r) => r.url)).toEqual([
      "/api/translations/?page_size=1000",
      "/api/translations/?page_size=1000&page=2",
      "/api/translations/?page_size=1000&page=3",
    ]);
    const explicit = await crawlToSnapshot(testConfig(server.baseUrl, syntheticTriples(size)), {
      now,
    });
    expect(text(whole.snapshot)).toBe(text(explicit.snapshot));
  });

  it("keeps one language with */*/<language>, from the same list", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/fr"]), { now });
    expect(
      run.snapshot.translations.map((t) => `${t.project}/${t.component}/${t.language}:${t.status}`),
    ).toEqual([
      "harbor-docs/glossary/fr:ok",
      "harbor-docs/manual%2Fguide/fr:ok",
      "orbit-notes/android/fr:ok",
      "orbit-notes/application/fr:ok",
      "orbit-notes/website/fr:ok",
      "tinygrep/cli/fr:ok",
      "tinygrep/man-pages/fr:ok",
    ]);
    expect(server.log.map((r) => r.url)).toEqual(["/api/translations/?page_size=1000"]);
  });

  it("fetches each translation once when mixed with other entries; what the list lacks comes from the detail endpoint", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, [
        "*/*/*",
        "tinygrep/*/*",
        "orbit-notes/android/*",
        "tinygrep/cli/de",
        "tinygrep/cli/xx",
        "nowhere/app/de",
      ]),
      { now },
    );
    expect(run.snapshot.translations).toHaveLength(52);
    expect(
      run.snapshot.translations
        .filter((t) => t.status !== "ok")
        .map((t) => `${t.project}/${t.component}/${t.language}`),
    ).toEqual(["nowhere/app/de", "tinygrep/cli/xx"]);
    // And the component's list, once xx is missing: the hint names the component's languages.
    expect(server.log.map((r) => r.url).sort()).toEqual([
      "/api/components/tinygrep/cli/translations/?page_size=1000",
      "/api/translations/?page_size=1000",
      "/api/translations/nowhere/app/de/",
      "/api/translations/tinygrep/cli/xx/",
    ]);
  });

  it("goes on with */*/<language> beside a component's every language: the list gives the rest, nothing twice", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/de", "tinygrep/cli/*"]), {
      now,
    });
    expect(run.snapshot.translations).toHaveLength(7 + 7);
    expect(new Set(run.snapshot.translations.map((t) => `${t.component}/${t.language}`)).size).toBe(
      14,
    );
    expect(server.log.map((r) => r.url).sort()).toEqual([
      "/api/components/tinygrep/cli/",
      "/api/components/tinygrep/cli/translations/?page_size=1000",
      "/api/translations/?page_size=1000",
    ]);
  });

  it("falls back to the project lists when /api/translations/ is not readable, then to the detail endpoints", async () => {
    const size = { projects: 2, components: 2, languages: 3 };
    const server = await startStandIn({ records: syntheticRecords(size) });
    const reference = await crawlToSnapshot(testConfig(server.baseUrl, syntheticTriples(size)), {
      now,
    });
    server.resetStats();
    server.addFault("/api/translations/", {
      status: 403,
      body: JSON.stringify({ detail: "You do not have permission to perform this action." }),
    });
    const fallback = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/*"]), { now });
    expect(text(fallback.snapshot)).toBe(text(reference.snapshot));
    expect(server.requestsTo("/api/projects/?")).toHaveLength(1);
    expect(fallback.stats.requests).toBe(1 + 1 + 2 * (1 + 1 + 2));

    const detailOnly = await startStandIn({ records: syntheticRecords(size), listsDisabled: true });
    const none = await crawlToSnapshot(
      testConfig(detailOnly.baseUrl, ["*/*/*", "project0/component0/l001"]),
      { now },
    );
    expect(
      none.snapshot.translations.map(
        (t) => `${t.project}/${t.component}/${t.language}:${t.status}`,
      ),
    ).toEqual(["*/*/*:failed", "project0/component0/l001:ok"]);
    expect(none.snapshot.translations[0]!.errors[0]!.message).toContain(
      "/api/translations/?page_size=1000",
    );
  });

  it("keeps each shard's share of the instance, each shard reading the instance list", async () => {
    const size = { projects: 3, components: 3, languages: 4 };
    const server = await startStandIn({ records: syntheticRecords(size) });
    const counts = [];
    for (let index = 1; index <= 3; index++) {
      server.resetStats();
      const run = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/*"]), {
        now,
        shard: { index, count: 3 },
      });
      expect(server.log.map((r) => r.url)).toEqual(["/api/translations/?page_size=1000"]);
      counts.push(run.snapshot.translations.length);
    }
    expect(counts.reduce((a, b) => a + b)).toBe(36);
  });
});
