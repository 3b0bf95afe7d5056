/// <reference lib="dom" />
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
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

// The site in its readers' languages, in Chromium: the Arabic pages right to left at phone and
// desktop widths, light and dark (axe 0 violations, no sideways scroll, the layout mirrored, the
// numbers left to right), and the table script speaking and reading numbers in each locale.

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const missing = missingTool({ chromium: true });

/** One page of each type, under /ar/. */
const AR_PAGES: Record<string, string> = {
  overview: "/ar/",
  project: "/ar/orbit-notes/",
  component: "/ar/orbit-notes/application/",
  translation: "/ar/orbit-notes/application/de/",
  "empty glossary translation": "/ar/harbor-docs/glossary/de/",
  language: "/ar/languages/de/",
  "languages index": "/ar/languages/",
  "badges index": "/ar/badges/",
};

type Axe = {
  axe: {
    run: (o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
  };
};

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as unknown as Axe).axe.run({ resultTypes: ["violations"] });
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

if (missing && requireTools) {
  describe("the localized site in Chromium", () => {
    it("has chromium to run in (CI=true: browser checks may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  if (missing) console.warn(`skipping the localized browser tests: ${missing}`);
  describe.skipIf(missing)("the localized site in Chromium", () => {
    let browser: Browser;
    let site: Awaited<ReturnType<typeof serveSite>>;
    beforeAll(async () => {
      const out = join(await tempDir("l10n-locales-"), "out");
      await renderFixtureSite(out, "demo", { locales: ["en", "de", "ar", "ja"] });
      [browser, site] = await Promise.all([launchChromium(), serveSite(out)]);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    async function open(width: number, scheme: "light" | "dark") {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme: scheme,
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(`console: ${m.text()}`);
      });
      page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
      return { page, problems, close: () => context.close() };
    }

    for (const width of [390, 1280]) {
      for (const scheme of ["light", "dark"] as const) {
        it(`Arabic at ${width} px, ${scheme}: axe 0 violations and no sideways scroll on every page type`, async () => {
          const { page, problems, close } = await open(width, scheme);
          try {
            for (const [type, path] of Object.entries(AR_PAGES)) {
              expect((await page.goto(site.origin + path))!.status(), type).toBe(200);
              expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
              expect(await axeViolations(page), `${type} (${path})`).toEqual([]);
              expect(await overflow(page), `${type}: sideways scroll`).toBeLessThanOrEqual(0);
            }
            expect(problems).toEqual([]);
          } finally {
            await close();
          }
        }, 180_000);
      }
    }

    it("mirrors the Arabic layout: first column and bars from the right, numbers left to right", async () => {
      const { page, close } = await open(390, "light");
      try {
        await page.goto(`${site.origin}/ar/orbit-notes/application/`);
        const row = page.locator("#translations tbody tr").first();
        const name = (await row.locator("th").boundingBox())!;
        const bar = (await row.locator(".bar").boundingBox())!;
        // The language column is on the right, the bar to its left.
        expect(name.x).toBeGreaterThan(bar.x);
        // The bar's translated part (::before) starts at its right edge.
        const fill = await row.locator(".bar").evaluate((el) => {
          const box = el.getBoundingClientRect();
          const width = parseFloat(getComputedStyle(el, "::before").width);
          return { direction: getComputedStyle(el).direction, right: box.right, width };
        });
        expect(fill.direction).toBe("rtl");
        expect(fill.width).toBeGreaterThan(0);
        // A percent reads left to right: its first digit left of its percent sign.
        const order = await row
          .locator("td")
          .nth(0)
          .evaluate((cell) => {
            const text = cell.firstChild!;
            const range = document.createRange();
            const at = (i: number) => {
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              return range.getBoundingClientRect().x;
            };
            const value = text.textContent!;
            return { text: value, first: at(0), percent: at(value.indexOf("%")) };
          });
        expect(order.text).toMatch(/^\d/);
        expect(order.first).toBeLessThan(order.percent);
        // The header's first item (the breadcrumb) starts at the right.
        const crumb = (await page.locator("header.site nav li").first().boundingBox())!;
        expect(crumb.x + crumb.width).toBeGreaterThan(300);
      } finally {
        await close();
      }
    });

    it("shows the embed snippets left to right on Arabic pages, as they are copied", async () => {
      const { page, close } = await open(390, "light");
      try {
        for (const path of ["/ar/badges/", "/ar/orbit-notes/application/de/"]) {
          await page.goto(`${site.origin}${path}`);
          const snippets = await page
            .locator("textarea")
            .evaluateAll((areas) =>
              areas.map((a) => ({ direction: getComputedStyle(a).direction, text: a.textContent })),
            );
          expect(snippets.length, path).toBeGreaterThan(0);
          // Markdown and HTML are code: mirrored, "[![alt](url)](link)" would show as "[alt]!)...".
          for (const s of snippets) expect(s.direction, `${path}: ${s.text}`).toBe("ltr");
        }
      } finally {
        await close();
      }
    });

    it("sorts and filters in the page's words and numbers: German decimals, Arabic labels", async () => {
      const { page, problems, close } = await open(1280, "light");
      try {
        await page.goto(`${site.origin}/de/orbit-notes/application/`);
        // "73,4 %": German decimals read back as numbers, so the column sorts by value.
        const header = page.locator("#translations thead th").nth(1);
        const values = () =>
          page
            .locator("#translations tbody tr td:nth-of-type(1)")
            .evaluateAll((cells) =>
              cells.map((c) => Number(c.textContent!.replace(/\s|%/g, "").replace(",", "."))),
            );
        // As text "100 %" would come before "23,4 %": ascending by value proves they were read.
        await header.locator("button").click();
        expect(await header.getAttribute("aria-sort")).toBe("ascending");
        const ascending = await values();
        expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
        expect(ascending[0]).toBeLessThan(ascending.at(-1)!);
        await header.locator("button").click();
        expect(await values()).toEqual([...ascending].reverse());
        expect(await page.locator("label.filter").first().textContent()).toBe("Sprachen filtern");
        await page.goto(`${site.origin}/ar/orbit-notes/application/`);
        expect(await page.locator("label.filter").first().textContent()).toBe("تصفية اللغات");
        await page.locator("label.filter input").first().fill("zz-none");
        expect(await page.locator("p.vh[aria-live]").textContent()).toMatch(/^عُرض 0 من /);
        await page.goto(`${site.origin}/ja/orbit-notes/application/`);
        expect(await page.locator("label.filter").first().textContent()).toBe("言語を絞り込む");
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });

    it("switches language from any page to the same page in another locale", async () => {
      const { page, close } = await open(390, "dark");
      try {
        await page.goto(`${site.origin}/orbit-notes/application/de/`);
        await page.locator('nav.locales a[lang="ja"]').click();
        expect(new URL(page.url()).pathname).toBe("/ja/orbit-notes/application/de/index.html");
        expect(await page.evaluate(() => document.documentElement.lang)).toBe("ja");
        expect(await axeViolations(page)).toEqual([]);
        await page.locator('nav.locales a[lang="en"]').click();
        expect(new URL(page.url()).pathname).toBe("/orbit-notes/application/de/index.html");
      } finally {
        await close();
      }
    });
  });
}
