import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildDemoSite,
  launchChromium,
  missingTool,
  renderFixtureSite,
  requireTools,
  serveSite,
} from "../helpers/browser.js";
import { buildStatesSite } from "../helpers/states-site.js";
import { tempDir } from "../helpers/temp-dir.js";

// The site's layout measured in Chromium, on every page kind of the demo (English, Arabic, and
// Japanese for its headings without spaces) and
// of a site three scheduled runs built minutes apart, at 390 and 1280 px, light and dark: each
// row's name and key number (the column a table is sorted by at first) in view without scrolling;
// at 1280 no table scrolls sideways and no cell sticks out of its box; no word of a name broken
// across lines; every chart's texts inside it, at least 11 px as rendered, its series across most
// of the plot; a filter box only over more than 10 rows; axe finds nothing on the history pages.

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const missing = missingTool({ chromium: true });

const DEMO_PAGES = [
  "/",
  "/orbit-notes/",
  "/orbit-notes/application/",
  "/orbit-notes/application/de/",
  "/languages/de/",
  "/languages/",
  "/badges/",
  "/ar/",
  "/ar/orbit-notes/",
  "/ar/orbit-notes/application/",
  "/ar/languages/de/",
  "/ja/",
  "/ja/orbit-notes/application/",
];
const HISTORY_PAGES = [
  "/",
  "/orbit-notes/",
  "/orbit-notes/website/",
  "/tinygrep/cli/",
  "/tinygrep/cli/de/",
  "/languages/de/",
  "/languages/",
  "/tinygrep/man-pages/fr/",
  // A failed translation: its error message spans the row (a long line, once cut off at 1280).
  "/harbor-docs/glossary/",
  "/languages/pt_BR/",
];
/**
 * The demo with names a table squeezed on a phone broke at their hyphen ("component-" / "2"), and
 * a translation page's heading after the language's name.
 */
const HYPHENATED_PAGES = [
  "/",
  "/orbit-notes/",
  "/orbit-notes/application/",
  "/orbit-notes/application/de/",
  "/orbit-notes/application/pt_BR/",
  "/languages/de/",
  "/languages/",
  // The reach sentence names the project ("project-" / "orbit-notes" broke at 390).
  "/ar/orbit-notes/",
];
/** Names and an author of 150 characters without a space: Translate stays in view at 1280. */
const LONG_NAMES_PAGES = ["/orbit-notes/application/", "/languages/de/"];
/** The pages with a trend, on the demo as `npm start` builds it: one run, one point. */
const ONE_RUN_PAGES = [
  "/",
  "/orbit-notes/",
  "/orbit-notes/application/",
  "/languages/de/",
  "/orbit-notes/application/de/",
];
/** Three runs a few minutes apart: a chart whose axis spans a day draws them in its last pixel. */
const MINUTES_APART = [
  "2026-11-20T06:00:00.000Z",
  "2026-11-20T06:05:00.000Z",
  "2026-11-20T06:12:00.000Z",
] as const;

