/// <reference lib="dom" />
import { join } from "node:path";
import { makeBadge } from "badge-maker";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeSvg } from "../../src/badges/badge-svg.js";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { syntheticRecords, syntheticTriples } from "../../src/demo/synthetic-data.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { renderSite } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { launchChromium, missingTool, requireTools, serveSite } from "../helpers/browser.js";
import { tempDir } from "../helpers/temp-dir.js";

// The compact badge SVG (each text once, its shadows drawn from it with <use>) against
// badge-maker's own, in Chromium: the same pixels, at four times the size. And a site the budget
// left without translation pages: an old translation page's address leads to its row.

const missing = missingTool({ chromium: true });

const BADGES = [
  { label: "translated", message: "84%", color: "yellow" },
  { label: "translated", message: "100%", color: "brightgreen" },
  { label: "", message: "7%", color: "red" },
  { label: "übersetzt <&>", message: "no strings", color: "lightgrey" },
  { label: "languages ≥90%", message: "12 of 200", color: "blue" },
] as const;

if (missing && requireTools) {
  describe("badges in Chromium", () => {
    it("has chromium to run in (CI=true: browser checks may not be skipped)", () => {
      throw new Error(missing);
    });
  });
} else {
  describe.skipIf(missing)("badges in Chromium", () => {
    let browser: Browser;
    let page: Page;
    beforeAll(async () => {
      browser = await launchChromium();
      page = await browser.newPage({ deviceScaleFactor: 4 });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    const shot = async (svg: string) => {
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
      await page.setContent(`<body style="margin:0;background:#fff"><img src="${src}"></body>`);
      await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
      return page.locator("img").screenshot();
    };

    it.each(["flat", "plastic"] as const)(
      "%s: the compact SVG draws badge-maker's pixels",
      async (style) => {
        for (const badge of BADGES) {
          const original = await shot(makeBadge({ ...badge, style }));
          const compact = await shot(badgeSvg(badge, style));
          expect(compact.equals(original), `${style} ${badge.message}`).toBe(true);
        }
      },
      60_000,
    );

    it("draws a plain badge's words inside their parts, on badge-maker's colours", async () => {
      for (const badge of BADGES) {
        const plain = badgeSvg(badge, "flat", "plain");
        const original = makeBadge({ ...badge, style: "flat" });
        // badge-maker's parts: the left's width and colour, the right's.
        const [, lw, lc, rw, rc] =
          /<rect width="([\d.]+)" height="20" fill="([^"]+)"\/><rect x="[\d.]+" width="([\d.]+)" height="20" fill="([^"]+)"\/>/.exec(
            original,
          ) ?? [];
        const left = Number(lw);
        const parts = left > 0 ? [{ from: 0, to: left, colour: lc }] : [];
        parts.push({ from: left, to: left + Number(rw), colour: rc });
        // Drawn as a picture: each part's colour where no word is (its top row, away from the ends).
        const src = `data:image/svg+xml;base64,${Buffer.from(plain).toString("base64")}`;
        const colours = await page.evaluate(
          async ({ src, xs }) => {
            const img = new Image();
            img.src = src;
            await img.decode();
            const canvas = document.createElement("canvas");
            canvas.width = img.width;
            canvas.height = img.height;
            const context = canvas.getContext("2d")!;
            context.drawImage(img, 0, 0);
            return xs.map((x) => {
              const [r, g, b] = context.getImageData(x, 2, 1, 1).data;
              return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, "0")).join("")}`;
            });
          },
          { src, xs: parts.map((p) => Math.floor((p.from + p.to) / 2)) },
        );
        expect(colours, badge.message).toEqual(parts.map((p) => longHex(p.colour!)));
        // Inline, in Chromium's fonts: the words badge-maker writes, each inside its own part.
        await page.setContent(`<body style="margin:0">${plain}</body>`);
        const texts = await page.locator("svg text").evaluateAll((nodes) =>
          nodes.map((node) => {
            const box = (node as SVGTextElement).getBBox();
            return { words: node.textContent, from: box.x, to: box.x + box.width };
          }),
        );
        const words = [badge.label, badge.message].filter((w) => w);
        expect(texts.map((t) => t.words)).toEqual(words);
        texts.forEach((t, i) => {
          const part = parts[i]!;
          expect(t.from, `${t.words}`).toBeGreaterThan(part.from + 1);
          expect(t.to, `${t.words}`).toBeLessThan(part.to - 1);
        });
      }
    }, 60_000);

    it("leads an old translation page's address to its row on a site without them", async () => {
      const size = { projects: 1, components: 2, languages: 12 };
      const base = "https://weblate.example";
      const records = syntheticRecords(size)(base);
      const triples = syntheticTriples(size).map((key) => parseTripleString(key).triple!);
      const snapshot = toSnapshot(
        triples.map((triple, i) => toEntry({ triple, body: records[i] }, { baseUrl: base })),
        { baseUrl: base, triples, now: new Date("2026-11-21T12:00:00Z") },
      );
      const out = join(await tempDir("l10n-moved-"), "out");
      // Full, then without the gloss, then with compact exports, then without translation pages:
      // each just too large.
      let max = 1_000_000_000;
      for (let i = 0; i < 4; i++) {
        const { budget, bytes } = await renderSite(
          snapshot,
          out,
          siteOptionsSchema.parse({ maxBytes: max }),
        );
        expect(budget.leftOut).toHaveLength(i);
        max = bytes - 1;
      }
      const server = await serveSite(out);
      try {
        const response = await page.goto(`${server.origin}/project0/component1/l005/`);
        expect(response?.status()).toBe(404);
        await page.waitForURL(/#t-l005$/);
        expect(page.url()).toBe(`${server.origin}/project0/component1/#t-l005`);
        const row = page.locator("tr:target");
        expect(await row.locator("th").textContent()).toContain("Language 005");
        // Any other missing address stays the 404 page.
        await page.goto(`${server.origin}/project0/component9/l005/`);
        await page.waitForTimeout(300);
        expect(page.url()).toBe(`${server.origin}/project0/component9/l005/`);
      } finally {
        await server.close();
      }
    }, 120_000);
  });
}

/** A colour as #rrggbb: "#4c1" is "#44cc11". */
function longHex(colour: string): string {
  const hex = colour.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}
