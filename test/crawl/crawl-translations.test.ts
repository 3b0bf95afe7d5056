import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { HttpClient } from "../../src/http/http-client.js";
import { joinComponent, listedComponentPath } from "../../src/crawl/join.js";
import { fetchList } from "../../src/crawl/fetch-list.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { syntheticRecords, syntheticTriples } from "../../src/demo/synthetic-data.js";
import { mergeSnapshots } from "../helpers/merge-snapshots.js";
import { compareTriples } from "../../src/config/triple.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

const now = () => new Date("2026-11-21T12:00:00Z");
const statuses = (s: Snapshot) => [...new Set(s.translations.map((t) => t.status))];

describe("wildcards and list endpoints", () => {
  it("crawls project/component/* of a 200-language component in 2 requests (list + component)", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ components: 1, languages: 200 }),
    });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["project0/component0/*"]), {
      now,
    });
    expect(run.snapshot.translations).toHaveLength(200);
    expect(statuses(run.snapshot)).toEqual(["ok"]);
    expect(run.stats.requests).toBe(2);
    expect(server.log.map((r) => r.url).sort()).toEqual([
      "/api/components/project0/component0/",
      "/api/components/project0/component0/translations/?page_size=1000",
    ]);
  });

  it("crawls project/*/* over 10 components x 200 languages in 12 requests (component list, project record, 10 lists)", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ components: 10, languages: 200 }),
    });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["project0/*/*"]), { now });
    expect(run.snapshot.translations).toHaveLength(2000);
    expect(statuses(run.snapshot)).toEqual(["ok"]);
    expect(run.stats.requests).toBeLessThanOrEqual(25);
    expect(run.stats.requests).toBe(12);
    // Real servers leave `project` out of a project's component list: the project record is joined
    // in.
    expect(
      server
        .requestsTo("/api/projects/project0/")
        .map((r) => r.url)
        .sort(),
    ).toEqual(["/api/projects/project0/", "/api/projects/project0/components/?page_size=1000"]);
  });

  it("takes the records of two or more components from their project's component list", async () => {
    const size = { components: 3, languages: 4 };
    const server = await startStandIn({ records: syntheticRecords(size) });
    const triples = syntheticTriples(size).filter((t) => !t.endsWith("/l003"));
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples), { now });
    expect(run.snapshot.translations).toHaveLength(9);
    expect(statuses(run.snapshot)).toEqual(["ok"]);
    expect(server.log.map((r) => r.url).sort()).toEqual([
      "/api/components/project0/component0/translations/?page_size=1000",
      "/api/components/project0/component1/translations/?page_size=1000",
      "/api/components/project0/component2/translations/?page_size=1000",
      "/api/projects/project0/",
      "/api/projects/project0/components/?page_size=1000",
    ]);
  });

  it("asks a component's own endpoint when the project's list fails or lacks it, with the same snapshot", async () => {
    const size = { components: 3, languages: 4 };
    const server = await startStandIn({ records: syntheticRecords(size) });
    const triples = syntheticTriples(size).filter((t) => !t.endsWith("/l003"));
    const detailRequests = () =>
      server.log
        .filter((r) => /^\/api\/components\/[^/]+\/[^/]+\/$/.test(r.url))
        .map((r) => r.url)
        .sort();
    const whole = await crawlToSnapshot(testConfig(server.baseUrl, triples), { now });
    expect(detailRequests()).toEqual([]);

    server.resetStats();
    server.addFault("/api/projects/project0/components/", { status: 404 });
    const failed = await crawlToSnapshot(testConfig(server.baseUrl, triples), { now });
    expect(detailRequests()).toEqual([
      "/api/components/project0/component0/",
      "/api/components/project0/component1/",
      "/api/components/project0/component2/",
    ]);
    expect(failed.snapshot.translations).toEqual(whole.snapshot.translations);

    const list = (await (
      await fetch(`${server.baseUrl}/api/projects/project0/components/`)
    ).json()) as { results: { slug: string }[] };
    const results = list.results.filter((c) => c.slug !== "component1");
    server.resetStats();
    server.addFault("/api/projects/project0/components/", {
      body: JSON.stringify({ count: results.length, next: null, previous: null, results }),
    });
    const lacking = await crawlToSnapshot(testConfig(server.baseUrl, triples), { now });
    expect(detailRequests()).toEqual(["/api/components/project0/component1/"]);
    expect(lacking.snapshot.translations).toEqual(whole.snapshot.translations);
  });

  it("crawls project/*/de: one language of every component", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/de"]), { now });
    expect(
      run.snapshot.translations.map((t) => `${t.component}/${t.language}:${t.status}`),
    ).toEqual(["android/de:ok", "application/de:ok", "website/de:ok"]);
  });

  it("gives the same records through lists and wildcards as one by one through the detail endpoint", async () => {
    const detailOnly = await startStandIn({ records: buildDemoRecords, listsDisabled: true });
    const lists = await startStandIn({ records: buildDemoRecords });
    const explicit = demoTriples();
    const wildcard = [
      "harbor-docs/*/*",
      "orbit-notes/*/*",
      "tinygrep/cli/*",
      "tinygrep/man-pages/de",
      "tinygrep/man-pages/fr",
      "tinygrep/man-pages/ru",
      "tinygrep/man-pages/uk",
      "tinygrep/man-pages/zh_Hans",
    ];
    const oneByOne = await crawlToSnapshot(testConfig(detailOnly.baseUrl, explicit), { now });
    const grouped = await crawlToSnapshot(testConfig(lists.baseUrl, explicit), { now });
    const wild = await crawlToSnapshot(testConfig(lists.baseUrl, wildcard), { now });
    // Detail-only: lists answered 404, so every triple fell back to the detail endpoint.
    expect(detailOnly.log.filter((r) => r.url.startsWith("/api/translations/"))).toHaveLength(
      explicit.length,
    );
    const strip = (s: Snapshot) =>
      JSON.stringify(s.translations)
        .replaceAll(detailOnly.baseUrl, "BASE")
        .replaceAll(lists.baseUrl, "BASE");
    expect(oneByOne.snapshot.translations).toHaveLength(50);
    expect(strip(grouped.snapshot)).toBe(strip(oneByOne.snapshot));
    expect(strip(wild.snapshot)).toBe(strip(oneByOne.snapshot));
    expect(wild.stats.requests).toBeLessThan(20);
  });

  it("crawls components inside categories, by wildcard and by path, the same as one by one", async () => {
    const where = [
      { component: "app" },
      { component: "usage", category: "docs" },
      { component: "install", category: "docs/guides" },
    ];
    const records = (base: string) =>
      where.flatMap((w) =>
        ["cs", "de"].map((language) => contractRecord(base, { ...w, language })),
      );
    const detailOnly = await startStandIn({ records, listsDisabled: true });
    const lists = await startStandIn({ records });
    const explicit = [
      "proj/app/cs",
      "proj/app/de",
      "proj/docs/usage/cs",
      "proj/docs%2Fusage/de",
      "proj/docs/guides/install/cs",
      "proj/docs/guides/install/de",
    ];
    const oneByOne = await crawlToSnapshot(testConfig(detailOnly.baseUrl, explicit), { now });
    expect(detailOnly.log.map((r) => r.url)).toContain(
      "/api/translations/proj/docs%252Fguides%252Finstall/de/",
    );
    const wild = await crawlToSnapshot(testConfig(lists.baseUrl, ["proj/*/*"]), { now });
    // The category link is a newer server's field the contract lacks: a note.
    expect(wild.snapshot.translations.flatMap((t) => t.warnings)).toEqual([]);
    expect(
      wild.snapshot.translations.map(
        (t) => `${t.component}/${t.language}:${t.status}:${t.notes.map((w) => w.path)}`,
      ),
    ).toEqual([
      "app/cs:ok:",
      "app/de:ok:",
      "docs%2Fguides%2Finstall/cs:ok:component.category",
      "docs%2Fguides%2Finstall/de:ok:component.category",
      "docs%2Fusage/cs:ok:component.category",
      "docs%2Fusage/de:ok:component.category",
    ]);
    expect(lists.log.map((r) => r.url).sort()).toEqual([
      "/api/components/proj/app/translations/?page_size=1000",
      "/api/components/proj/docs%252Fguides%252Finstall/translations/?page_size=1000",
      "/api/components/proj/docs%252Fusage/translations/?page_size=1000",
      "/api/projects/proj/",
      "/api/projects/proj/components/?page_size=1000",
    ]);
    const strip = (s: Snapshot) =>
      JSON.stringify(s.translations)
        .replaceAll(detailOnly.baseUrl, "BASE")
        .replaceAll(lists.baseUrl, "BASE");
    expect(strip(wild.snapshot)).toBe(strip(oneByOne.snapshot));
    const named = await crawlToSnapshot(
      testConfig(lists.baseUrl, ["proj/docs/usage/*", "proj/docs/guides/install/de"]),
      { now },
    );
    expect(
      named.snapshot.translations.map((t) => `${t.component}/${t.language}:${t.status}`),
    ).toEqual(["docs%2Fguides%2Finstall/de:ok", "docs%2Fusage/cs:ok", "docs%2Fusage/de:ok"]);
  });

  it("reads a listed component's path from its own API link, and falls back to its slug when the link does not name it", () => {
    const api = "https://weblate.example/sub/api/components/proj";
    expect(listedComponentPath({ slug: "usage", url: `${api}/docs%252Fusage/` })).toBe(
      "docs%2Fusage",
    );
    expect(
      listedComponentPath({ slug: "usage", url: `${api}/docs%252Fguides%252Fusage/?format=api` }),
    ).toBe("docs%2Fguides%2Fusage");
    expect(listedComponentPath({ slug: "usage", url: `${api}/usage/` })).toBe("usage");
    expect(listedComponentPath({ slug: "usage" })).toBe("usage");
    // A link naming another component, a path that could climb out, or a broken escape: the slug.
    expect(listedComponentPath({ slug: "usage", url: `${api}/docs%252Fother/` })).toBe("usage");
    expect(listedComponentPath({ slug: "usage", url: `${api}/..%252Fusage/` })).toBe("usage");
    expect(listedComponentPath({ slug: "usage", url: `${api}/docs%252F%E0%A4%A/` })).toBe("usage");
    expect(listedComponentPath({ slug: "", url: `${api}/docs%252F/` })).toBeUndefined();
    expect(listedComponentPath(null)).toBeUndefined();
  });

  it("joins the component in where the detail endpoint has it, keeping every other key as data", () => {
    const item = JSON.parse(
      '{"language":{"code":"de"},"language_code":"de","__proto__":{"polluted":true},"total":3}',
    );
    const joined = joinComponent(item, { slug: "cli" }) as Record<string, unknown>;
    expect(Object.keys(joined)).toEqual([
      "language",
      "component",
      "language_code",
      "__proto__",
      "total",
    ]);
    expect(Object.getPrototypeOf(joined)).toBe(Object.prototype);
    expect(JSON.stringify(joined)).toBe(
      '{"language":{"code":"de"},"component":{"slug":"cli"},"language_code":"de","__proto__":{"polluted":true},"total":3}',
    );
    // `language` further down (and a "__proto__" key before it): the component still follows it.
    const late = JSON.parse(
      '{"__proto__":{"polluted":true},"total":3,"language":{"code":"de"},"fuzzy":0}',
    );
    expect(JSON.stringify(joinComponent(late, { slug: "cli" }))).toBe(
      '{"__proto__":{"polluted":true},"total":3,"language":{"code":"de"},"component":{"slug":"cli"},"fuzzy":0}',
    );
    expect(Object.getPrototypeOf(joinComponent(late, {}))).toBe(Object.prototype);
    // An item without `language` gets the component first; one that has a component keeps its own.
    expect(Object.keys(joinComponent({ total: 1 }, {}) as object)).toEqual(["component", "total"]);
    expect(joinComponent(item, {})).not.toBe(item);
    const own = { language: {}, component: { slug: "x" } };
    expect(joinComponent(own, { slug: "y" })).toBe(own);
  });

  it("falls back to the detail endpoint for a language the list lacks", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["tinygrep/cli/de", "tinygrep/cli/xx"]),
      { now },
    );
    expect(run.snapshot.translations.map((t) => `${t.language}:${t.status}`)).toEqual([
      "de:ok",
      "xx:failed",
    ]);
    expect(server.requestsTo("/api/translations/tinygrep/cli/xx/")).toHaveLength(1);
  });

  it("reports a wildcard whose list cannot be had, keeping the rest", async () => {
    const server = await startStandIn({ records: buildDemoRecords, listsDisabled: true });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["tinygrep/cli/*", "tinygrep/*/fr", "orbit-notes/website/de"]),
      { now },
    );
    expect(
      run.snapshot.translations.map((t) => `${t.project}/${t.component}/${t.language}:${t.status}`),
    ).toEqual(["orbit-notes/website/de:ok", "tinygrep/*/fr:failed", "tinygrep/cli/*:failed"]);
  });

  it("follows `next` page by page, and accepts a bare JSON array", async () => {
    const paged = await startStandIn({
      records: syntheticRecords({ components: 1, languages: 25 }),
    });
    const run = await crawlToSnapshot(
      testConfig(paged.baseUrl, ["project0/component0/*"], { pageSize: 10 }),
      { now },
    );
    expect(run.snapshot.translations).toHaveLength(25);
    expect(
      paged.requestsTo("/api/components/project0/component0/translations/").map((r) => r.url),
    ).toEqual([
      "/api/components/project0/component0/translations/?page_size=10",
      "/api/components/project0/component0/translations/?page_size=10&page=2",
      "/api/components/project0/component0/translations/?page_size=10&page=3",
    ]);
    const bare = await startStandIn({
      records: syntheticRecords({ components: 1, languages: 25 }),
      bareArrays: true,
    });
    const bareRun = await crawlToSnapshot(testConfig(bare.baseUrl, ["project0/component0/*"]), {
      now,
    });
    expect(bareRun.snapshot.translations).toHaveLength(25);
    expect(statuses(bareRun.snapshot)).toEqual(["ok"]);
  });

  it("refuses a `next` link that leaves the configured origin", async () => {
    const server = await startStandIn({ records: () => [] });
    server.addFault("/api/components/p/c/translations/", {
      body: JSON.stringify({
        count: 2,
        next: "https://evil.example/api/page2",
        previous: null,
        results: [],
      }),
    });
    const client = new HttpClient({
      ...testConfig(server.baseUrl, ["p/c/*"]).crawl,
      baseUrl: server.baseUrl,
      token: "wlu_x",
    });
    await expect(
      fetchList(client, `${server.baseUrl}/api/components/p/c/translations/`, 1000),
    ).rejects.toThrow(
      `[GET] "https://evil.example/api/page2": outside the configured server ${server.baseUrl}; not requested`,
    );
    await client.close();
  });

  it("slows down before the rate limit runs out instead of running into 429s", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ components: 12, languages: 1 }),
      rateLimit: { limit: 8, windowSeconds: 2 },
    });
    const triples = syntheticTriples({ components: 12, languages: 1 });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples, { concurrency: 2 }), {
      now,
    });
    expect(statuses(run.snapshot)).toEqual(["ok"]);
    expect(server.throttled).toBe(0);
    expect(run.stats.requests).toBe(12);
    const times = server.log.map((r) => r.at);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(1000);
  });
});

