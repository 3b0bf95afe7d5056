/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { renderSite } from "../../src/render/render-site.js";
import { launchChromium, missingTool, requireTools, serveSite } from "../helpers/browser.js";
import { fileSegment } from "../../src/site/site-paths.js";
import { HOSTILE_SLUG, manyComponentsSnapshot } from "../helpers/many-components.js";
import { tempDir } from "../helpers/temp-dir.js";

// A large instance's badges pages in Chromium at a phone's width: badges/index.html split by
// project (3 projects x 40 components, names of 120 characters without a space), a link to a
// component's widgets followed to its project's badges page, and an id of before found.

const missing = missingTool({ chromium: true });

if (missing && requireTools) {
  describe("the split badges pages in Chromium", () => {
    it("has chromium to run in (CI=true: browser checks may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  describe.skipIf(missing)("the split badges pages in Chromium", () => {
    let browser: Browser;
    let site: Awaited<ReturnType<typeof serveSite>>;
    let page: Page;
    const problems: string[] = [];
    beforeAll(async () => {
      const out = await tempDir("l10n-badges-pages-");
      const snapshot = manyComponentsSnapshot({
        projects: 3,
        components: 40,
        languages: 2,
        hostile: true,
        longNames: true,
      });
      await renderSite(snapshot, out, siteOptionsSchema.parse({ title: "Big" }));
      [browser, site] = await Promise.all([launchChromium(), serveSite(out)]);
      page = await browser.newPage({ viewport: { width: 390, height: 800 } });
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(m.text());
      });
      page.on("pageerror", (e) => problems.push(e.message));
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );

    it("scrolls neither badges/index.html nor a project's badges page sideways at 390 px", async () => {
      expect((await page.goto(`${site.origin}/badges/`))?.status()).toBe(200);
      expect(await overflow()).toBeLessThanOrEqual(0);
      const pages = await page
        .locator("main section p a:not([id])")
        .evaluateAll((links) => links.map((a) => (a instanceof HTMLAnchorElement ? a.href : "")))
        .then((links) => links.filter((url) => url.startsWith(`${site.origin}/badges/`)));
      expect(pages.length).toBe(3);
      for (const url of pages) {
        expect((await page.goto(url))?.status(), url).toBe(200);
        expect(await page.locator("main section").count(), url).toBe(41);
        expect(await overflow(), url).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
    }, 120_000);

    it("leads a link to a component's widgets to them on its project's page", async () => {
      // The hostile slug's component: its id is made of file segments, an id and a fragment alike.
      const id = `c-${fileSegment(HOSTILE_SLUG)}/component5`;
      await page.goto(`${site.origin}/badges/#${id}`);
      const link = page.locator(`a[id="${id}"]`);
      await expect.poll(() => link.isVisible()).toBe(true);
      await link.click();
      await page.waitForURL((url) => url.hash === `#${id}` && url.pathname !== "/badges/");
      expect(new URL(page.url()).pathname).toMatch(/^\/badges\/a%2520b[^/]+\/index\.html$/);
      const heading = page.locator(`h2[id="${id}"]`);
      expect(await heading.textContent()).toMatch(/\/ Unbroken.*component5$/);
      const section = page.locator("section", { has: heading });
      expect(await section.locator("textarea").count()).toBe(8);
      // The section's heading scrolled into view: the reader is at the component's widgets.
      const box = await heading.boundingBox();
      expect(box?.y ?? -10).toBeGreaterThan(-1);
      expect(box?.y ?? 10_000).toBeLessThan(800);
      // An id of before (a position: the third project's sixth component, as sorted) still finds
      // the link to the component now at that place, in view.
      await page.goto(`${site.origin}/badges/#p2c5`);
      const next = page.locator("#p2c5 + a");
      expect(await next.getAttribute("id")).toBe("c-project2/component13");
      const at = await next.boundingBox();
      expect(at?.y ?? -10).toBeGreaterThan(-1);
      expect(at?.y ?? 10_000).toBeLessThan(800);
      expect(problems).toEqual([]);
    }, 60_000);
  });
}
