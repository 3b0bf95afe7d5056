import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "node-html-parser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { renderSite } from "../../src/render/render-site.js";
import { launchChromium, missingTool, requireTools, serveSite } from "../helpers/browser.js";
import { manyComponentsSnapshot } from "../helpers/many-components.js";
import { tempDir } from "../helpers/temp-dir.js";

// A scheduled site across runs into the same folder: 101 components (split by project), 40 (whole
// again, far under the threshold), 101. A reader following the link a component's page gave in
// the first run (badges/<project>/index.html#id) still reaches that component's widgets in
// Chromium, through 404.html while the page is whole.

const missing = missingTool({ chromium: true });

if (missing && requireTools) {
  describe("a badges page split and joined in Chromium", () => {
    it("has chromium to run in (CI=true: browser checks may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  describe.skipIf(missing)("a badges page split and joined in Chromium", () => {
    let browser: Browser;
    let page: Page;
    beforeAll(async () => {
      browser = await launchChromium();
      page = await browser.newPage();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it("leads an old project badges address to the whole page's same id", async () => {
      const out = join(await tempDir("l10n-joined-"), "out");
      const site = siteOptionsSchema.parse({ locales: ["en", "de"] });
      const run = (omit: number[]) =>
        renderSite(
          manyComponentsSnapshot({ projects: 1, components: 101, languages: 1, omit }),
          out,
          site,
        );
      await run([]);
      const component = parse(readFileSync(join(out, "project0/component5/index.html"), "utf8"));
      const link = component
        .querySelectorAll("a[href]")
        .map((a) => a.getAttribute("href") ?? "")
        .find((href) => href.includes("badges/project0/index.html#"));
      expect(link).toBe("../../badges/project0/index.html#c-project0/component5");
      const id = (link ?? "").split("#")[1] ?? "";
      // 40 components left (component5 among them), its id still its own.
      await run(Array.from({ length: 61 }, (_, n) => 40 + n));
      expect(existsSync(join(out, "badges/project0/index.html"))).toBe(false);
      const server = await serveSite(out);
      try {
        for (const folder of ["", "de/"]) {
          const response = await page.goto(
            `${server.origin}/${folder}badges/project0/index.html#${id}`,
          );
          expect(response?.status()).toBe(404);
          await page.waitForURL(`${server.origin}/${folder}badges/index.html#${id}`);
          expect(await page.locator(":target").textContent()).toContain("component5");
          await page.goto(`${server.origin}/${folder}badges/project0/`);
          await page.waitForURL(`${server.origin}/${folder}badges/index.html`);
        }
        // A missing address below a project's badges folder stays the 404 page.
        await page.goto(`${server.origin}/badges/project0/component5/`);
        await page.waitForTimeout(300);
        expect(page.url()).toBe(`${server.origin}/badges/project0/component5/`);
        // So does a missing file beside the projects' folders: a badge's address is no page.
        for (const file of ["badges/gone.svg", "badges/gone.json"]) {
          const missing = await page.goto(`${server.origin}/${file}`);
          expect(missing?.status()).toBe(404);
          await page.waitForTimeout(300);
          expect(page.url()).toBe(`${server.origin}/${file}`);
        }
        // Split again: the page is back, its id on it.
        await run([]);
        const response = await page.goto(`${server.origin}/badges/project0/index.html#${id}`);
        expect(response?.status()).toBe(200);
        expect(await page.locator(":target").textContent()).toContain("component5");
      } finally {
        await server.close();
      }
    }, 120_000);
  });
}
