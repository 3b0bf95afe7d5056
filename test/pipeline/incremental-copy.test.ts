import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { StandInServer } from "../../src/demo/stand-in-server.js";
import { field, isJson } from "../../src/model/json.js";
import { build } from "../../src/pipeline/build.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import type { Generation } from "../../src/demo/generations.js";
import { openSnapshot } from "../../src/snapshot/read-snapshot.js";
import { serializeSnapshot } from "../../src/snapshot/snapshot.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The incremental crawl writes its snapshot by copying the previous file's unchanged lines: what
// it writes must be what reading every previous entry and writing it anew gives (the in-memory
// crawl of the same previous snapshot, serializeSnapshot), with nothing changed, with one
// translation changed, and from a compressed previous snapshot; with the contract's shapes and
// with Weblate 2026.x's (some 37 notes an entry, in the notes table). With every translation
// carried over, the previous file's translations are copied byte for byte (however a line is
// spelled), under this run's header; a file reformatted by hand (indented, as jq prints it, one
// translation spread over lines) is written anew, in the layout.

const size = { projects: 3, components: 2, languages: 3 };
const now = () => new Date("2026-11-25T12:00:00Z");
/** The server's Date header counts whole seconds: "unchanged" starts a new second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));
/** The server's clock each run read for the next probe: the one part two runs may differ in. */
const clockless = (text: string) => text.replace(/"changesSince": \{[^}]*\},\n/, "");
/** A snapshot's text from its translations on. */
const translations = (text: string) => text.slice(text.indexOf('  "translations": ['));
/** A snapshot as `jq .` prints it. */
const jq = (text: string) => `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
/** A snapshot with its middle translation's line pretty-printed over several lines. */
const spreadOne = (text: string) => {
  const lines = text.split("\n");
  const at = lines.filter((line) => line.startsWith('    {"project"')).length / 2;
  const index = lines.findIndex((line) => line.startsWith('    {"project"')) + Math.floor(at);
  const line = lines[index] ?? "";
  const comma = line.endsWith(",") ? "," : "";
  lines[index] =
    `    ${JSON.stringify(JSON.parse(line.slice(4, comma ? -1 : undefined)), null, 2)}${comma}`;
  return lines.join("\n");
};

describe.each<[string, Generation | undefined]>([
  ["contract", undefined],
  ["2026.x", "2026"],
])("the incremental crawl's copied snapshot (%s shapes)", (_name, generation) => {
  let server: StandInServer;
  let dir: string;
  const config = () => testConfig(server.baseUrl, ["project0/*/*", "project1/*/*", "project2/*/*"]);
  /** The spooled crawl's file and the in-memory crawl's text, both from `previous`. */
  const both = async (previous: string, name: string) => {
    const file = join(dir, name);
    const spooled = await build(config(), { snapshot: file, previous, now });
    const requests = spooled.summary.stats.requests;
    const memory = await crawlToSnapshot(config(), { previous: openSnapshot(previous), now });
    return {
      text: await readFile(file, "utf8"),
      memory: serializeSnapshot(memory.snapshot),
      requests,
    };
  };

  beforeAll(async () => {
    server = await startStandIn({ records: syntheticRecords(size), generation }, { keep: true });
    dir = await tempDir("l10n-incremental-copy-");
    await build(config(), { snapshot: join(dir, "full.json"), now, full: true });
    await nextSecond();
  });
  afterAll(() => server.stop());

  it("with nothing changed: the previous file's translations as they were, as writing anew gives", async () => {
    const { text, memory, requests } = await both(join(dir, "full.json"), "same.json");
    expect(text).toBe(memory);
    expect(translations(text)).toBe(translations(await readFile(join(dir, "full.json"), "utf8")));
    // The server's change log, nothing more.
    expect(requests).toBe(1);
  });

  it("from a compressed previous snapshot, unpacked to a temporary file and streamed", async () => {
    const packed = join(dir, "full.json.gz");
    await writeFile(packed, gzipSync(await readFile(join(dir, "full.json"))));
    const { text } = await both(packed, "from-gz.json");
    expect(clockless(text)).toBe(clockless(await readFile(join(dir, "same.json"), "utf8")));
    // A damaged one is named as the user named it, not as its temporary copy.
    const lines = (await readFile(join(dir, "full.json"), "utf8")).split("\n");
    const at = lines.findIndex((line) => line.startsWith('    {"project"'));
    lines[at] = lines[at]!.replace('"status":"ok"', '"status":"fine"');
    await writeFile(packed, gzipSync(lines.join("\n")));
    const run = build(config(), { snapshot: join(dir, "never.json"), previous: packed, now });
    await expect(run).rejects.toThrow(`snapshot ${packed}: "translations[0].status"`);
  });

  it("with nothing changed: the previous lines kept byte for byte, however they are spelled", async () => {
    const full = await readFile(join(dir, "full.json"), "utf8");
    // Valid JSON the writer would spell otherwise: reading and writing anew would respell it.
    const spelled = full.replaceAll('"errors":[]', '"errors": [ ]');
    await writeFile(join(dir, "spelled.json"), spelled);
    server.resetStats();
    await build(config(), {
      snapshot: join(dir, "spelled-out.json"),
      previous: join(dir, "spelled.json"),
      now,
    });
    expect(server.log.map((r) => new URL(r.url, server.baseUrl).pathname)).toEqual([
      "/api/changes/",
    ]);
    const text = await readFile(join(dir, "spelled-out.json"), "utf8");
    expect(translations(text)).toBe(translations(spelled));
    const memory = await crawlToSnapshot(config(), {
      previous: openSnapshot(join(dir, "spelled.json")),
      now,
    });
    expect(JSON.parse(text)).toEqual(JSON.parse(serializeSnapshot(memory.snapshot)));
  });

  it.each<[string, (full: string) => string]>([
    ["indented by one space", (full) => JSON.stringify(JSON.parse(full), null, 1)],
    // Two spaces open the translations as the writer does: `\n  "translations": [`.
    ["indented by two spaces", (full) => JSON.stringify(JSON.parse(full), null, 2)],
    ["as jq prints it (two spaces, a closing newline)", (full) => jq(full)],
    ["with one translation spread over lines", spreadOne],
  ])("with nothing changed, from a previous file %s: written anew", async (name, reformat) => {
    const file = join(dir, `pretty-${name.split(" ")[1]}.json`);
    await writeFile(file, reformat(await readFile(join(dir, "full.json"), "utf8")));
    const { text, memory, requests } = await both(file, "pretty-out.json");
    expect(text).toBe(memory);
    expect(requests).toBe(1);
  });

  it("with one translation changed: that one updated, the rest as they were", async () => {
    const record = syntheticRecords(size)(server.baseUrl).find(
      (r) =>
        field(field(field(r, "component"), "project"), "slug") === "project1" &&
        field(field(r, "component"), "slug") === "component1" &&
        field(r, "language_code") === "l002",
    );
    if (!isJson(record)) throw new Error("no such record");
    server.setTranslation({ ...record, translated: 7, translated_percent: 7 });
    await nextSecond();
    const { text, memory } = await both(join(dir, "same.json"), "one.json");
    expect(clockless(text)).toBe(clockless(memory));
    const before = new Set((await readFile(join(dir, "same.json"), "utf8")).split("\n"));
    const changed = text
      .split("\n")
      .filter((line) => line.startsWith('    {"project"') && !before.has(line));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('"project":"project1","component":"component1","language":"l002"');
    expect(changed[0]).toContain('"translated":7,');
  });
});