/** What is wrong with the page's layout as drawn, one line each (runs in the page). */
function layoutProblems(wide: boolean): string[] {
  const problems: string[] = [];
  const text = (el: Element) => (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
  const width = document.documentElement.clientWidth;
  const inView = (r: DOMRect) => r.left >= -0.5 && r.right <= width + 0.5;
  for (const table of Array.from(document.querySelectorAll("table"))) {
    const head = table.tHead?.rows[0];
    const key = head ? Array.from(head.cells).findIndex((c) => c.hasAttribute("aria-sort")) : -1;
    for (const row of Array.from(table.tBodies[0]?.rows ?? [])) {
      const cells = Array.from(row.cells);
      const name = cells[0];
      if (name && !inView(name.getBoundingClientRect()))
        problems.push(`name "${text(name)}" out of view`);
      const value = key > 0 ? cells[key] : undefined;
      if (value && value.colSpan === 1 && !inView(value.getBoundingClientRect()))
        problems.push(`key number of "${text(row)}" out of view`);
    }
    const box = table.parentElement!;
    if (!wide) continue;
    if (box.scrollWidth > box.clientWidth + 0.5)
      problems.push(
        `table "${text(table)}" scrolls sideways (${box.scrollWidth} in ${box.clientWidth})`,
      );
    const edge = box.getBoundingClientRect();
    for (const cell of Array.from(table.querySelectorAll("td, th"))) {
      const r = cell.getBoundingClientRect();
      if (
        r.right > edge.right + 0.5 ||
        r.left < edge.left - 0.5 ||
        cell.scrollWidth > cell.clientWidth + 1
      )
        problems.push(`cell "${text(cell)}" outside its box`);
    }
  }
  // No word of a name, a heading or a table's code broken across lines (a CJK heading, with no
  // spaces, is one word): its text's rectangles on one line. In the reach sentence, which runs on
  // in any script, the words with a hyphen: the project's name ("project-" / "orbit-notes").
  const checks = [
    ["h1, h2, h3, nav li, th, caption, td code", /\S+/g],
    [".reach p", /\S*\w-\w\S*/g],
  ] as const;
  for (const [selector, words] of checks)
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest(".vh")) continue;
        for (const word of (node.textContent ?? "").matchAll(words)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.bottom)));
          if (tops.size > 1) problems.push(`"${word[0]}" broken across ${tops.size} lines`);
        }
      }
    }
  // A legend's swatch on the line of the word it explains.
  for (const key of Array.from(document.querySelectorAll(".legend .key"))) {
    const word = key.nextSibling;
    if (!word || word.nodeType !== Node.TEXT_NODE) continue;
    const range = document.createRange();
    range.setStart(word, 0);
    range.setEnd(word, Math.min(2, word.textContent?.length ?? 0));
    const [line] = Array.from(range.getClientRects());
    const swatch = key.getBoundingClientRect();
    if (line && (swatch.bottom < line.top || swatch.top > line.bottom))
      problems.push(`legend swatch apart from "${word.textContent?.trim()}"`);
  }
  for (const svg of Array.from(document.querySelectorAll<SVGSVGElement>("svg.trend"))) {
    const box = svg.getBoundingClientRect();
    const drawn: DOMRect[] = [];
    for (const t of Array.from(svg.querySelectorAll("text"))) {
      const r = t.getBoundingClientRect();
      if (
        drawn.some(
          (o) => o.left < r.right && r.left < o.right && o.top < r.bottom && r.top < o.bottom,
        )
      )
        problems.push(`chart text "${t.textContent}" overlaps another`);
      drawn.push(r);
      if (
        r.left < box.left - 0.5 ||
        r.right > box.right + 0.5 ||
        r.top < box.top - 0.5 ||
        r.bottom > box.bottom + 0.5
      )
        problems.push(`chart text "${t.textContent}" outside its chart`);
      const size = Number.parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 1);
      if (size < 11) problems.push(`chart text "${t.textContent}" is ${size.toFixed(1)} px`);
    }
    const plot = svg.querySelector(".grid")?.getBoundingClientRect();
    const series = svg.querySelector(".translated")?.getBoundingClientRect();
    // A single run is a point: inside the plot, clear of its left and right edges.
    const point = svg.querySelector("circle.translated")?.getBoundingClientRect();
    if (plot && point && (point.left < plot.left + 4 || point.right > plot.right - 4))
      problems.push(`the point at ${point.left.toFixed(0)} px, the plot ${plot.left.toFixed(0)}`);
    if (plot && point && (point.top < box.top || point.bottom > box.bottom))
      problems.push(`the point at ${point.top.toFixed(0)} px, outside its chart`);
    if (!plot || !series || (!point && series.width < 0.8 * plot.width))
      problems.push(
        `series ${series?.width.toFixed(0)} px wide in a plot of ${plot?.width.toFixed(0)}`,
      );
  }
  // A filter box over a table of more than 10 rows, and over no other.
  for (const table of Array.from(document.querySelectorAll<HTMLTableElement>("table.sortable"))) {
    const rows = table.tBodies[0]?.rows.length ?? 0;
    const filtered = document.querySelector(`input[aria-controls="${table.id}"]`) !== null;
    if (filtered !== rows > 10)
      problems.push(`${rows} rows ${filtered ? "with" : "without"} a filter`);
  }
  return problems;
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(o: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe.run({ resultTypes: ["violations"] }),
  );
  return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
}

