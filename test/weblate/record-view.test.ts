import { describe, expect, it } from "vitest";
import {
  MAX_DISPLAY_CHARS,
  recordCounts,
  recordView,
  type RecordView,
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

  it("shows a control character (an ESC, a line break, a C1 control) as a space", () => {
    const view = recordView({
      component: { name: "Web\u001b[31msite", project: { name: "Orbit\nNotes\u0085" } },
    });
    expect(view.component.name).toBe("Web [31msite");
    expect(view.component.project.name).toBe("Orbit Notes ");
  });
});

describe("recordView of hostile records", () => {
  // Records built from hostile values in every field give a view of safe values only.
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

  const isCount = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v >= 0;
  const isName = (v: unknown) =>
    v === undefined ||
    (typeof v === "string" &&
      v.trim() !== "" &&
      v.length <= MAX_DISPLAY_CHARS &&
      !/[\u202a-\u202e\u2066-\u2069]/.test(v));
  const isShown = (v: unknown) => v === "" || (isName(v) && v !== undefined);
  const isLink = (v: unknown) => v === undefined || (typeof v === "string" && /^https?:/.test(v));
  const isPopulation = (v: unknown) => v === undefined || Number.isSafeInteger(v);
  const safe = (view: RecordView): boolean => {
    const { language: l, component: c } = view;
    const source = c.source_language;
    const counts = [
      view.total,
      view.translated,
      view.fuzzy,
      view.failing_checks,
      view.have_suggestion,
      view.have_comment,
      view.total_words,
      view.translated_words,
      view.fuzzy_words,
      view.failing_checks_words,
    ];
    return (
      counts.every(isCount) &&
      [view.last_author, view.filename, view.revision].every(isShown) &&
      [view.web_url, view.translate_url, view.share_url].every(isLink) &&
      [l.name, c.name, c.project.name, source?.name].every(isName) &&
      [l.code, l.direction, view.last_change].every(
        (v) => v === undefined || typeof v === "string",
      ) &&
      isPopulation(l.population) &&
      (source === undefined ||
        (typeof source.code === "string" && isPopulation(source.population))) &&
      typeof c.is_glossary === "boolean" &&
      [undefined, true, false].includes(c.project.translation_review)
    );
  };

  it("gives only safe values for 2,000 hostile records", () => {
    for (const record of [...records, ...values]) expect(safe(recordView(record))).toBe(true);
  });

  it("counts hostile statistics as a number or NaN, never a bad count", () => {
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
    const view = recordView(contractRecord("https://weblate.example"));
    for (const s of stats)
      for (const n of Object.values(recordCounts(view, s)))
        expect(Number.isNaN(n) || isCount(n)).toBe(true);
  });
});