describe("shards for a CI matrix", () => {
  it("4 shards merged equal one crawl, and no list is fetched twice", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const config = testConfig(
      server.baseUrl,
      JSON.parse(
        await import("node:fs/promises").then((fs) => fs.readFile("config/demo.json", "utf8")),
      ).translations,
    );
    const whole = await crawlToSnapshot(config, { now });
    server.resetStats();
    const shards = [];
    for (let i = 1; i <= 4; i++)
      shards.push(await crawlToSnapshot(config, { now, shard: { index: i, count: 4 } }));
    const lists = server.log.filter((r) => r.url.includes("/translations/?")).map((r) => r.url);
    expect(new Set(lists).size).toBe(lists.length);
    expect(shards.map((s) => s.snapshot.translations.length).reduce((a, b) => a + b)).toBe(50);
    expect(shards.filter((s) => s.snapshot.translations.length > 0).length).toBeGreaterThan(1);
    const merged = mergeSnapshots(
      shards.map((s, i) => ({ file: `shard${i + 1}.json`, snapshot: s.snapshot })),
    );
    // Shards probe no project, so they say nothing of when the next probe asks from.
    expect(merged).toEqual({ ...whole.snapshot, changesSince: undefined });
  });

  it("refuses overlapping shards, shards of another config, and a missing shard", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const config = testConfig(server.baseUrl, ["orbit-notes/*/*", "tinygrep/*/*"]);
    const [a, b] = await Promise.all(
      [1, 2].map((i) => crawlToSnapshot(config, { now, shard: { index: i, count: 2 } })),
    );
    const other = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/*"]), {
      now,
      shard: { index: 2, count: 2 },
    });
    const part = (name: string, snapshot: Snapshot) => ({ file: name, snapshot });
    expect(() =>
      mergeSnapshots([part("a.json", a!.snapshot), part("other.json", other.snapshot)]),
    ).toThrow("merge: other.json comes from another config than a.json");
    expect(() =>
      mergeSnapshots([part("a.json", a!.snapshot), part("a2.json", a!.snapshot)]),
    ).toThrow("merge: a2.json and a.json are both shard 1/2");
    expect(() => mergeSnapshots([part("a.json", a!.snapshot)])).toThrow(
      "merge: shard 2 of 2 missing; pass every shard's snapshot",
    );
    // An overlapping shard as crawl writes one: sorted.
    const overlapping = {
      ...b!.snapshot,
      translations: [...b!.snapshot.translations, a!.snapshot.translations[0]!].sort(
        compareTriples,
      ),
    };
    expect(() =>
      mergeSnapshots([part("a.json", a!.snapshot), part("b.json", overlapping)]),
    ).toThrow(/is in both a\.json and b\.json; shards must not overlap/);
    expect(
      mergeSnapshots([part("a.json", a!.snapshot), part("b.json", b!.snapshot)]).translations,
    ).toHaveLength(40);
  });
});
