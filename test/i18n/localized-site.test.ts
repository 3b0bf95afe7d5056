import { pageTime } from "../helpers/page-time.js";
import { parse, type HTMLElement } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { loadSiteLocales } from "../../src/i18n/site-locales.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { siteFiles, type SiteFile } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { englishOnly, visibleText, words } from "./english-left.js";

// The demo site rendered in every shipped locale: each page says its language and direction, its
// numbers and dates are the locale's (computed here with Intl), and a page in a fully translated
// locale has no English left but the data (names from the server, the crawl's problems).

const BASE = "https://weblate.example";
const NOW = new Date("2026-11-21T12:00:00Z");
const LOCALES = ["en", "de", "ar", "ja"] as const;

interface DemoRecord {
  total: number;
  translated: number;
  total_words: number;
  last_author: string | null;
  filename: string;
  language: { code: string; name: string };
  component: { name: string; is_glossary?: boolean; project: { name: string } };
}

const records = buildDemoRecords(BASE) as unknown as DemoRecord[];
const triples = demoTriples().map((key) => parseTripleString(key).triple!);
let files: Map<string, SiteFile>;
const page = (path: string): HTMLElement => {
  const file = files.get(path);
  if (!file) throw new Error(`no ${path}`);
  return parse(file.content);
};
/** A locale's page: the default's at the root, the others under their folder. */
const at = (locale: string, path: string) => (locale === "en" ? path : `${locale}/${path}`);

beforeAll(async () => {
  const entries = triples.map((triple, i) =>
    toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
  );
  const snapshot = toSnapshot(entries, { baseUrl: BASE, triples, now: NOW });
  const site = siteOptionsSchema.parse({ title: "Demo", locales: [...LOCALES] });
  files = new Map((await siteFiles(snapshot, site)).map((f) => [f.path, f]));
});

describe("a page in each shipped locale", () => {
  // The overview's totals, from the records: glossaries are not counted.
  const counted = records.filter((r) => !r.component.is_glossary);
  const translated = counted.reduce((n, r) => n + r.translated, 0);
  const total = counted.reduce((n, r) => n + r.total, 0);

  it.each(LOCALES)(
    "%s: lang and dir, the summary's percent and count, the footer's date",
    (locale) => {
      const doc = page(at(locale, "index.html"));
      const html = doc.querySelector("html")!;
      expect(html.getAttribute("lang")).toBe(locale);
      // Right to left says so; left to right is the default and costs no bytes.
      expect(html.getAttribute("dir")).toBe(locale === "ar" ? "rtl" : undefined);
      const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
      const summary = doc.querySelector("p.summary")!.text;
      expect(summary).toContain(percent.format(Math.floor((translated * 1000) / total) / 1000));
      if (locale !== "ar") expect(summary).toContain(new Intl.NumberFormat(locale).format(total));
      const date = pageTime(NOW.toISOString(), locale);
      expect(doc.querySelector("footer time")!.text).toBe(date);
      expect(doc.querySelector("footer time")!.getAttribute("datetime")).toBe(NOW.toISOString());
    },
  );

  it.each(LOCALES)(
    "%s: a translation page's counters, a language's name in the locale",
    (locale) => {
      const i = triples.findIndex((t) => t.project === "orbit-notes" && t.language === "de");
      const record = records[i]!;
      const doc = page(at(locale, `orbit-notes/${triples[i]!.component}/de/index.html`));
      const cells = doc.querySelectorAll("table.counters tbody tr")[0]!.querySelectorAll("td");
      const n = new Intl.NumberFormat(locale);
      expect(cells[0]!.text).toBe(n.format(record.total));
      expect(cells[2]!.text).toBe(n.format(record.total_words));
      // German, in the page's words ("Deutsch" in German, "الألمانية" in Arabic); Weblate's English
      // name on English pages.
      const name =
        locale === "en" ? "German" : new Intl.DisplayNames([locale], { type: "language" }).of("de");
      expect(doc.querySelector("h1")!.text.startsWith(name!)).toBe(true);
    },
  );

  it("links each page to its versions in the other locales: hreflang alternates and a switcher", () => {
    const doc = page("de/orbit-notes/index.html");
    expect(
      doc
        .querySelectorAll('head link[rel="alternate"][hreflang]')
        .map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
    ).toEqual([
      ["en", "../../orbit-notes/index.html"],
      ["de", "index.html"],
      ["ar", "../../ar/orbit-notes/index.html"],
      ["ja", "../../ja/orbit-notes/index.html"],
      ["x-default", "../../orbit-notes/index.html"],
    ]);
    const switcher = doc.querySelector("nav.locales")!;
    expect(switcher.querySelectorAll("a").map((a) => [a.getAttribute("lang"), a.text])).toEqual([
      ["en", "English"],
      ["ar", "العربية"],
      ["ja", "日本語"],
    ]);
    expect(switcher.querySelector('[aria-current="true"]')!.text).toBe("Deutsch");
    // Assets, badges and widgets are the site's one copy.
    expect(doc.querySelector('link[rel="stylesheet"]')!.getAttribute("href")).toBe(
      "../../assets/style.css",
    );
    expect(doc.querySelector("script")!.getAttribute("src")).toBe("../../assets/tables.de.js");
    expect(doc.querySelector("h1 img")!.getAttribute("src")).toBe("../../badges/orbit-notes.svg");
    expect(files.has("badges/orbit-notes.svg")).toBe(true);
    expect([...files.keys()].some((p) => /^(de|ar|ja)\/badges\/.*\.svg$/.test(p))).toBe(false);
  });
});

