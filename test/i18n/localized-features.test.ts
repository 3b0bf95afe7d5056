import { parse, type HTMLElement } from "node-html-parser";
import { marked, type Tokens } from "marked";
import { beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { emptyHistory } from "../../src/history/history.js";
import { countsOf, mergeRun } from "../../src/history/merge-run.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { siteFiles, type SiteFile } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { set } from "../helpers/fixtures.js";
import { englishOnly, visibleText, words } from "./english-left.js";

// Everything a site may show beyond its plain pages, in every shipped locale: the reach panel
// (populations), not-started languages, a measure other than strings translated with the note on
// why a page counts otherwise, badges in other metrics, trends and changes across two runs, and the
// README file of badges. The demo is built with all of it on; no English may be left on a page of
// de, ar or ja, and the figures are each locale's (Intl, computed here).

const BASE = "https://weblate.example";
const FIRST = new Date("2026-11-14T12:00:00Z");
const NOW = new Date("2026-11-21T12:00:00Z");
const LOCALES = ["en", "de", "ar", "ja"] as const;

interface DemoRecord {
  language: { code: string; name: string };
  component: { name: string; project: { name: string } };
  last_author: string | null;
  filename: string;
}

// Speakers of each demo language, as a 2026 server gives them: a round figure per code.
const triples = demoTriples().map((key) => parseTripleString(key).triple!);
const records = buildDemoRecords(BASE).map((r, i) => {
  const code = triples[i]!.language;
  const speakers = 20_000_000 + 37_000_000 * (code.charCodeAt(0) % 11);
  return set(
    set(r, "language.population", speakers),
    "component.source_language.population",
    1.5e9,
  );
});
const site = siteOptionsSchema.parse({
  title: "Demo",
  locales: [...LOCALES],
  // Characters, approved: the demo's records give neither, so every page says why it counts
  // strings translated instead.
  metric: "chars",
  progress: "approved",
  badgeMetrics: ["words"],
  notStarted: true,
  reachThreshold: 50,
});

let files: Map<string, SiteFile>;
const page = (path: string): HTMLElement => {
  const file = files.get(path);
  if (!file) throw new Error(`no ${path}`);
  return parse(file.content);
};
const at = (locale: string, path: string) => (locale === "en" ? path : `${locale}/${path}`);

beforeAll(async () => {
  const entries = (n: number) =>
    triples
      .slice(0, n)
      .map((triple, i) => toEntry({ triple, body: records[i] }, { baseUrl: BASE }));
  // Run 1 without the last three translations, run 2 with all: a trend and changes ("added").
  const first = toSnapshot(entries(triples.length - 3), {
    baseUrl: BASE,
    triples: triples.slice(0, -3),
    now: FIRST,
  });
  const snapshot = toSnapshot(entries(triples.length), { baseUrl: BASE, triples, now: NOW });
  const history = emptyHistory(BASE);
  for (const run of [first, snapshot]) {
    const counted = run.translations.map((e) => ({ ...e, counts: countsOf(e.record) }));
    mergeRun(history, run.generatedAt, counted, { threshold: 90, measure: site });
  }
  files = new Map((await siteFiles(snapshot, site, history)).map((f) => [f.path, f]));
});

describe("a site with every feature on, in each shipped locale", () => {
  it.each(LOCALES)("%s: the reach panel in the locale's numbers", (locale) => {
    const reach = page(at(locale, "index.html")).querySelector("section.reach");
    expect(reach).not.toBeNull();
    // The world's population as the locale writes a large number, rounded down.
    const world = new Intl.NumberFormat(locale, {
      notation: "compact",
      compactDisplay: "long",
      maximumFractionDigits: 1,
    }).format(8.2e9);
    expect(reach!.querySelector("p.muted")!.text).toContain(world);
    expect(reach!.querySelector("strong.big")!.text).toMatch(/\d/);
  });

  it.each(LOCALES)("%s: a component's not-started languages, counted apart", (locale) => {
    const docs = [...files.keys()]
      .filter((p) => p.startsWith(at(locale, "")) && /^([^/]+\/){2,3}index\.html$/.test(p))
      .map((p) => page(p))
      .filter((doc) => doc.querySelector("tr.notstarted"));
    expect(docs.length).toBeGreaterThan(0);
    const row = docs[0]!.querySelector("tr.notstarted")!;
    // "0%" as the locale writes it: "0 %" in German, "0٪" in Arabic.
    const zero = new Intl.NumberFormat(locale, { style: "percent" }).format(0);
    expect(row.querySelectorAll("td")[0]!.text).toBe(zero);
  });

  it("says why a page counts strings translated rather than approved characters", () => {
    const summary = (locale: string) =>
      page(at(locale, "index.html")).querySelector("p.summary")!.text;
    expect(summary("en")).toContain(
      "(the server gives no character counts; no review workflow on the server)",
    );
    expect(summary("de")).toContain("der Server liefert keine Zeichenzahlen");
    expect(summary("ja")).toContain("サーバーが文字数を提供していません");
    expect(summary("ar")).toContain("لا يقدّم الخادم أعداد الأحرف");
  });

  it("names the badges in other metrics in the page's words", () => {
    const titles = (locale: string) =>
      page(at(locale, "badges/index.html"))
        .querySelectorAll("h3")
        .map((h) => h.text);
    expect(titles("en")).toContain("Badge, in words");
    expect(titles("de")).toContain("Badge, in Wörtern");
    expect(titles("ja")).toContain("バッジ（単語数）");
  });

  it("writes badges/<project>/README.md in the badges' locale", async () => {
    const german = siteOptionsSchema.parse({ ...site, locales: ["en"], badges: { locale: "de" } });
    const entries = triples.map((triple, i) =>
      toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
    );
    const snapshot = toSnapshot(entries, { baseUrl: BASE, triples, now: NOW });
    const readme = (await siteFiles(snapshot, german)).find(
      (f) => f.path === "badges/orbit-notes/README.md",
    )!.content;
    const table = marked.lexer(readme).find((t): t is Tokens.Table => t.type === "table")!;
    // The column of what the rows count, in the badges' words: the site asks for approved
    // characters, which these records (no statistics) do not give, so strings translated.
    expect(table.header.map((h) => h.text)).toEqual(["Sprache", "Badge", "Übersetzt"]);
    expect(readme).toContain("## Widgets");
    // The catalog's words are Markdown text, their punctuation escaped.
    expect(marked.parse(readme, { async: false })).toContain("Erzeugt von l10n-snapshot");
  });
});

describe("no English left on a page with every feature on", () => {
  const data = (records as unknown as DemoRecord[])
    .flatMap((r) => [
      r.component.name,
      r.component.project.name,
      r.language.name,
      r.last_author ?? "",
      r.filename,
    ])
    .concat(BASE)
    .filter((value) => value !== "");

  it.each(["de", "ar", "ja"])("%s", (locale) => {
    const english = englishOnly(locale);
    const pages = [...files.keys()].filter(
      (p) => p.startsWith(`${locale}/`) && p.endsWith(".html"),
    );
    expect(pages.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const path of pages) {
      const seen = words(visibleText(page(path), locale, data));
      for (const word of english) if (seen.has(word)) found.push(`${path}: ${word}`);
    }
    expect(found).toEqual([]);
    // The English overview has the features' words: the look can find them.
    const overview = words(visibleText(page("index.html"), "en", data));
    for (const word of ["Reach", "speakers", "character", "review"])
      expect(overview.has(word)).toBe(true);
  });
});
