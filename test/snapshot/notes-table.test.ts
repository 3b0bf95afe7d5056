import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { Generation } from "../../src/demo/generations.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { OutputError } from "../../src/model/errors.js";
import { openSnapshot, readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { writeSnapshot } from "../../src/snapshot/snapshot-writer.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The notes of a Weblate 2026.x record (some forty fields the contract does not name) are the same
// on every translation of a component: the snapshot keeps each note about a shared record once, in
// its `notes` table (schemaVersion 3). Real crawls against the stand-in playing each generation,
// the file's bytes per translation measured.

const size = { projects: 2, components: 5, languages: 100 };
const translations = size.projects * size.components * size.languages;

/** `crawl` of every translation of the synthetic server in `generation`'s shapes: the file. */
async function crawl(generation: Generation, dir: string): Promise<string> {
  const server = await startStandIn({ records: syntheticRecords(size), generation });
  const config = join(dir, `${generation}.config.json`);
  await writeFile(config, JSON.stringify({ baseUrl: server.baseUrl, translations: ["*/*/*"] }));
  const file = join(dir, `${generation}.json`);
  const io = captureIo();
  const code = await main(["crawl", "--config", config, "--snapshot", file], io);
  expect(io.err()).toBe("");
  expect(code).toBe(0);
  expect(io.out()).toContain(`translations ${translations}: ok ${translations}`);
  return file;
}

describe("the notes table (schemaVersion 3)", () => {
  it("keeps a 2026.x crawl's snapshot near the contract-shaped size per translation", async () => {
    const dir = await tempDir("l10n-notes-");
    const newer = await crawl("2026", dir);
    const older = await crawl("4", dir);
    const perTranslation = async (file: string) => (await stat(file)).size / translations;
    const [newerBytes, olderBytes] = [await perTranslation(newer), await perTranslation(older)];
    // Each entry's 38 notes whole took some 4.5 KB more (5.8 KB per translation in all).
    expect(newerBytes).toBeLessThan(1700);
    expect(olderBytes).toBeLessThan(1500);
    expect(newerBytes).toBeLessThan(olderBytes * 1.25);

    const json = JSON.parse(await readFile(newer, "utf8"));
    expect(json.schemaVersion).toBe(3);
    // The table grows with the components and languages, not the translations.
    expect(json.notes.length).toBeGreaterThan(20);
    expect(json.notes.length).toBeLessThan(translations);
    const whole = readSnapshot(newer);
    const streamed = [...openSnapshot(newer).entries()];
    expect(streamed).toEqual(whole.translations);
    const entry = whole.translations.find((e) => e.language === "l007");
    expect(entry?.notes.length).toBeGreaterThan(20);
    expect(entry?.notes).toContainEqual({
      path: "component.credits_url",
      message: expect.stringMatching(/^expected no such field \(it is not in the contract\)/),
    });
    expect(entry?.notes).toContainEqual({
      path: "language.id",
      message: "expected no such field (it is not in the contract), found 8",
    });
    expect(readSnapshot(older).translations.every((e) => e.notes.length === 0)).toBe(true);

    // Written again from what was read: the same file, byte for byte.
    const again = join(dir, "again.json");
    await writeSnapshot(again, whole);
    expect(await readFile(again, "utf8")).toBe(await readFile(newer, "utf8"));
  });

  it("names the entry and the item of notes that point outside the table", async () => {
    const dir = await tempDir("l10n-notes-");
    const text = await readFile(await crawl("2026", dir), "utf8");
    const bad = join(dir, "bad.json");
    const first = text.indexOf('"notes":[[');
    await writeFile(bad, `${text.slice(0, first)}"notes":[99999,${text.slice(first + 9)}`);
    const line = text.slice(0, first).split("\n").length;
    const at = line - text.slice(0, text.indexOf('"translations": [')).split("\n").length - 1;
    const expected = new RegExp(
      `^snapshot ${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: "translations\\[${at}\\]` +
        `\\.notes\\[0\\]": expected an index into "notes" \\(0 to \\d+\\), found 99999$`,
    );
    expect(() => [...openSnapshot(bad).entries()]).toThrow(OutputError);
    expect(() => [...openSnapshot(bad).entries()]).toThrow(expected);
    expect(() => readSnapshot(bad)).toThrow(expected);
  });

  it("refuses runs that would make a few bytes into many times the table's notes", async () => {
    const dir = await tempDir("l10n-notes-");
    const text = await readFile(await crawl("2026", dir), "utf8");
    const first = text.indexOf('"notes":[[');
    const runs = text.slice(first + 8, text.indexOf("]]", first) + 2);
    const bad = join(dir, "bomb.json");
    // The entry's own runs, named again 500 times: each run is valid, their sum is not.
    const many = Array.from({ length: 500 }, () => runs.slice(1, -1)).join(",");
    await writeFile(
      bad,
      `${text.slice(0, first)}"notes":[${many}]${text.slice(first + 8 + runs.length)}`,
    );
    expect(() => [...openSnapshot(bad).entries()]).toThrow(
      /\.notes\[\d+\]": expected runs of a few times the table's notes at most$/,
    );
  });
});
