/// <reference lib="dom" />
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchChromium,
  missingTool,
  renderFixtureSite,
  requireTools,
  serveSite,
} from "../helpers/browser.js";
import { tempDir } from "../helpers/temp-dir.js";

// The site in a real browser: Debian's chromium, driven by playwright-core. Every page type at
// desktop and phone widths, light and dark, through axe-core; no page scrolls sideways on a
// phone; no console error; no request leaves the site; sorting and filtering by keyboard.

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const missing = missingTool({ chromium: true });
const WIDTHS = [1280, 390] as const;
const SCHEMES = ["light", "dark"] as const;

/** One page of each type of the demo site, as a path under the site's root. */
const PAGE_TYPES: Record<string, string> = {
  overview: "/",
  project: "/orbit-notes/",
  component: "/orbit-notes/application/",
  translation: "/orbit-notes/application/ar/",
  "empty glossary translation": "/harbor-docs/glossary/de/",
  "failed-free language": "/languages/de/",
  "languages index": "/languages/",
  "badges index": "/badges/",
  "404 at depth": "/orbit-notes/application/no/such/page",
};

async function htmlPages(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) =>
      `/${join(e.parentPath, e.name)
        .slice(root.length + 1)
        .split("\\")
        .join("/")}`.replace(/index\.html$/, ""),
    );
}

