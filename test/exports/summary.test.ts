import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { syntheticRecords, syntheticTriples } from "../../src/demo/synthetic-data.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { planSite } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { BASE, exportsSnapshot, HOSTILE_PROJECT, renderedFiles } from "./fixture.js";

// data/summary.json against its published JSON Schema (data/summary.schema.json), with ajv, an
// independent validator; and its size at 10,000 translations.

const files = await renderedFiles(exportsSnapshot());
const schema = JSON.parse(files.get("data/summary.schema.json")!);
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

describe("data/summary.json", () => {
  const summary = JSON.parse(files.get("data/summary.json")!);

  it("is valid against the schema the site publishes beside it", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(validate(summary), JSON.stringify(validate.errors)).toBe(true);
    expect(summary.$schema).toBe("summary.schema.json");
  });

  it("has the sums per project and per language", () => {
    expect(summary.translations).toEqual({
      total: 4,
      ok: 3,
      warnings: 0,
      invalid: 0,
      failed: 1,
      stale: 0,
      removed: 0,
      failedLists: 0,
    });
    const proj = summary.projects.find((p: { slug: string }) => p.slug === "proj");
    // cs 36/91 and de 91/91; fr failed with no numbers: no language of the project.
    expect(proj).toMatchObject({
      name: HOSTILE_PROJECT,
      page: "proj/",
      components: 1,
      languages: 2,
      percent: 69.7,
      strings: [182, 127, 5, null],
    });
    expect(summary.languages.map((l: { code: string }) => l.code).sort()).toEqual([
      "cs",
      "de",
      'q"x',
    ]);
    const cs = summary.languages.find((l: { code: string }) => l.code === "cs");
    expect(cs).toMatchObject({
      percent: 39.5,
      strings: [91, 36, 5, null],
      words: [546, 216, 30, null],
    });
  });

  it("is refused by the schema when it is not a summary", () => {
    expect(validate({ ...summary, schemaVersion: 2 })).toBe(false);
    expect(validate({ ...summary, projects: [{ slug: "x" }] })).toBe(false);
    expect(validate({ ...summary, strings: [1, 2, 3] })).toBe(false);
  });

  it("stays under 50 KB for 10,000 translations (the benchmark's 50 components x 200 languages)", () => {
    const size = { components: 50, languages: 200 };
    const records = syntheticRecords(size)(BASE);
    const triples = syntheticTriples(size).map((k) => parseTripleString(k).triple!);
    const entries = triples.map((triple, i) =>
      toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
    );
    const snapshot = toSnapshot(entries, { baseUrl: BASE, triples, now: new Date() });
    // Only this file is rendered: the site's files are planned, and written only when asked.
    const file = [...planSite(snapshot, siteOptionsSchema.parse({}))].find(
      (f) => f.path === "data/summary.json",
    );
    const text = file && "render" in file ? String(file.render()) : "";
    expect(entries).toHaveLength(10_000);
    expect(validate(JSON.parse(text))).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThan(50_000);
  }, 120_000);
});
