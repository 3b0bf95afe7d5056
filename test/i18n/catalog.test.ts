import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCatalog } from "../../src/i18n/catalog-file.js";
import {
  categoryIsOneNumber,
  checkBase,
  checkCatalog,
  describeProblem,
  pluralCategories,
} from "../../src/i18n/catalog-check.js";
import { CatalogError, loadLocales } from "../../src/i18n/catalogs.js";
import { Messages } from "../../src/i18n/messages.js";
import { tempDir } from "../helpers/temp-dir.js";

// The catalog format (i18next JSON v4) read with its lines, and the checks a catalog passes before
// a site is rendered with it: placeholders as in English, every plural form the locale's CLDR
// rules need.

const english = parseCatalog(
  JSON.stringify(
    {
      page: { title: "Overview", summary: "{{percent}} of {{strings}} translated" },
      count: { days_one: "{{count}} day", days_other: "{{count}} days" },
    },
    null,
    4,
  ),
  "en.json",
);

const catalog = (value: unknown, file = "xx.json") =>
  parseCatalog(JSON.stringify(value, null, 4), file);

describe("reading a catalog file", () => {
  it("flattens nested keys, groups plural forms by CLDR suffix and keeps each text's line", () => {
    const parsed = parseCatalog(
      '{\n  "a": {\n    "b": "B",\n    "n_one": "{{count}} n",\n    "n_other": "{{count}} ns"\n  }\n}\n',
      "f.json",
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.messages.get("a.b")).toEqual({
      key: "a.b",
      line: 3,
      text: { text: "B", line: 3 },
    });
    const n = parsed.messages.get("a.n")!;
    expect(n.line).toBe(4);
    expect([...n.forms!.entries()]).toEqual([
      ["one", { text: "{{count}} n", line: 4 }],
      ["other", { text: "{{count}} ns", line: 5 }],
    ]);
  });

  it("names the line of a syntax error, a duplicate key, a value that is no string, a control character", () => {
    expect(parseCatalog('{\n  "a": "x"\n  "b": "y"\n}', "f.json").problems).toEqual([
      { file: "f.json", line: 3, message: "not valid JSON (comma expected)", fatal: true },
    ]);
    const parsed = parseCatalog(
      '{\n  "a": "x",\n  "a": "y",\n  "b": 3,\n  "c": "bell\\u0007",\n  "d": ""\n}',
      "f.json",
    );
    expect(parsed.problems.map(describeProblem)).toEqual([
      'f.json:3: a: the key "a" is given twice',
      "f.json:4: b: expected a string, found number",
      "f.json:5: c: has a control character or a bidi override (write it without one)",
    ]);
    // An empty text is an untranslated message, as Weblate may write one.
    expect(parsed.messages.has("d")).toBe(false);
  });
});

describe("checking a catalog against English", () => {
  it("knows each locale's CLDR plural categories from Intl.PluralRules", () => {
    expect(pluralCategories("en")).toEqual(["one", "other"]);
    expect(pluralCategories("ar")).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(pluralCategories("ja")).toEqual(["other"]);
    expect(categoryIsOneNumber("ar", "two")).toBe(true);
    expect(categoryIsOneNumber("ar", "few")).toBe(false);
    expect(categoryIsOneNumber("fr", "one")).toBe(false);
  });

  it("passes a complete translation", () => {
    const de = catalog({
      page: { title: "Übersicht", summary: "{{percent}} von {{strings}} übersetzt" },
      count: { days_one: "{{count}} Tag", days_other: "{{count}} Tage" },
    });
    expect(checkBase(english)).toEqual([]);
    expect(checkCatalog(english, de, "de")).toEqual([]);
  });

  it("names the file, the line and the message of a missing or unknown placeholder", () => {
    const de = catalog({
      page: { title: "Übersicht {{site}}", summary: "{{percent}} übersetzt" },
    });
    expect(checkCatalog(english, de, "de").map(describeProblem)).toEqual([
      "xx.json:3: page.title: page.title has the placeholder {{site}}, which the English message does not have (it has none)",
      "xx.json:4: page.summary: page.summary lacks the placeholder {{strings}} of the English message",
    ]);
  });

  it("wants every plural form of the locale, and lets a form for one number leave the count out", () => {
    const ar = catalog({
      count: {
        days_zero: "لا أيام",
        days_one: "يوم واحد",
        days_two: "يومان",
        days_few: "أيام",
        days_other: "{{count}} يوم",
      },
    });
    expect(checkCatalog(english, ar, "ar").map(describeProblem)).toEqual([
      "xx.json:3: count.days: lacks the plural forms count.days_many: ar needs zero, one, two, few, many, other (CLDR)",
      // "few" is 3-10, 103-110...: the number must be said.
      "xx.json:6: count.days: count.days_few lacks the placeholder {{count}} of the English message",
    ]);
  });

  it("refuses a plural message given as one text and the other way round, and notes unused forms", () => {
    const ja = catalog({
      page: { title_other: "概要" },
      count: { days: "{{count}} 日", x: "obsolete" },
    });
    const problems = checkCatalog(english, ja, "ja");
    expect(problems.map((p) => [p.line, p.key, p.fatal])).toEqual([
      [3, "page.title", true],
      [6, "count.days", true],
      [7, "count.x", false],
    ]);
    const he = catalog({
      count: {
        days_one: "יום",
        days_two: "יומיים",
        days_many: "{{count}} ימים",
        days_other: "{{count}} ימים",
      },
    });
    expect(checkCatalog(english, he, "he").map((p) => [p.message, p.fatal])).toEqual([
      ["count.days_many is no plural form of he: never shown", false],
    ]);
  });

  it("finds a brace that opens no placeholder", () => {
    const de = catalog({
      page: { title: "Übersicht {{", summary: "{{percent}} von {{strings} übersetzt" },
    });
    expect(checkCatalog(english, de, "de").map((p) => p.message)).toEqual([
      "has a {{ or }} that is no placeholder",
      "has a {{ or }} that is no placeholder",
      "page.summary lacks the placeholder {{strings}} of the English message",
    ]);
  });
});

