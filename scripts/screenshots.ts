/// <reference lib="dom" />
// `npm run screenshots`: the docs' pictures, taken in Chromium from the demo site: the
// component page on a desktop and on a phone, a multi-language chart, the reach panel of the
// overview, a component's table with its not-started languages, and the overview in each
// shipped locale (docs/overview-<locale>.png; Japanese needs a CJK font, e.g. Debian's
// fonts-ipafont-gothic or fonts-noto-cjk). And docs/STATES.md's, from the site a scheduled job
// publishes after three runs with faults (test/helpers/states-site.ts): a stale component, a
// failed translation, a removed one, the history on a phone.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  launchChromium,
  missingTool,
  renderFixtureSite,
  serveSite,
} from "../test/helpers/browser.js";
import { buildStatesSite } from "../test/helpers/states-site.js";

const docs = fileURLToPath(new URL("../docs/", import.meta.url));
const missing = missingTool({ chromium: true });
if (missing) {
  console.error(`screenshots: ${missing}`);
  process.exit(2);
}
const root = await mkdtemp(join(tmpdir(), "l10n-screens-"));
await renderFixtureSite(join(root, "out"), "demo", { locales: ["en", "de", "ar", "ja"] });
await buildStatesSite(join(root, "states"));
const site = await serveSite(join(root, "out"));
const states = await serveSite(join(root, "states"));
const browser = await launchChromium();
try {
  const shots: {
    file: string;
    path: string;
    width: number;
    height: number;
    scheme: "light" | "dark";
    element?: string;
    /** The states site instead of the demo. */
    states?: true;
  }[] = [
    {
      file: "component-page.png",
      path: "/orbit-notes/application/",
      width: 1280,
      height: 900,
      scheme: "light",
    },
    {
      file: "component-page-phone.png",
      path: "/orbit-notes/application/",
      width: 390,
      height: 844,
      scheme: "dark",
    },
    {
      file: "widgets-chart.png",
      path: "/badges/",
      width: 1280,
      height: 900,
      scheme: "light",
      element: 'img[src$="orbit-notes/application.chart.svg"]',
    },
    {
      file: "reach-panel.png",
      path: "/",
      width: 1280,
      height: 900,
      scheme: "light",
      element: "section.reach",
    },
    {
      file: "not-started.png",
      path: "/orbit-notes/website/",
      width: 1280,
      height: 900,
      scheme: "light",
      element: "table.translations",
    },
    {
      file: "state-stale.png",
      path: "/orbit-notes/website/",
      width: 1280,
      height: 900,
      scheme: "light",
      element: "main",
      states: true,
    },
    {
      file: "state-overview.png",
      path: "/",
      width: 1280,
      height: 900,
      scheme: "light",
      element: 'section.project:has(h2 a[href^="orbit-notes/"])',
      states: true,
    },
    {
      file: "state-failed.png",
      path: "/harbor-docs/glossary/",
      width: 1280,
      height: 900,
      scheme: "light",
      element: "table.translations",
      states: true,
    },
    {
      file: "state-removed-phone.png",
      path: "/tinygrep/man-pages/fr/",
      width: 390,
      height: 700,
      scheme: "light",
      states: true,
    },
    {
      file: "history-phone.png",
      path: "/tinygrep/cli/de/",
      width: 390,
      height: 1100,
      scheme: "dark",
      states: true,
    },
    // The overview in each shipped locale, on a phone in Arabic to show the mirrored layout.
    ...(["en", "de", "ar", "ja"] as const).map((locale) => ({
      file: `overview-${locale}.png`,
      path: locale === "en" ? "/" : `/${locale}/`,
      width: locale === "ar" ? 390 : 1280,
      height: locale === "ar" ? 844 : 900,
      scheme: "light" as const,
    })),
  ];
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      colorScheme: shot.scheme,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto((shot.states ? states : site).origin + shot.path);
    const target = join(docs, shot.file);
    if (shot.element && !shot.element.startsWith("img")) {
      await page.locator(shot.element).first().screenshot({ path: target });
    } else if (shot.element) {
      const image = page.locator(shot.element).first();
      // The badges page loads its previews lazily: load this one now.
      await image.evaluate((img: HTMLImageElement) => {
        img.loading = "eager";
        return img.decode();
      });
      await image.screenshot({ path: target });
    } else await page.screenshot({ path: target });
    console.log(`wrote docs/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
  await states.close();
  await rm(root, { recursive: true, force: true });
}
