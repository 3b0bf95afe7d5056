import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { syntheticRecords, syntheticTriples } from "../../src/demo/synthetic-data.js";
import { mergeSnapshots } from "../helpers/merge-snapshots.js";
import type { Snapshot, SnapshotEntry } from "../../src/snapshot/schema.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// A translation's snapshot entry (status, record, warnings, errors, notes) must not depend on the
// way the crawl reached it: the detail endpoint, a component's list joined with the component
// and project records, a wildcard, the instance-wide list, or a shard.

const now = () => new Date("2026-11-21T12:00:00Z");

/** "p/c/l" strings to the wildcards that cover the same translations. */
function wildcardsOf(triples: string[]): { components: string[]; projects: string[] } {
  const components = new Set<string>();
  const projects = new Set<string>();
  for (const t of triples) {
    const parts = t.split("/");
    components.add(`${parts.slice(0, -1).join("/")}/*`);
    projects.add(`${parts[0]}/*/*`);
  }
  return { components: [...components], projects: [...projects] };
}

async function shardsMerged(baseUrl: string, triples: string[], count: number): Promise<Snapshot> {
  const config = testConfig(baseUrl, triples);
  const parts = [];
  for (let index = 1; index <= count; index++)
    parts.push((await crawlToSnapshot(config, { now, shard: { index, count } })).snapshot);
  return mergeSnapshots(parts.map((snapshot, i) => ({ file: `shard${i + 1}.json`, snapshot })));
}

async function everyPath(
  records: (base: string) => Record<string, unknown>[],
  triples: string[],
  language: string,
) {
  const detailOnly = await startStandIn({ records, listsDisabled: true });
  const server = await startStandIn({ records });
  const text = (s: Snapshot) =>
    JSON.stringify(s.translations)
      .replaceAll(detailOnly.baseUrl, "BASE")
      .replaceAll(server.baseUrl, "BASE");
  const crawl = async (base: string, entries: string[]) =>
    text((await crawlToSnapshot(testConfig(base, entries), { now })).snapshot);
  const wild = wildcardsOf(triples);
  const reference = await crawl(detailOnly.baseUrl, triples);
  // Lists answered 404 there, so every triple came from the detail endpoint.
  expect(detailOnly.requestsTo("/api/translations/")).toHaveLength(triples.length);
  const paths: Record<string, string> = {
    "grouped lists": await crawl(server.baseUrl, triples),
    "p/c/*": await crawl(server.baseUrl, wild.components),
    "p/*/*": await crawl(server.baseUrl, wild.projects),
    "*/*/*": await crawl(server.baseUrl, ["*/*/*"]),
    "2 shards": text(await shardsMerged(server.baseUrl, triples, 2)),
    "4 shards": text(await shardsMerged(server.baseUrl, triples, 4)),
    "4 shards of */*/*": text(await shardsMerged(server.baseUrl, ["*/*/*"], 4)),
  };
  // One language: "*/*/<language>" against its explicit triples, one by one.
  const oneLanguage = triples.filter((t) => t.endsWith(`/${language}`));
  const languageReference = await crawl(detailOnly.baseUrl, oneLanguage);
  const languagePaths = {
    [`*/*/${language}`]: await crawl(server.baseUrl, [`*/*/${language}`]),
    [`p/*/${language}`]: await crawl(
      server.baseUrl,
      wild.projects.map((p) => p.replace(/\*$/, language)),
    ),
  };
  return {
    reference,
    paths,
    languageReference,
    languagePaths,
    count: (JSON.parse(reference) as SnapshotEntry[]).length,
  };
}

