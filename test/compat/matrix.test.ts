import { describe, expect, it } from "vitest";
import { buildDemoRecords, DEMO_PROJECTS, demoTriples } from "../../src/demo/demo-data.js";
import type { Generation } from "../../src/demo/generations.js";
import type { StandInOptions } from "../../src/demo/stand-in-server.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { mergeSnapshots } from "../helpers/merge-snapshots.js";
import { snapshotSource } from "../../src/snapshot/read-snapshot.js";
import type { SnapshotEntry } from "../../src/snapshot/schema.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// The compatibility matrix: the same scenarios (explicit triples, wildcards at each level, the
// whole instance, an incremental run, a failing list, shards) against each server generation the
// stand-in plays and against the differences of real servers the project records. In every cell
// a translation gets the same entry (status, record, warnings, notes, errors) as when it is named
// explicitly: one translation, one verdict, whichever pattern reached it. The README's table of
// tested Weblate versions lists these sources.

interface Source {
  name: string;
  options: Omit<StandInOptions, "records">;
  records: (base: string) => unknown[];
}

const generation = (g: Generation): Source => ({
  name: `the stand-in as Weblate ${g === "2026" ? "2026.x" : "4.x"}`,
  options: { generation: g },
  records: (base) => buildDemoRecords(base, { olderProject: false }),
});

const SOURCES: Source[] = [
  generation("2026"),
  generation("4"),
  {
    // The project holds no recorded responses of real servers; what they showed is kept as the
    // demo data's differences (docs/weblate-versions.md): a project in a pre-4.2 shape, Android
    // codes (b+ach), a component inside a category, an empty glossary, and the shorter component
    // older servers embed in /api/translations/ items.
    name: "the differences real servers showed",
    options: { shapes: "older" },
    records: (base) => buildDemoRecords(base),
  },
];

const projects = DEMO_PROJECTS.map((p) => p.slug);
const componentPatterns = DEMO_PROJECTS.flatMap((p) =>
  p.components.map((c) => `${p.slug}/${c.category ? `${c.category}/` : ""}${c.slug}/*`),
);
const now = () => new Date("2026-11-21T12:00:00Z");
const key = (e: SnapshotEntry) => `${e.project}/${e.component}/${e.language}`;

describe.each(SOURCES.map((s) => [s.name, s] as const))("against %s", (_, source) => {
  const start = () => startStandIn({ records: source.records, ...source.options });
  const crawl = async (baseUrl: string, triples: string[], extra = {}) =>
    (await crawlToSnapshot(testConfig(baseUrl, triples), { now, ...extra })).snapshot.translations;

  /** The entries of the explicit crawl: what every other scenario must give its translations. */
  const reference = async (baseUrl: string) => {
    const entries = await crawl(baseUrl, demoTriples());
    expect(entries).toHaveLength(50);
    expect(entries.every((e) => e.status === "ok")).toBe(true);
    return new Map(entries.map((e) => [key(e), e]));
  };
  const sameAs = (expected: Map<string, SnapshotEntry>, entries: SnapshotEntry[]) => {
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).toEqual(expected.get(key(entry)));
  };

  it("gives each translation the same entry through every pattern", async () => {
    const server = await start();
    const expected = await reference(server.baseUrl);
    const scenarios: [string, string[]][] = [
      ["component wildcards", componentPatterns],
      ["project wildcards", projects.map((p) => `${p}/*/*`)],
      ["one language across each project", projects.map((p) => `${p}/*/de`)],
      ["the whole instance", ["*/*/*"]],
      ["one language across the instance", ["*/*/de"]],
      [
        "wildcards mixed with explicit triples",
        ["orbit-notes/*/*", "orbit-notes/android/ach", "*/*/fr"],
      ],
    ];
    for (const [name, triples] of scenarios) {
      const entries = await crawl(server.baseUrl, triples);
      expect({ name, failed: entries.filter((e) => e.status !== "ok").map(key) }).toEqual({
        name,
        failed: [],
      });
      sameAs(expected, entries);
    }
    // Every translation is reached by the wildcards at each level.
    expect(await crawl(server.baseUrl, ["*/*/*"])).toHaveLength(50);
    expect(
      await crawl(
        server.baseUrl,
        projects.map((p) => `${p}/*/*`),
      ),
    ).toHaveLength(50);
    expect((await crawl(server.baseUrl, ["*/*/de"])).map(key)).toEqual(
      (
        await crawl(
          server.baseUrl,
          projects.map((p) => `${p}/*/de`),
        )
      ).map(key),
    );
  });

  it("carries an unchanged project over in an incremental run, as a full run has it", async () => {
    const server = await start();
    const triples = projects.map((p) => `${p}/*/*`);
    const first = await crawlToSnapshot(testConfig(server.baseUrl, triples), { now });
    server.resetStats();
    const second = await crawlToSnapshot(testConfig(server.baseUrl, triples), {
      now,
      previous: snapshotSource(first.snapshot),
    });
    expect(second.snapshot.translations).toEqual(first.snapshot.translations);
    // One request for every project: the server's change log.
    expect(second.stats.requests).toBe(1);
  });

  it("reaches a project whose component list fails another way, with the same entries", async () => {
    const server = await start();
    const expected = await reference(server.baseUrl);
    for (const status of [404, 403])
      server.addFault(
        "/api/projects/orbit-notes/components/",
        ...Array.from({ length: 3 }, () => ({ status, body: '{"detail": "Not found."}' })),
      );
    for (let i = 0; i < 2; i++) {
      const entries = await crawl(server.baseUrl, ["orbit-notes/*/*"]);
      expect(entries.every((e) => e.status === "ok")).toBe(true);
      expect(entries).toHaveLength(27);
      sameAs(expected, entries);
    }
  });

  it("gives the same entries split into shards and merged", async () => {
    const server = await start();
    const expected = await reference(server.baseUrl);
    const triples = ["*/*/*"];
    const parts = await Promise.all(
      [1, 2, 3].map(async (index) => ({
        file: `shard-${index}.json`,
        snapshot: (
          await crawlToSnapshot(testConfig(server.baseUrl, triples), {
            now,
            shard: { index, count: 3 },
          })
        ).snapshot,
      })),
    );
    const merged = mergeSnapshots(parts).translations;
    expect(merged).toHaveLength(50);
    sameAs(expected, merged);
  });
});
