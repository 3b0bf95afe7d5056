import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inGeneration } from "../../src/demo/generations.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { field, isJson } from "../../src/model/json.js";
import { must } from "../../src/model/must.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { openSnapshot, readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { serializeSnapshot, toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { SnapshotSpool } from "../../src/snapshot/spool.js";
import { tempDir } from "../helpers/temp-dir.js";

// A previous snapshot taken into the spool (the incremental crawl's carried entries), some kept,
// some changed: the file written is what writing every entry anew (serializeSnapshot, the
// in-memory writer) gives.

const base = "https://weblate.example/";

function snapshotOf(
  size: { projects: number; components: number; languages: number },
  generation?: "2026",
): Snapshot {
  const records = syntheticRecords(size)(base);
  const shaped = generation ? records.map((r) => inGeneration(r, generation, false)) : records;
  const entries = shaped.map((body) => {
    const component = field(body, "component");
    const triple = {
      project: String(field(field(component, "project"), "slug")),
      component: String(field(component, "slug")),
      language: String(field(body, "language_code")),
    };
    return toEntry({ triple, body }, { baseUrl: base });
  });
  return toSnapshot(entries, {
    baseUrl: base,
    triples: [{ project: "*", component: "*", language: "*" }],
    now: new Date("2026-11-21T12:00:00Z"),
  });
}

/** The spool's way: every entry of `file` taken in, then the snapshot written with `header`. */
async function throughSpool(
  file: string,
  target: string,
  keep?: (project: string) => boolean,
  change?: (spool: SnapshotSpool) => void,
) {
  const source = openSnapshot(file);
  const spool = await SnapshotSpool.open(target);
  try {
    for (const entry of source.entries()) if (!keep || keep(entry.project)) spool.add(entry);
    change?.(spool);
    spool.write(source.header, spool.sorted());
  } finally {
    spool.close();
  }
}

describe("a previous snapshot through the spool", () => {
  const snapshot = snapshotOf({ projects: 3, components: 2, languages: 3 });
  const text = serializeSnapshot(snapshot);

  it("writes the very bytes of the previous file", async () => {
    const dir = await tempDir("l10n-spool-copy-");
    await writeFile(join(dir, "before.json"), text);
    await throughSpool(join(dir, "before.json"), join(dir, "out.json"));
    expect(await readFile(join(dir, "out.json"), "utf8")).toBe(text);
  });

  it("keeps only what is retained, its tables numbered as writing anew numbers them", async () => {
    const dir = await tempDir("l10n-spool-copy-");
    await writeFile(join(dir, "before.json"), text);
    // project0 goes: the components of project1 and project2 come first in the tables now.
    const keep = (project: string) => project !== "project0";
    await throughSpool(join(dir, "before.json"), join(dir, "out.json"), keep);
    const kept = {
      ...snapshot,
      translations: snapshot.translations.filter((e) => keep(e.project)),
    };
    expect(await readFile(join(dir, "out.json"), "utf8")).toBe(serializeSnapshot(kept));
    // project2 gone instead: the rest keeps its numbers.
    await throughSpool(join(dir, "before.json"), join(dir, "out2.json"), (p) => p !== "project2");
    const first = snapshot.translations.filter((e) => e.project !== "project2");
    expect(await readFile(join(dir, "out2.json"), "utf8")).toBe(
      serializeSnapshot({ ...snapshot, translations: first }),
    );
  });

  it("writes a line a hand changed as the writer writes it, and reads a file of CRLF lines without commas where they are missing", async () => {
    const dir = await tempDir("l10n-spool-copy-");
    const lines = text.split("\n");
    const at = lines.findIndex((line) => line.startsWith('    {"project":"project1"'));
    // Spaces after the colons, a key the schema does not know: the same entry, other bytes.
    lines[at] = lines[at]!.replace('"status":"ok"', '"status": "ok", "extra": 1');
    await writeFile(join(dir, "edited.json"), lines.join("\n"));
    await throughSpool(join(dir, "edited.json"), join(dir, "out.json"));
    expect(await readFile(join(dir, "out.json"), "utf8")).toBe(text);
    // CRLF line ends, and a translation's line without its comma (the streaming reader takes it).
    const crlf = [...lines];
    crlf[at] = text.split("\n")[at]!.replace(/,$/, "");
    await writeFile(join(dir, "crlf.json"), crlf.join("\r\n"));
    await throughSpool(join(dir, "crlf.json"), join(dir, "out-crlf.json"));
    expect(await readFile(join(dir, "out-crlf.json"), "utf8")).toBe(text);
    expect(readSnapshot(join(dir, "out-crlf.json")).translations).toEqual(snapshot.translations);
  });
});

describe("a 2026.x-shaped previous snapshot through the spool (notes in the table)", () => {
  const snapshot = snapshotOf({ projects: 3, components: 2, languages: 3 }, "2026");
  const text = serializeSnapshot(snapshot);
  const at = snapshot.translations.findIndex(
    (e) => e.project === "project0" && e.component === "component0" && e.language === "l000",
  );
  const first = must(snapshot.translations[at]);

  it("has the notes of a 2026.x record, kept in the table", () => {
    expect(first.notes.length).toBeGreaterThan(20);
    expect(JSON.parse(text).notes.length).toBeGreaterThan(20);
  });

  it("nothing changed: the very bytes", async () => {
    const dir = await tempDir("l10n-spool-copy-");
    await writeFile(join(dir, "before.json"), text);
    await throughSpool(join(dir, "before.json"), join(dir, "out.json"));
    expect(await readFile(join(dir, "out.json"), "utf8")).toBe(text);
  });

  it("one translation changed, with a note more: the others' notes renumbered where they must", async () => {
    const dir = await tempDir("l10n-spool-copy-");
    await writeFile(join(dir, "before.json"), text);
    // A note about the component the first line did not have: it takes a place in the notes
    // table before the later lines' notes, whose records keep their numbers.
    const record = isJson(first.record) ? { ...first.record, translated: 7 } : first.record;
    const changed = {
      ...first,
      record,
      notes: [...first.notes, { path: "component.zzz", message: "expected no such field" }],
    };
    await throughSpool(join(dir, "before.json"), join(dir, "out.json"), undefined, (spool) => {
      const n = [...spool.sorted()].find((i) => spool.triple(i).language === "l000");
      spool.replace(must(n), changed);
    });
    const translations = snapshot.translations.map((e, i) => (i === at ? changed : e));
    const want = serializeSnapshot({ ...snapshot, translations });
    expect(await readFile(join(dir, "out.json"), "utf8")).toBe(want);
    expect(readSnapshot(join(dir, "out.json")).translations).toEqual(translations);
  });

  it("keeps only what is retained, its notes' numbers changed where they must", async () => {
    const dir = await tempDir("l10n-spool-copy-");
    await writeFile(join(dir, "before.json"), text);
    for (const gone of ["project0", "project1", "project2"]) {
      const keep = (project: string) => project !== gone;
      await throughSpool(join(dir, "before.json"), join(dir, `${gone}.json`), keep);
      const kept = snapshot.translations.filter((e) => keep(e.project));
      expect(await readFile(join(dir, `${gone}.json`), "utf8")).toBe(
        serializeSnapshot({ ...snapshot, translations: kept }),
      );
    }
  });
});
