import { describe, expect, it } from "vitest";
import {
  MAX_DISPLAY_CHARS,
  parseStatistics,
  recordView,
  recordViewSchema,
  statisticsOf,
} from "../../src/weblate/record-view.js";
import { contractRecord } from "../helpers/fixtures.js";

describe("recordView", () => {
  it("reads what the pages show from a contract record", () => {
    const view = recordView(contractRecord("https://weblate.example"));
    expect(view.total).toBeGreaterThan(0);
    expect(view.component.name).toEqual(expect.any(String));
    expect(view.component.project.name).toEqual(expect.any(String));
    expect(view.web_url).toMatch(/^https:\/\//);
  });

  it.each([
    ["not an object", "a string"],
    ["an array", [1, 2]],
    ["null", null],
    ["nothing", undefined],
  ])("gives the empty view for %s", (_, record) => {
    const view = recordView(record);
    expect(view.total).toBe(0);
    expect(view.component).toEqual({
      name: undefined,
      is_glossary: false,
      project: { name: undefined },
    });
    expect(view.web_url).toBeUndefined();
  });

  it("falls back field by field: bad counts are 0, blank names missing, non-http links none, long text clipped", () => {
    const view = recordView({
      total: -3,
      translated: Number.NaN,
      fuzzy: "7",
      failing_checks: 2,
      language: { name: "   ", direction: 5 },
      component: { name: ["x"], is_glossary: "yes", project: "p" },
      web_url: "javascript:alert(1)",
      translate_url: "https://weblate.example/translate/p/c/de/",
      share_url: 42,
      last_author: "x".repeat(1000),
      filename: "  ",
    });
    expect([view.total, view.translated, view.fuzzy, view.failing_checks]).toEqual([0, 0, 0, 2]);
    expect(view.language).toEqual({ name: undefined, direction: undefined });
    expect(view.component).toEqual({
      name: undefined,
      is_glossary: false,
      project: { name: undefined },
    });
    expect(view.web_url).toBeUndefined();
    expect(view.translate_url).toBe("https://weblate.example/translate/p/c/de/");
    expect(view.share_url).toBeUndefined();
    expect(view.last_author).toHaveLength(MAX_DISPLAY_CHARS);
    expect(view.last_author.endsWith("\u2026")).toBe(true);
    expect(view.filename).toBe("");
  });

  it("takes bidi overrides, embeddings and isolates out of shown text, so a name cannot show reversed", () => {
    const view = recordView({
      component: { name: "\u202eevil\u202c name", project: { name: "\u2067x\u2069" } },
      last_author: "A\u202dB",
    });
    expect(view.component.name).toBe("evil name");
    expect(view.component.project.name).toBe("x");
    expect(view.last_author).toBe("AB");
  });
});

describe("recordView, read by hand", () => {
  // recordViewSchema is the specification; recordView reads the same by hand, for speed. Records
  // built from hostile values in every field must give the same view and the same counts.
  const values: unknown[] = [
    undefined,
    null,
    0,
    -0,
    -1,
    1.5,
    42,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 60,
    "",
    "   ",
    " Name ",
    "x".repeat(300),
    "a\u202eb",
    "https://weblate.example/projects/p/",
    "javascript:alert(1)",
    "ftp://weblate.example/",
    true,
    false,
    [],
    ["a"],
    {},
    { code: "de", name: "German", direction: "rtl", population: 5 },
    { code: 3, name: "", population: -2 },
    { name: "Project", translation_review: false },
  ];
  const keys = [
    "total",
    "translated",
    "fuzzy",
    "failing_checks",
    "have_suggestion",
    "have_comment",
    "total_words",
    "translated_words",
    "fuzzy_words",
    "failing_checks_words",
    "last_change",
    "last_author",
    "web_url",
    "translate_url",
    "share_url",
    "filename",
    "revision",
    "language",
    "component",
  ];
  let seed = 7;
  const pick = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return values[seed % values.length];
  };
  const nested = () => {
    const v = pick();
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return {
      ...v,
      project: pick(),
      source_language: pick(),
      is_glossary: pick(),
      translation_review: pick(),
      name: pick(),
      code: pick(),
      direction: pick(),
      population: pick(),
    };
  };
  const records = Array.from({ length: 2000 }, () =>
    Object.fromEntries(
      keys.map((k) => [k, k === "component" || k === "language" ? nested() : pick()]),
    ),
  );

  it("gives what the schema gives for 2,000 hostile records", () => {
    for (const record of [...records, ...values])
      expect(recordView(record)).toEqual(
        record !== null && typeof record === "object" && !Array.isArray(record)
          ? recordViewSchema.parse(record)
          : recordViewSchema.parse({}),
      );
  });

  it("gives what the schema gives for hostile statistics", () => {
    const stats = [
      ...values,
      ...records.map((r) => ({
        total_chars: r.total,
        translated_chars: r.fuzzy,
        approved: r.translated,
        approved_words: r.have_comment,
        readonly: r.total_words,
        readonly_chars: r.language,
      })),
    ];
    for (const s of stats) expect(statisticsOf(s)).toEqual(parseStatistics(s));
  });
});
