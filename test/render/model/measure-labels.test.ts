import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { render, snapshot } from "../../helpers/measure-fixture.js";

// Labels say what the numbers under them count: the percent column's heading and the badges'
// label follow the measure and its fallback (a trial found "Approved characters" over translated
// characters, "translated" on badges counting approved strings, and a strings badge labelled as
// the words one).

const heading = (html: string) =>
  parse(html).querySelector("table.translations thead th[aria-sort]")!.textContent;
const label = (files: Map<string, string>, path: string) => JSON.parse(files.get(path)!).label;

describe("the percent column and the badges' label", () => {
  it.each([
    {
      site: { metric: "strings" },
      review: true,
      stats: true,
      column: "Translated",
      badge: "translated",
    },
    {
      site: { progress: "approved" },
      review: true,
      stats: true,
      column: "Approved",
      badge: "approved",
    },
    // No review workflow: approved falls back to translated, and says so.
    {
      site: { progress: "approved" },
      review: false,
      stats: true,
      column: "Translated",
      badge: "translated",
    },
    {
      site: { metric: "chars", progress: "approved" },
      review: false,
      stats: true,
      column: "Translated characters",
      badge: "translated",
    },
    // No statistics (a 4.x server): characters fall back to strings.
    {
      site: { metric: "chars" },
      review: true,
      stats: false,
      column: "Translated",
      badge: "translated",
    },
    {
      site: { metric: "words", progress: "approved" },
      review: true,
      stats: false,
      column: "Translated words",
      badge: "translated",
    },
  ])("$site, review $review, statistics $stats: '$column', '$badge'", async (c) => {
    const r = await render(snapshot(c.review, c.stats), c.site);
    expect(heading(r.files.get("proj/comp/index.html")!)).toBe(c.column);
    for (const path of ["badges/proj/comp/de.json", "badges/proj/comp.json", "badges/proj.json"])
      expect(label(r.files, path)).toBe(c.badge);
  });

  it.each([
    { site: {}, says: "translated strings" },
    { site: { metric: "words" }, says: "translated words" },
    { site: { metric: "chars", progress: "approved" }, says: "approved characters" },
  ])("the project matrix's caption says what its percents count: $says", async (c) => {
    const r = await render(snapshot(), c.site);
    const caption = parse(r.files.get("proj/index.html")!).querySelector("table.matrix caption");
    expect(caption!.textContent).toMatch(new RegExp(`^Percent of ${c.says} in proj by language`));
  });

  it("labels a badge of another metric by what it counts, apart from the site's", async () => {
    const r = await render(snapshot(), { metric: "words", badgeMetrics: ["strings", "chars"] });
    expect(label(r.files, "badges/proj/comp/de.json")).toBe("translated");
    expect(label(r.files, "badges/proj/comp/de.strings.json")).toBe("translated strings");
    expect(label(r.files, "badges/proj/comp.chars.json")).toBe("translated characters");
    const svg = r.files.get("badges/proj/comp/de.strings.svg")!;
    expect(svg).toContain('aria-label="translated strings: 80%"');
    const approved = await render(snapshot(), {
      metric: "words",
      progress: "approved",
      badgeMetrics: ["strings"],
    });
    expect(label(approved.files, "badges/proj/comp/de.strings.json")).toBe("approved strings");
  });

  it("names in the charts' and matrix' titles what their percents count", async () => {
    const title = (files: Map<string, string>, path: string) =>
      parse(files.get(path) ?? "").querySelector("title")?.text ?? "";
    const words = await render(snapshot(), {
      metric: "words",
      progress: "approved",
      badgeMetrics: ["strings"],
    });
    expect(title(words.files, "badges/proj.chart.svg")).toContain("percent of approved words for");
    expect(title(words.files, "badges/proj.matrix.svg")).toContain(
      "percent of approved words by component and language",
    );
    // A badge variant's chart counts its own metric, and says so.
    expect(title(words.files, "badges/proj.strings.chart.svg")).toContain(
      "percent of approved strings for",
    );
    const plain = await render(snapshot(), {});
    expect(title(plain.files, "badges/proj.chart.svg")).toContain(
      "percent of translated strings for",
    );
  });
});
