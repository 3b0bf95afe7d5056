/// <reference lib="dom" />
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, missingTool, requireTools, serveSite } from "../helpers/browser.js";
import { buildStatesSite, STATES_RUNS, type StatesRun } from "../helpers/states-site.js";
import { pageTime } from "../helpers/page-time.js";
import { tempDir } from "../helpers/temp-dir.js";

// The site a scheduled job publishes after three runs (test/helpers/states-site.ts: numbers that
// changed, a failed list, a removed translation, one that never was), in Chromium on a phone:
// the pages with history (trend, deltas, "since the last run") and the stale, failed and
// removed states fit 390 px without sideways scrolling and pass axe, light and dark.

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const missing = missingTool({ chromium: true });
const time = pageTime;

/** The pages that show each state, under the site's root. */
const STATE_PAGES: Record<string, string> = {
  "overview (deltas, changes, stale lines)": "/",
  "project with a stale component": "/orbit-notes/",
  "component, every row stale": "/orbit-notes/website/",
  "stale translation": "/orbit-notes/website/de/",
  "changed translation (deltas)": "/tinygrep/cli/de/",
  "removed translation": "/tinygrep/man-pages/fr/",
  "component with a removed row gone": "/tinygrep/man-pages/",
};

if (missing && requireTools) {
  describe("the states site in Chromium", () => {
    it("has chromium to run in (CI=true: browser checks may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  describe.skipIf(missing)("the states site in Chromium: a phone, after three runs", () => {
    let browser: Browser;
    let site: Awaited<ReturnType<typeof serveSite>>;
    let dir: string;
    let runs: StatesRun[];
    beforeAll(async () => {
      dir = join(await tempDir("l10n-states-browser-"), "out");
      runs = await buildStatesSite(dir);
      [browser, site] = await Promise.all([launchChromium(), serveSite(dir)]);
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    async function open(scheme: "light" | "dark"): Promise<{ page: Page; close(): Promise<void> }> {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: scheme,
      });
      return { page: await context.newPage(), close: () => context.close() };
    }
    const overflow = (page: Page) =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );

    it("was built by three runs: the third with a failed list and a failed translation (exit 1)", () => {
      expect(runs.map((r) => r.code)).toEqual([1, 1, 1]);
      expect(runs[2]?.stderr).toContain("failed orbit-notes/website/*");
    });

    it("scrolls no page sideways at 390 px; the deltas table fits", async () => {
      const { page, close } = await open("light");
      try {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        const paths = entries
          .filter((e) => e.isFile() && e.name.endsWith(".html"))
          .map((e) => `/${join(e.parentPath, e.name).slice(dir.length + 1)}`);
        expect(paths.length).toBeGreaterThan(60);
        const wide: string[] = [];
        for (const path of paths) {
          await page.goto(site.origin + path);
          if ((await overflow(page)) > 0) wide.push(path);
        }
        expect(wide).toEqual([]);
        await page.goto(`${site.origin}/`);
        const deltas = await page.locator("table.deltas").first().boundingBox();
        expect(deltas?.width).toBeLessThanOrEqual(390);
        expect(await page.locator("table.deltas tbody tr").count()).toBeGreaterThan(0);
      } finally {
        await close();
      }
    }, 300_000);

    for (const scheme of ["light", "dark"] as const)
      it(`passes axe on each state's page at 390 px, ${scheme}`, async () => {
        const { page, close } = await open(scheme);
        try {
          for (const [what, path] of Object.entries(STATE_PAGES)) {
            expect((await page.goto(site.origin + path))?.status(), what).toBe(200);
            await page.evaluate(axeSource);
            const violations = await page.evaluate(async () => {
              const axe = (window as unknown as { axe: { run(o: unknown): Promise<unknown> } }).axe;
              const result = (await axe.run({ resultTypes: ["violations"] })) as {
                violations: { id: string; nodes: { target: string[] }[] }[];
              };
              return result.violations.map(
                (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
              );
            });
            expect(violations, what).toEqual([]);
          }
        } finally {
          await close();
        }
      }, 120_000);

    it("shows each state as a reader sees it: stale since, failed: reason, removed", async () => {
      const { page, close } = await open("light");
      try {
        await page.goto(`${site.origin}/orbit-notes/website/`);
        await expect
          .poll(() => page.locator("table.translations .tag.stale").first().textContent())
          .toBe(`stale since ${time(STATES_RUNS[2])}`);
        expect(await page.locator(".stale-line").textContent()).toMatch(
          `stale since ${time(STATES_RUNS[2])}: numbers of ${time(STATES_RUNS[1])} for 8 tracked translations; failed: list orbit-notes/website/*: 500 Internal Server Error`,
        );
        await page.goto(`${site.origin}/tinygrep/man-pages/fr/`);
        expect(await page.locator("h1").textContent()).toContain("removed");
        const badge = await page.request.get(`${site.origin}/badges/tinygrep/man-pages/fr.json`);
        expect(await badge.json()).toMatchObject({ message: "removed", color: "lightgrey" });
        await page.goto(`${site.origin}/`);
        // The failed list, named on the overview with its reason; its translations stale below.
        expect(await page.locator(".failed-line").first().textContent()).toBe(
          "failed: 500 Internal Server Error orbit-notes/website/*",
        );
        // A component with no usable translation: its failure, not "no strings" or "–".
        const glossary = page.locator('section.project:has(h2 a[href^="harbor-docs/"]) tbody tr');
        expect(await glossary.textContent()).toBe("glossaryfailed: 404 Not Found1");
        expect(
          await page
            .locator('section.project:has(h2 a[href^="harbor-docs/"]) h2 img')
            .getAttribute("alt"),
        ).toBe("translated: not found");
        // A translation that failed with nothing earlier to show: "failed: <reason>".
        await page.goto(`${site.origin}/harbor-docs/glossary/`);
        expect(await page.locator("table.translations .tag.failed").first().textContent()).toBe(
          "failed: 404 Not Found",
        );
      } finally {
        await close();
      }
    }, 60_000);
  });
}