describe("badges and widgets in site.badges.locale", () => {
  it("says the badges' and charts' words in German once for every locale, marked on the pages", async () => {
    const entries = triples.map((triple, i) =>
      toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
    );
    const snapshot = toSnapshot(entries, { baseUrl: BASE, triples, now: NOW });
    const site = siteOptionsSchema.parse({ title: "Demo", badges: { locale: "de" } });
    const german = new Map((await siteFiles(snapshot, site)).map((f) => [f.path, f]));
    const badge = JSON.parse(german.get("badges/orbit-notes.json")?.content ?? "{}");
    expect(badge.label).toBe("übersetzt");
    // The floored whole percent, as German writes it ("73 %").
    expect(badge.message).toMatch(/^\d+\s%$/);
    expect(badge.message).toBe(
      new Intl.NumberFormat("de", { style: "percent" }).format(parseInt(badge.message, 10) / 100),
    );
    const chart = parse(german.get("badges/orbit-notes.chart.svg")?.content ?? "");
    expect(chart.querySelector("title")?.text).toContain("übersetzte Zeichenketten in Prozent für");
    // The English page marks the badge's alternative text as German, the words in the picture.
    const img = parse(german.get("index.html")?.content ?? "").querySelector(
      'h2 img[src="badges/orbit-notes.svg"]',
    );
    expect(img?.getAttribute("lang")).toBe("de");
    expect(img?.getAttribute("alt")).toBe(`übersetzt: ${badge.message}`);
  });
});

describe("no English left on a fully translated page", () => {
  // What the server sent (names, authors, files) and the crawl's problems are data, not words of
  // the site: taken out before looking.
  const data = records
    .flatMap((r) => [
      r.component.name,
      r.component.project.name,
      r.language.name,
      r.last_author ?? "",
      r.filename,
    ])
    .concat(BASE)
    .filter((value) => value !== "");

  it.each(["de", "ar", "ja"])("%s: every page, no message falls back", (locale) => {
    const [loaded] = loadSiteLocales(siteOptionsSchema.parse({ locales: [locale] })).pages;
    // The messages of this locale that would show in English: none.
    expect(loaded!.messages.fallbacks()).toEqual([]);
    // Words only the English catalog has ("translated", "strings"...): brand names such as
    // Markdown or Weblate are in both.
    const english = englishOnly(locale);
    expect(english.length).toBeGreaterThan(100);
    const pages = [...files.keys()].filter(
      (p) => p.startsWith(`${locale}/`) && p.endsWith(".html"),
    );
    expect(pages.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const path of pages) {
      const text = visibleText(page(path), locale, data);
      const seen = words(text);
      for (const word of english) if (seen.has(word)) found.push(`${path}: ${word}`);
    }
    expect(found).toEqual([]);
    // The same look at the English pages finds the words: the check can fail.
    const englishPage = words(visibleText(page(pages[0]!.slice(locale.length + 1)), "en", data));
    expect(english.filter((w) => englishPage.has(w)).length).toBeGreaterThan(10);
  });
});