describe("the same snapshot entry whatever path the crawl takes", () => {
  it("on the demo data (real shapes: lists leave out what they share)", async () => {
    const { reference, paths, languageReference, languagePaths, count } = await everyPath(
      buildDemoRecords,
      demoTriples(),
      "de",
    );
    expect(count).toBe(50);
    const entries = JSON.parse(reference) as SnapshotEntry[];
    expect(entries.filter((e) => e.status !== "ok")).toEqual([]);
    for (const [path, text] of Object.entries(paths)) expect(text, path).toBe(reference);
    expect((JSON.parse(languageReference) as unknown[]).length).toBe(7);
    for (const [path, text] of Object.entries(languagePaths))
      expect(text, path).toBe(languageReference);
  });

  it("on a synthetic server of several projects", async () => {
    const size = { projects: 3, components: 4, languages: 5 };
    const { reference, paths, languageReference, languagePaths, count } = await everyPath(
      syntheticRecords(size),
      syntheticTriples(size),
      "l002",
    );
    expect(count).toBe(60);
    expect(
      (JSON.parse(reference) as SnapshotEntry[]).filter(
        (e) => e.status !== "ok" || e.warnings.length > 0,
      ),
    ).toEqual([]);
    for (const [path, text] of Object.entries(paths)) expect(text, path).toBe(reference);
    expect((JSON.parse(languageReference) as unknown[]).length).toBe(12);
    for (const [path, text] of Object.entries(languagePaths))
      expect(text, path).toBe(languageReference);
  });

  it("on an older server's shorter components in /api/translations/: the same status, numbers and warnings", async () => {
    const triples = demoTriples();
    const detailOnly = await startStandIn({ records: buildDemoRecords, listsDisabled: true });
    const older = await startStandIn({ records: buildDemoRecords, shapes: "older" });
    const reference = (await crawlToSnapshot(testConfig(detailOnly.baseUrl, triples), { now }))
      .snapshot;
    const instance = (await crawlToSnapshot(testConfig(older.baseUrl, ["*/*/*"]), { now }))
      .snapshot;
    const listItem = (
      (await (await fetch(`${older.baseUrl}/api/translations/`)).json()) as {
        results: { component: object }[];
      }
    ).results[0]!;
    expect(Object.keys(listItem.component)).toEqual(["name", "slug", "project", "web_url", "url"]);
    const numbers = (s: Snapshot) =>
      s.translations.map((e) => {
        const r = e.record as Record<string, unknown>;
        return [
          e.project,
          e.component,
          e.language,
          e.status,
          r.total,
          r.translated,
          r.fuzzy,
          r.failing_checks,
          r.translated_percent,
          e.warnings.map((w) => w.path),
        ];
      });
    expect(numbers(instance)).toEqual(numbers(reference));
    expect(instance.translations.every((e) => e.status === "ok")).toBe(true);
  });
});

describe("two components of one project (the records of a project's component list lack `project`)", () => {
  it("are ok, joined with the project record, and 4 shards merged equal one crawl", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const list = (await (
      await fetch(`${server.baseUrl}/api/projects/orbit-notes/components/?page_size=1000`)
    ).json()) as { results: object[] };
    expect(list.results.every((c) => !("project" in c))).toBe(true);
    server.resetStats();
    const triples = [
      "orbit-notes/application/de",
      "orbit-notes/application/fr",
      "orbit-notes/website/de",
      "orbit-notes/website/fr",
    ];
    const config = testConfig(server.baseUrl, triples);
    const whole = await crawlToSnapshot(config, { now });
    expect(
      whole.snapshot.translations.map(
        (t) => `${t.component}/${t.language}:${t.status}:${t.errors.length}:${t.warnings.length}`,
      ),
    ).toEqual([
      "application/de:ok:0:0",
      "application/fr:ok:0:0",
      "website/de:ok:0:0",
      "website/fr:ok:0:0",
    ]);
    expect(server.log.map((r) => r.url).sort()).toEqual([
      "/api/components/orbit-notes/application/translations/?page_size=1000",
      "/api/components/orbit-notes/website/translations/?page_size=1000",
      "/api/projects/orbit-notes/",
      "/api/projects/orbit-notes/components/?page_size=1000",
    ]);
    const merged = await shardsMerged(server.baseUrl, triples, 4);
    expect(JSON.stringify(merged.translations)).toBe(JSON.stringify(whole.snapshot.translations));
  });
});
