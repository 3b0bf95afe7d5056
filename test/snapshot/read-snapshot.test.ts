import { readFile, writeFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { OutputError } from "../../src/model/errors.js";
import { renderSite, siteFiles } from "../../src/render/render-site.js";
import { openSnapshot, readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { writeSnapshot } from "../../src/snapshot/snapshot-writer.js";
import { serializeSnapshot, toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { contractRecord } from "../helpers/fixtures.js";
import { tempDir } from "../helpers/temp-dir.js";

const base = "https://weblate.example";
const site = siteOptionsSchema.parse({ title: "Status" });

function sample(): Snapshot {
  const triples = ["cs", "de", "fr"].map((language) => ({
    project: "proj",
    component: "comp",
    language,
  }));
  const entries = triples.map((triple) =>
    triple.language === "fr"
      ? toEntry({ triple, error: new Error('[GET] "x": 404 Not Found') }, { baseUrl: base })
      : toEntry(
          { triple, body: contractRecord(base, { language: triple.language }) },
          { baseUrl: base },
        ),
  );
  return toSnapshot(entries, { baseUrl: base, triples, now: new Date("2026-11-21T12:00:00Z") });
}

const entriesOf = (file: string) => [...openSnapshot(file).entries()];

describe("reading a snapshot file", () => {
  let dir: string;
  let snapshot: Snapshot;
  let file: string;
  beforeAll(async () => {
    dir = await tempDir("l10n-read-");
    snapshot = sample();
    file = join(dir, "snapshot.json");
    await writeSnapshot(file, snapshot);
  });

  it("streams the entries of a file `crawl` wrote, equal to reading it whole", () => {
    const source = openSnapshot(file);
    expect(source.header).toEqual({
      schemaVersion: 3,
      generatedAt: snapshot.generatedAt,
      source: snapshot.source,
    });
    expect([...source.entries()]).toEqual(snapshot.translations);
    expect(readSnapshot(file)).toEqual(snapshot);
  });

  it("copies the snapshot file into the site compressed, byte for byte once unpacked", async () => {
    const out = join(dir, "site");
    await renderSite(openSnapshot(file), out, site);
    const packed = await readFile(join(out, "data/snapshot.json.gz"));
    expect(packed.length).toBeLessThan((await readFile(file)).length / 4);
    expect(gunzipSync(packed).toString("utf8")).toBe(await readFile(file, "utf8"));
  });

  it("renders a reformatted snapshot (read whole) to the same pages", async () => {
    const pretty = join(dir, "pretty.json");
    await writeFile(pretty, JSON.stringify(JSON.parse(serializeSnapshot(snapshot)), null, 2));
    expect(entriesOf(pretty)).toEqual(snapshot.translations);
    const pages = async (f: string) =>
      (await siteFiles(openSnapshot(f), site)).filter((p) => p.path !== "data/snapshot.json.gz");
    expect(await pages(pretty)).toEqual(await pages(file));
    expect(await pages(file)).toEqual(
      (await siteFiles(snapshot, site)).filter((p) => p.path !== "data/snapshot.json.gz"),
    );
  });

  it("goes on from the whole file when a line in the middle is not one translation", async () => {
    const lines = serializeSnapshot(snapshot).split("\n");
    const second = lines.findIndex((l) => l.includes('"language":"de"'));
    lines[second] = lines[second]!.replace('"status":', '\n      "status":');
    const split = join(dir, "split.json");
    await writeFile(split, lines.join("\n"));
    expect(entriesOf(split)).toEqual(snapshot.translations);
  });

  it("reads Windows line endings and an empty snapshot", async () => {
    const crlf = join(dir, "crlf.json");
    await writeFile(crlf, serializeSnapshot(snapshot).replace(/\n/g, "\r\n"));
    expect(entriesOf(crlf)).toEqual(snapshot.translations);
    const empty = join(dir, "empty.json");
    await writeSnapshot(empty, { ...snapshot, translations: [] });
    expect(openSnapshot(empty).header.generatedAt).toBe(snapshot.generatedAt);
    expect(entriesOf(empty)).toEqual([]);
  });

  it("names the file and the field path of a bad entry, streamed or read whole", async () => {
    const bad = join(dir, "bad.json");
    await writeFile(
      bad,
      serializeSnapshot(snapshot).replace(
        '"language":"de","status":"ok"',
        '"language":"de","status":"fine"',
      ),
    );
    const expected = `snapshot ${bad}: "translations[1].status": Invalid option: expected one of "ok"|"invalid"|"failed"; write it with "l10n-snapshot crawl"`;
    expect(() => entriesOf(bad)).toThrow(new OutputError(expected));
    expect(() => readSnapshot(bad)).toThrow(new OutputError(expected));
    const badHeader = join(dir, "bad-header.json");
    await writeFile(
      badHeader,
      serializeSnapshot(snapshot).replace('"schemaVersion": 3', '"schemaVersion": 4'),
    );
    expect(() => openSnapshot(badHeader)).toThrow(
      `snapshot ${badHeader}: "schemaVersion": expected 3 (this tool's snapshot format)`,
    );
  });

  it("says a truncated file is not valid JSON, and a missing one cannot be read", async () => {
    const truncated = join(dir, "truncated.json");
    const text = serializeSnapshot(snapshot);
    await writeFile(truncated, text.slice(0, text.lastIndexOf("\n    {") + 30));
    expect(() => entriesOf(truncated)).toThrow(/^snapshot .*truncated\.json: not valid JSON/);
    expect(() => openSnapshot(join(dir, "none.json"))).toThrow(
      `snapshot ${join(dir, "none.json")}: cannot read it (ENOENT)`,
    );
  });
});
