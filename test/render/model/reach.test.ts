import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../../src/config/schema.js";
import type { Triple } from "../../../src/config/triple.js";
import { toEntry } from "../../../src/pipeline/to-entry.js";
import { WORLD_POPULATION } from "../../../src/render/model/reach.js";
import { siteFiles } from "../../../src/render/render-site.js";
import { toSnapshot } from "../../../src/snapshot/snapshot.js";
import { contractRecord, set } from "../../helpers/fixtures.js";

// Reach: from the `population` newer servers give each language (in the records' language and
// source_language objects), the share of the world's people who can use the project, and the
// three languages that would add most if finished. Without populations, nothing is shown.

const BASE = "https://weblate.example";
const POPULATION: Record<string, number> = {
  en: 1_450_000_000,
  de: 130_000_000,
  fr: 310_000_000,
  hi: 600_000_000,
  ja: 125_000_000,
  sw: 80_000_000,
};

/** A record of proj/comp/<code> with `translated` of 100 strings, populations as 2026 servers. */
function record(code: string, translated: number, populations: "all" | "source" | "none" = "all") {
  let r = contractRecord(BASE, { language: code, total: 100, stats: { translated, fuzzy: 0 } });
  if (populations === "all") r = set(r, "language.population", POPULATION[code]);
  if (populations !== "none") r = set(r, "component.source_language.population", POPULATION.en);
  return r;
}

async function render(records: Record<string, unknown>[], site: Record<string, unknown> = {}) {
  const triples: Triple[] = records.map((r) => ({
    project: "proj",
    component: "comp",
    language: (r.language as { code: string }).code,
  }));
  const entries = records.map((body, i) =>
    toEntry({ triple: triples[i]!, body }, { baseUrl: BASE }),
  );
  const snapshot = toSnapshot(entries, {
    baseUrl: BASE,
    triples,
    now: new Date("2026-11-21T12:00:00Z"),
  });
  const files = await siteFiles(snapshot, siteOptionsSchema.parse({ title: "Reach", ...site }));
  const page = (path: string) => parse(files.find((f) => f.path === path)!.content);
  const summary = JSON.parse(files.find((f) => f.path === "data/summary.json")!.content);
  const json = (path: string) => JSON.parse(files.find((f) => f.path === path)!.content);
  return { index: page("index.html"), project: page("proj/index.html"), summary, json };
}

// de 95%, fr 90% (at the threshold), hi 40%, ja 10%, sw 0%: German and French are reached;
// English, the language the strings are written in, is not translated into and never counts.
const RECORDS = [
  record("de", 95),
  record("fr", 90),
  record("hi", 40),
  record("ja", 10),
  record("sw", 0),
];
const REACHED = POPULATION.de! + POPULATION.fr!;
/** The source language's own translation, as Weblate lists it (`is_source`). */
const SOURCE = set(record("en", 100), "is_source", true);

describe("the reach panel", () => {
  it("shows the share of the world's people, on the overview and the project page", async () => {
    const { index, project } = await render(RECORDS);
    for (const page of [index, project]) {
      const panel = page.querySelector("section.reach")!;
      expect(panel).not.toBeNull();
      const share = Math.floor((REACHED / WORLD_POPULATION) * 1000) / 10;
      expect(panel.querySelector(".big")!.textContent).toBe(`${share}%`);
      // As few as three languages are named.
      expect(panel.textContent).toContain("440 million speakers of Language fr and Language de");
      expect(panel.textContent).toContain("at least 90% translated");
    }
  });

  it("names the three languages that would add most, largest first", async () => {
    const items = (await render(RECORDS)).project.querySelectorAll("section.reach ol.next li");
    expect(items.map((li) => li.textContent.replace(/\s+/g, " ").trim())).toEqual([
      "Language hi हिन्दी: 600 million speakers, 40% translated",
      "Language ja 日本語: 125 million speakers, 10% translated",
      "Language sw Kiswahili: 80 million speakers, 0% translated",
    ]);
  });

  it("is in data/summary.json, with each language's population", async () => {
    const { summary } = await render(RECORDS);
    const reach = {
      threshold: 90,
      population: REACHED,
      share: Math.round((REACHED / WORLD_POPULATION) * 1e4) / 1e4,
    };
    expect(summary.reach).toEqual(reach);
    expect(summary.projects[0].reach).toEqual(reach);
    expect(summary.languages.find((l: { code: string }) => l.code === "hi").population).toBe(
      600_000_000,
    );
  });

  it("follows site.reachThreshold", async () => {
    const panel = (await render(RECORDS, { reachThreshold: 95 })).project.querySelector(
      "section.reach",
    )!;
    expect(panel.textContent).toContain("130 million speakers of Language de.");
    expect(panel.querySelectorAll("ol.next li").map((li) => li.textContent.slice(0, 11))).toEqual([
      "Language hi",
      "Language fr",
      "Language ja",
    ]);
  });

  it("counts the languages translated into: the source language's own translation is not one", async () => {
    const withSource = await render([...RECORDS, SOURCE]);
    const without = await render(RECORDS);
    expect(withSource.summary.reach).toEqual(without.summary.reach);
    const panel = withSource.index.querySelector("section.reach")!;
    expect(panel.textContent).toContain("speakers of Language fr and Language de");
    // "languages at 90% or more": 2 of the 5 languages translated into, not 3 of 6.
    expect(withSource.json("badges/proj.languages.json").message).toBe("2 of 5");
  });

  it("says how many languages have no population figure", async () => {
    const records = [...RECORDS.slice(0, 4), record("sw", 0, "source")];
    expect((await render(records)).project.querySelector("section.reach")!.textContent).toContain(
      "1 language has no population figure and is not counted",
    );
  });

  it("shows nothing where the server gives no population", async () => {
    const { index, project } = await render(
      RECORDS.map((r, i) => record(["de", "fr", "hi", "ja", "sw"][i]!, 50, "none")),
    );
    expect(index.querySelector("section.reach")).toBeNull();
    expect(project.querySelector("section.reach")).toBeNull();
    expect(project.textContent).not.toMatch(/world's people/);
  });
});
