import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../../src/config/schema.js";
import { syntheticRecords } from "../../../src/demo/synthetic-data.js";
import { toEntry } from "../../../src/pipeline/to-entry.js";
import { planSiteModel } from "../../../src/render/model/site-model.js";
import { toSnapshot } from "../../../src/snapshot/snapshot.js";
import type { SnapshotEntry } from "../../../src/snapshot/schema.js";
import type { SnapshotSource } from "../../../src/snapshot/read-snapshot.js";

// The render's model of a site keeps what its pages show, not the snapshot's records: a million
// translations' site has 5,000 components, each record with its addresses and commit templates.
// What the model holds after the first pass is found by the garbage collector: every record it
// read is collected once the pass is over, while the model is still in use.

const base = "https://weblate.example";

function source(languages = 4, components = 3): SnapshotSource {
  const records = syntheticRecords({ projects: 2, components, languages })(base) as {
    component: { slug: string; project: { slug: string } };
    language_code: string;
  }[];
  const text = JSON.stringify(records);
  const { translations: _, ...header } = toSnapshot([], {
    baseUrl: base,
    triples: [],
    now: new Date("2026-11-21T12:00:00Z"),
  });
  return {
    header,
    // Fresh objects on each read, as a file gives them.
    *entries() {
      for (const body of JSON.parse(text) as typeof records)
        yield toEntry(
          {
            triple: {
              project: body.component.project.slug,
              component: body.component.slug,
              language: body.language_code,
            },
            body,
          },
          { baseUrl: base },
        );
    },
    text: { chunks: () => [] },
  };
}

describe("the site model after the first pass", () => {
  it("holds none of the snapshot's entries or records it read", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const read: WeakRef<object>[] = [];
    const from = source();
    const watched: SnapshotSource = {
      ...from,
      *entries() {
        for (const entry of from.entries()) {
          read.push(new WeakRef(entry));
          const record = (entry as SnapshotEntry & { record: { component: object } }).record;
          read.push(new WeakRef(record), new WeakRef(record.component));
          yield entry;
        }
      },
    };
    const plan = planSiteModel(watched, siteOptionsSchema.parse({}));
    expect(plan.model.projects.flatMap((p) => p.components)).toHaveLength(6);
    expect(read).toHaveLength(3 * 24);
    // WeakRefs are cleared after the job that made them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(read.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    // The model is still there and whole.
    expect(plan.model.languages.map((l) => l.translations.length)).toEqual([6, 6, 6, 6]);
  });
});

describe("the rows of the lists", () => {
  // A row spread from a rest object gets a hidden class of its own in V8, some 600 bytes a row
  // (60 MB at 100,000 translations); rows written out field by field share a few.
  it("share their shapes", () => {
    setFlagsFromString("--allow-natives-syntax");
    const sameShape = new Function("a", "b", "return %HaveSameMap(a, b)") as (
      a: object,
      b: object,
    ) => boolean;
    setFlagsFromString("--no-allow-natives-syntax");
    const plan = planSiteModel(source(40), siteOptionsSchema.parse({}));
    const rows = plan.model.languages.flatMap((l) => l.translations);
    expect(rows).toHaveLength(240);
    const shapes: object[] = [];
    for (const row of rows) if (!shapes.some((s) => sameShape(s, row))) shapes.push(row);
    expect(shapes.length).toBeLessThanOrEqual(4);
  });
});

describe("the site model's memory", () => {
  // Each row is kept until the site is written: a million of them. Here 1,264 bytes a translation
  // (the page sample's views included; 710 at 100,000). The bound is a guard against a row's
  // hidden class or a string per row coming back (some 600 bytes each), with room for another
  // V8; the figures themselves are the benchmarks' (docs/BENCHMARKS.md).
  it("holds well under 2 KB a translation once every file is claimed", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const from = source(200, 25);
    // What is loaded once (catalogs, templates' words) is not the rows'.
    planSiteModel(source(), siteOptionsSchema.parse({})).endClaims();
    gc();
    const before = process.memoryUsage().heapUsed;
    const plan = planSiteModel(from, siteOptionsSchema.parse({}));
    plan.endClaims();
    gc();
    const perTranslation = (process.memoryUsage().heapUsed - before) / 10_000;
    expect(plan.model.languages.flatMap((l) => l.translations)).toHaveLength(10_000);
    expect(perTranslation).toBeLessThan(1600);
  });
});