describe("messages at render time", () => {
  it("formats numbers for the locale, picks plural forms by CLDR, and falls back to English per message", () => {
    const de = catalog({ count: { days_one: "{{count}} Tag", days_other: "{{count}} Tage" } });
    const messages = new Messages("de", [de, english]);
    expect(messages.t("count.days", { count: 1 })).toBe("1 Tag");
    expect(messages.t("count.days", { count: 1234 })).toBe(
      `${new Intl.NumberFormat("de").format(1234)} Tage`,
    );
    expect(messages.t("page.title")).toBe("Overview");
    expect(messages.fallbacks()).toEqual(["page.summary", "page.title"]);
    const ar = new Messages("ar", [
      catalog({
        count: {
          days_zero: "لا أيام",
          days_one: "يوم واحد",
          days_two: "يومان",
          days_few: "{{count}} أيام",
          days_many: "{{count}} يومًا",
          days_other: "{{count}} يوم",
        },
      }),
      english,
    ]);
    const rules = new Intl.PluralRules("ar");
    for (const [n, text] of [
      [0, "لا أيام"],
      [2, "يومان"],
      [5, "5 أيام"],
      [11, "11 يومًا"],
      [100, "100 يوم"],
    ] as const) {
      expect(ar.t("count.days", { count: n }), `${n}: ${rules.select(n)}`).toBe(text);
    }
  });

  it("escapes a message's own text as HTML and puts HTML parameters in as they are", () => {
    const messages = new Messages("en", [
      catalog({ a: "<b> & {{link}}", b_one: "x", b_other: "y" }),
    ]);
    expect(messages.html("a", { link: '<a href="x">x</a>' })).toBe(
      '&lt;b&gt; &amp; <a href="x">x</a>',
    );
    expect(messages.t("a", { link: "<" })).toBe("<b> & <");
    expect(() => messages.t("a")).toThrow("message a: no value for {{link}}");
    expect(() => messages.t("b")).toThrow("plural");
  });
});

describe("loading the catalogs of a site", () => {
  it("ships English, German, Arabic and Japanese, each complete", () => {
    const locales = loadLocales(["en", "de", "ar", "ja"]);
    expect(locales.map((l) => [l.tag, l.dir])).toEqual([
      ["en", "ltr"],
      ["de", "ltr"],
      ["ar", "rtl"],
      ["ja", "ltr"],
    ]);
    // The messages that fall back to English, per shipped locale: none.
    expect(Object.fromEntries(locales.map((l) => [l.tag, l.messages.fallbacks()]))).toEqual({
      en: [],
      de: [],
      ar: [],
      ja: [],
    });
    expect(locales.flatMap((l) => l.notes.map(describeProblem))).toEqual([]);
  });

  it("takes a locale from a user's folder, falling back to English per message", async () => {
    const dir = await tempDir("l10n-catalog-");
    await writeFile(
      join(dir, "pt_BR.json"),
      JSON.stringify({ overview: { title: "Visão geral" } }),
    );
    const [pt] = loadLocales(["pt-BR"], dir);
    expect(pt!.tag).toBe("pt-BR");
    expect(pt!.messages.t("overview.title")).toBe("Visão geral");
    expect(pt!.messages.t("table.language")).toBe("Language");
    expect(pt!.messages.fallbacks()).toContain("table.language");
    expect(pt!.messages.fallbacks()).not.toContain("overview.title");
  });

  it("stops on a broken catalog with one line naming the file, the line and the message", async () => {
    const dir = await tempDir("l10n-catalog-");
    await writeFile(
      join(dir, "de.json"),
      '{\n    "count": {\n        "strings_one": "eine Zeichenkette",\n        "strings_other": "Zeichenketten"\n    }\n}\n',
    );
    expect(() => loadLocales(["en", "de"], dir)).toThrow(CatalogError);
    expect(() => loadLocales(["de"], dir)).toThrow(
      `catalog problem: ${dir}/de.json:4: count.strings: count.strings_other lacks the placeholder {{count}} of the English message; fix the catalog and run again`,
    );
  });

  it("says which locales there are when one has no catalog", () => {
    expect(() => loadLocales(["fr"])).toThrow(
      /no catalog for the locale "fr" \(there are: ar, de, en, ja\); write fr\.json .* --catalog DIR/,
    );
  });
});