if (missing && requireTools) {
  describe("the site in Chromium", () => {
    it("has chromium to run in (CI=true: browser checks may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  if (missing) console.warn(`skipping the browser tests: ${missing}`);
  describe.skipIf(missing)(`the site in Chromium${missing ? ` (skipped: ${missing})` : ""}`, () => {
    let browser: Browser;
    let demo: Awaited<ReturnType<typeof serveSite>>;
    let big: Awaited<ReturnType<typeof serveSite>>;
    let long: Awaited<ReturnType<typeof serveSite>>;
    let demoDir: string;
    let bigDir: string;
    let longDir: string;
    beforeAll(async () => {
      const root = await tempDir("l10n-browser-");
      demoDir = join(root, "demo");
      bigDir = join(root, "big");
      await renderFixtureSite(demoDir, "demo");
      longDir = join(root, "long");
      await renderFixtureSite(bigDir, { components: 3, languages: 200 });
      await renderFixtureSite(longDir, "long-names");
      [browser, demo, big, long] = await Promise.all([
        launchChromium(),
        serveSite(demoDir),
        serveSite(bigDir),
        serveSite(longDir),
      ]);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await demo?.close();
      await big?.close();
      await long?.close();
    });

    /** A page that records console errors and every request outside `origin` (which it blocks). */
    async function openPage(origin: string, width: number, scheme: "light" | "dark") {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme: scheme,
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        // The browser reports the 404 status of a missing page, which is what a missing page is.
        if (
          m.type() === "error" &&
          !(m.text().includes("status of 404") && m.location().url === page.url())
        )
          problems.push(`console: ${m.text()}`);
      });
      page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
      await context.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`)) return route.continue();
        problems.push(`request outside the site: ${url}`);
        return route.abort();
      });
      return { page, problems, close: () => context.close() };
    }

    const overflow = (page: Page) =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );

    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        it(`passes axe on every page type at ${width} px, ${scheme}, with no console error, no outside request, no sideways scroll`, async () => {
          const { page, problems, close } = await openPage(demo.origin, width, scheme);
          try {
            for (const [type, path] of Object.entries(PAGE_TYPES)) {
              const response = await page.goto(demo.origin + path);
              expect(response!.status(), type).toBe(type.startsWith("404") ? 404 : 200);
              await page.evaluate(axeSource);
              const violations = await page.evaluate(async () => {
                const result = await (
                  window as unknown as {
                    axe: {
                      run: (
                        o: unknown,
                      ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
                    };
                  }
                ).axe.run({ resultTypes: ["violations"] });
                return result.violations.map(
                  (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
                );
              });
              expect(violations, `${type} (${path})`).toEqual([]);
              expect(await overflow(page), `${type}: sideways scroll`).toBeLessThanOrEqual(0);
            }
            expect(problems).toEqual([]);
          } finally {
            await close();
          }
        }, 120_000);
      }
    }

    it("scrolls no page of the demo site, of a 200-language site, or of a site with long unbroken names, sideways at 390 px", async () => {
      for (const [site, dir] of [
        [demo, demoDir],
        [big, bigDir],
        [long, longDir],
      ] as const) {
        const { page, problems, close } = await openPage(site.origin, 390, "light");
        try {
          const wide: string[] = [];
          const all = await htmlPages(dir);
          expect(all.length).toBeGreaterThan(site === big ? 800 : 40);
          // Every page of the demo. Of the 200-language site's 600 translation pages and 200
          // language pages, which share two templates and differ only in their numbers, every
          // tenth; every other page (overview, project, components, indexes, 404) whole.
          const paths =
            site !== big
              ? all
              : all.filter(
                  (p, i) =>
                    !/^\/(project0\/component\d+|languages)\/[^/]+\/$/.test(p) || i % 10 === 0,
                );
          for (const path of paths) {
            await page.goto(site.origin + path);
            if ((await overflow(page)) > 0) wide.push(path);
          }
          expect(wide).toEqual([]);
          expect(problems).toEqual([]);
        } finally {
          await close();
        }
      }
    }, 300_000);

    it("keeps the 200-language matrix readable: a row per language, the first column in view while it scrolls", async () => {
      const { page, close } = await openPage(big.origin, 390, "light");
      try {
        await page.goto(`${big.origin}/project0/`);
        expect(await page.locator("table.matrix tbody tr").count()).toBe(200);
        const first = page.locator("table.matrix tbody tr").first().locator("th");
        const before = await first.boundingBox();
        await page.locator(".scroll").evaluate((box) => (box.scrollLeft = 400));
        expect((await first.boundingBox())!.x).toBeCloseTo(before!.x, 0);
        expect(await page.locator(".hint").isVisible()).toBe(true);
      } finally {
        await close();
      }
    });

    it("sorts and filters a table with the keyboard", async () => {
      const { page, problems, close } = await openPage(demo.origin, 390, "light");
      try {
        await page.goto(`${demo.origin}/orbit-notes/application/`);
        const names = () =>
          page
            .locator("#translations tbody tr:not([hidden]) th a")
            .evaluateAll((links) => links.map((a) => a.firstChild!.textContent!.trim()));
        const headers = () =>
          page
            .locator("#translations tbody tr:not([hidden]) th")
            .evaluateAll((cells) => cells.map((c) => c.textContent!.toLowerCase()));
        const percents = () =>
          page
            .locator("#translations tbody tr td:nth-of-type(1)")
            .evaluateAll((cells) => cells.map((c) => Number(c.textContent!.replace("%", ""))));
        const initial = await percents();
        expect(initial).toEqual([...initial].sort((a, b) => b - a));
        // Tab from the top of the page to the filter box, then on to the first sort button.
        let focused = "";
        for (let i = 0; i < 40 && focused !== "filter"; i++) {
          await page.keyboard.press("Tab");
          focused = await page.evaluate(() =>
            document.activeElement?.id.startsWith("filter-") ? "filter" : "",
          );
        }
        expect(focused).toBe("filter");
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Language");
        await page.keyboard.press("Enter");
        const sorted = await names();
        expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
        expect(await page.locator("#translations thead th").first().getAttribute("aria-sort")).toBe(
          "ascending",
        );
        await page.keyboard.press("Enter");
        expect(await names()).toEqual([...sorted].reverse());
        await page.keyboard.press("Shift+Tab");
        await page.keyboard.type("an");
        // The filter matches the row's header: the English name, the native one and the tags.
        const shown = await headers();
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.length).toBeLessThan(13);
        for (const name of shown) expect(name).toContain("an");
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });

    it("keeps the bars visible in forced colours and in print", async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        forcedColors: "active",
      });
      try {
        const page = await context.newPage();
        await page.goto(`${demo.origin}/orbit-notes/application/`);
        // The translated part is the bar's ::before.
        const look = () =>
          // The last translation (not-started rows, 0%, come after it).
          page
            .locator("tbody tr:not(.notstarted) .bar")
            .last()
            .evaluate((el) => ({
              width: parseFloat(getComputedStyle(el, "::before").width),
              background: getComputedStyle(el, "::before").backgroundColor,
              track: getComputedStyle(el).backgroundColor,
            }));
        const forced = await look();
        expect(forced.width).toBeGreaterThan(0);
        // Forced colours drop author backgrounds unless the bar opts out: translated must differ
        // from the track.
        expect(forced.background).not.toBe(forced.track);
        expect(forced.background).not.toBe("rgba(0, 0, 0, 0)");
        await page.emulateMedia({ media: "print", forcedColors: "none" });
        const printed = await look();
        expect(printed.width).toBeGreaterThan(0);
        expect(
          await page
            .locator(".bar")
            .first()
            .evaluate((el) => getComputedStyle(el).printColorAdjust),
        ).toBe("exact");
      } finally {
        await context.close();
      }
    });

    it("leads back to the site from the 404 page at any depth", async () => {
      const { page, problems, close } = await openPage(demo.origin, 1280, "light");
      try {
        await page.goto(`${demo.origin}/a/b/c/missing.html`);
        await page.locator("main a").first().click();
        expect(new URL(page.url()).pathname).toBe("/index.html");
        expect(await page.locator("h1").textContent()).toBe("Demo translation status");
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });
  });
}
