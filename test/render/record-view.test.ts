import { describe, expect, it } from "vitest";
import { MAX_DISPLAY_CHARS, recordView } from "../../src/weblate/record-view.js";
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