if (missing && requireTools) {
  describe("the layout in Chromium", () => {
    it("has chromium to run in (CI=true: browser checks may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  describe.skipIf(missing)("the layout in Chromium: key numbers, widths, names, charts", () => {
    let browser: Browser;
    let demo: Awaited<ReturnType<typeof serveSite>>;
    let history: Awaited<ReturnType<typeof serveSite>>;
    let hyphenated: Awaited<ReturnType<typeof serveSite>>;
    let oneRun: Awaited<ReturnType<typeof serveSite>>;
    let longNames: Awaited<ReturnType<typeof serveSite>>;
    let root: string;
    beforeAll(async () => {
      root = await tempDir("l10n-layout-");
      await renderFixtureSite(join(root, "demo"), "demo", { locales: ["en", "ar", "ja"] });
      await renderFixtureSite(join(root, "hyphenated"), "hyphenated", { locales: ["en", "ar"] });
      await renderFixtureSite(join(root, "long-names"), "long-names");
      // A language page with a failed row: a glossary in Brazilian Portuguese the server never had.
      await buildStatesSite(join(root, "history"), {
        runs: MINUTES_APART,
        also: ["harbor-docs/glossary/pt_BR"],
      });
      await buildDemoSite(join(root, "one-run"));
      [browser, demo, history, hyphenated, oneRun, longNames] = await Promise.all([
        launchChromium(),
        serveSite(join(root, "demo")),
        serveSite(join(root, "history")),
        serveSite(join(root, "hyphenated")),
        serveSite(join(root, "one-run")),
        serveSite(join(root, "long-names")),
      ]);
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await demo?.close();
      await history?.close();
      await hyphenated?.close();
      await oneRun?.close();
      await longNames?.close();
    });

    for (const width of [390, 1280])
      for (const scheme of ["light", "dark"] as const)
        it(`lays out every page kind at ${width} px, ${scheme}`, async () => {
          const context = await browser.newContext({
            viewport: { width, height: 900 },
            colorScheme: scheme,
          });
          const page = await context.newPage();
          const found: string[] = [];
          try {
            const sites = [
              ["demo", demo.origin, DEMO_PAGES],
              ["history", history.origin, HISTORY_PAGES],
              ["hyphenated", hyphenated.origin, HYPHENATED_PAGES],
              ["one run", oneRun.origin, ONE_RUN_PAGES],
            ] as const;
            for (const [name, origin, paths] of sites)
              for (const path of paths) {
                await page.goto(origin + path);
                for (const p of await page.evaluate(layoutProblems, width >= 1280))
                  found.push(`${name} ${path}: ${p}`);
                if (name === "history")
                  for (const v of await axeViolations(page))
                    found.push(`${name} ${path}: axe ${v}`);
              }
            expect(found).toEqual([]);
          } finally {
            await context.close();
          }
        }, 240_000);

    it("keeps a table's every cell and Translate in view at 1280 beside names of 150 characters", async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        for (const path of LONG_NAMES_PAGES) {
          await page.goto(longNames.origin + path);
          const found = await page.evaluate(() => {
            const problems: string[] = [];
            const width = document.documentElement.clientWidth;
            for (const table of Array.from(document.querySelectorAll("table.sortable"))) {
              const box = table.parentElement!;
              if (box.scrollWidth > box.clientWidth + 0.5)
                problems.push(`table scrolls sideways (${box.scrollWidth} in ${box.clientWidth})`);
              for (const row of Array.from(table.querySelectorAll("tbody tr")))
                for (const cell of Array.from(row.children)) {
                  const r = cell.getBoundingClientRect();
                  if (
                    r.left < -0.5 ||
                    r.right > width + 0.5 ||
                    cell.scrollWidth > cell.clientWidth + 1
                  )
                    problems.push(`cell "${cell.textContent?.trim().slice(0, 30)}" out of view`);
                }
            }
            return problems;
          });
          expect(found, path).toEqual([]);
        }
        // The component page's Translate links, the call to action, are there to be in view.
        await page.goto(`${longNames.origin}/orbit-notes/application/`);
        expect(
          await page.locator("table.translations a", { hasText: "Translate" }).count(),
        ).toBeGreaterThan(0);
      } finally {
        await page.close();
      }
    }, 120_000);

    it("draws a single run's one point on every page with a trend, and says it is the only run", async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
      try {
        for (const path of ONE_RUN_PAGES) {
          await page.goto(oneRun.origin + path);
          const chart = await page.evaluate(() => {
            const svg = document.querySelector("section.trend svg.trend");
            const plot = svg?.querySelector("svg");
            const inner = plot?.getBoundingClientRect();
            const dot = svg?.querySelector("circle.translated")?.getBoundingClientRect();
            return {
              points: svg?.querySelectorAll("circle.translated").length,
              viewBox: plot?.getAttribute("viewBox"),
              // The point's centre in the plot's own units (its viewBox, 1000 across and down).
              at:
                inner && dot
                  ? [
                      (((dot.left + dot.right) / 2 - inner.left) / inner.width) * 1000,
                      (((dot.top + dot.bottom) / 2 - inner.top) / inner.height) * 1000,
                    ]
                  : undefined,
              caption: document.querySelector("section.trend figcaption")?.textContent ?? "",
              deltas: document.querySelectorAll("table.deltas").length,
            };
          });
          expect(chart.points, path).toBe(1);
          expect(chart.viewBox, path).toBe("0 0 1000 1000");
          const [x = -1, y = -1] = chart.at ?? [];
          expect(x > 0 && x < 1000 && y >= 0 && y <= 1000, `${path}: ${chart.at}`).toBe(true);
          expect(chart.caption, path).toMatch(/One run so far, on Nov 21, 2026: \d+(\.\d)?% \(/);
          // Nothing to compare with yet: no deltas.
          expect(chart.deltas, path).toBe(0);
        }
      } finally {
        await page.close();
      }
    }, 120_000);
  });
}
