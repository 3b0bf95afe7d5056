import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { OutputError } from "../../src/model/errors.js";
import { openSnapshot, parseSnapshot, readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { writeSnapshot } from "../../src/snapshot/snapshot-writer.js";
import { serializeSnapshot, toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot, SnapshotEntry } from "../../src/snapshot/schema.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { tempDir } from "../helpers/temp-dir.js";

const base = "https://weblate.example";

/**
 * 2 projects x 3 components x 4 languages, through the pipeline's own step, with a carried entry.
 */
function sample(size = { projects: 2, components: 3, languages: 4 }): Snapshot {
  const records = syntheticRecords(size)(base) as {
    component: { slug: string; project: { slug: string } };
    language_code: string;
  }[];
  const entries: SnapshotEntry[] = records.map((body) =>
    toEntry(
      {
        triple: {
          project: body.component.project.slug,
          component: body.component.slug,
          language: body.language_code,
        },
        body,
      },
      { baseUrl: base },
    ),
  );
  const { record, ...rest } = entries[5]!;
  entries[5] = {
    ...rest,
    status: "failed",
    failure: { kind: "not-found", status: 404 },
    carried: { asOf: "2026-11-01T00:00:00Z", since: "2026-11-02T00:00:00Z", record },
  };
  return toSnapshot(entries, {
    baseUrl: base,
    triples: entries,
    now: new Date("2026-11-21T12:00:00Z"),
  });
}

describe("the compact snapshot (schemaVersion 3)", () => {
  let dir: string;
  let snapshot: Snapshot;
  beforeAll(async () => {
    dir = await tempDir("l10n-compact-");
    snapshot = sample();
  });

  it("stores each project, component and language once and gives every record back verbatim, streamed or whole", async () => {
    const file = join(dir, "v2.json");
    await writeSnapshot(file, snapshot);
    const json = JSON.parse(await readFile(file, "utf8"));
    expect(json.schemaVersion).toBe(3);
    expect([json.projects.length, json.components.length, json.languages.length]).toEqual([
      2, 6, 4,
    ]);
    expect(json.translations[0].record.component).toBe(0);
    const streamed = [...openSnapshot(file).entries()];
    const whole = readSnapshot(file);
    for (const read of [streamed, whole.translations]) {
      // Byte-equal, key order included: the record is as the server sent it.
      expect(read.map((e) => JSON.stringify(e))).toEqual(
        snapshot.translations.map((e) => JSON.stringify(e)),
      );
    }
    expect(whole.translations[5]!.carried!.record).toEqual(
      snapshot.translations.find((e) => e.carried)!.carried!.record,
    );
  });

  it("takes at most 1.5 KB per translation of the synthetic records", async () => {
    const larger = sample({ projects: 2, components: 2, languages: 100 });
    const file = join(dir, "size.json");
    await writeSnapshot(file, larger);
    expect((await stat(file)).size / 400).toBeLessThan(1500);
  });

  it("refuses a snapshot of another version with one line, streamed or whole", async () => {
    const file = join(dir, "v2.json");
    const text = serializeSnapshot(snapshot).replace('"schemaVersion": 3', '"schemaVersion": 2');
    await writeFile(file, text);
    const refusal = `snapshot ${file}: "schemaVersion": expected 3 (this tool's snapshot format); write it with "l10n-snapshot crawl"`;
    expect(() => [...openSnapshot(file).entries()]).toThrow(refusal);
    expect(() => readSnapshot(file)).toThrow(refusal);
    expect(() => parseSnapshot(JSON.parse(text), file)).toThrow(refusal);
  });

  it("keeps a record whose component is a number as it is (flagged verbatim), not as a table index", async () => {
    const odd = {
      ...snapshot,
      translations: snapshot.translations.map((e, i) =>
        i === 0 ? { ...e, record: { ...(e.record as object), component: 0, language: 7 } } : e,
      ),
    };
    const file = join(dir, "odd.json");
    await writeSnapshot(file, odd);
    expect(JSON.parse(await readFile(file, "utf8")).translations[0].verbatim).toBe(true);
    expect([...openSnapshot(file).entries()]).toEqual(odd.translations);
    expect(readSnapshot(file).translations).toEqual(odd.translations);
  });

  it("reads the tables again for each pass over the entries, not held between them", async () => {
    const file = join(dir, "passes.json");
    await writeSnapshot(file, snapshot);
    const source = openSnapshot(file);
    const texts = (entries: Iterable<SnapshotEntry>) => [...entries].map((e) => JSON.stringify(e));
    const expected = snapshot.translations.map((e) => JSON.stringify(e));
    expect(texts(source.entries())).toEqual(expected);
    expect(texts(source.entries({ checked: true }))).toEqual(expected);
    // Replaced between passes by one whose tables are in another order: its own tables are read
    // (the tables held from the first pass would give the wrong records).
    const { translations, ...header } = snapshot;
    await writeSnapshot(file, { ...header, translations: [...translations].reverse() });
    expect(texts(source.entries({ checked: true }))).toEqual([...expected].reverse());
    // And by the same snapshot reformatted by hand (no longer one entry a line): read whole.
    await writeFile(file, JSON.stringify(JSON.parse(await readFile(file, "utf8")), null, 1));
    expect(texts(source.entries())).toEqual([...expected].reverse());
  });

  it("names the field of an index outside its table, streamed or read whole", async () => {
    const file = join(dir, "bad-index.json");
    await writeFile(file, serializeSnapshot(snapshot).replace('"component":0,', '"component":99,'));
    const expected = `snapshot ${file}: "translations[0].record.component": expected an index into "components" (0 to 5), found 99`;
    expect(() => [...openSnapshot(file).entries()]).toThrow(new OutputError(expected));
    expect(() => readSnapshot(file)).toThrow(new OutputError(expected));
  });
});
