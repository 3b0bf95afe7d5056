import { readFileSync } from "node:fs";
import { XMLValidator } from "fast-xml-parser";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { siteFiles, type SiteFile } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { rowsChartSvg, selectItems } from "../../src/widgets/chart-svg.js";
import { textWidth } from "../../src/widgets/svg-text.js";
import { loadLocales } from "../../src/i18n/catalogs.js";
import { widgetWords } from "../../src/render/model/badge-text.js";

const BASE = "https://weblate.example";

async function demoSite(options: Record<string, unknown> = {}): Promise<Map<string, SiteFile>> {
  const records = buildDemoRecords(BASE);
  const triples = demoTriples().map((key) => parseTripleString(key).triple!);
  const entries = triples.map((triple, i) =>
    toEntry({ triple, body: records[i] }, { baseUrl: BASE }),
  );
  const snapshot = toSnapshot(entries, {
    baseUrl: BASE,
    triples,
    now: new Date("2026-11-21T12:00:00Z"),
  });
  return new Map(
    (await siteFiles(snapshot, siteOptionsSchema.parse({ title: "Status", ...options }))).map(
      (f) => [f.path, f],
    ),
  );
}

/**
 * Every <text> of an SVG in document order (the groups they are in do not matter): its own text and
 * its <tspan>s' texts.
 */
const texts = (svg: string): { text: string; spans: string[] }[] =>
  [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => ({
    text: m[1]!.replace(/<tspan\b[^>]*>[\s\S]*?<\/tspan>/g, ""),
    spans: [...m[1]!.matchAll(/<tspan\b[^>]*>([\s\S]*?)<\/tspan>/g)].map((t) => t[1]!),
  }));

/**
 * The language names of a rows chart, top to bottom, with their percents: a <text> per row, the
 * percent in its <tspan>.
 */
function chartRows(svg: string): [string, number][] {
  return texts(svg)
    .slice(1)
    .filter((t) => t.spans.length === 1) // the title first
    .map((t) => [t.text, Number(t.spans[0]!.replace("%", ""))]);
}

describe("the README widgets of the demo", () => {
  let site: Map<string, SiteFile>;
  beforeAll(async () => {
    site = await demoSite();
  });
  const svg = (path: string) => site.get(path)!.content;

  it("writes valid SVG for every chart, matrix and count badge", () => {
    const widgets = [...site.keys()].filter((p) =>
      /\.(chart|columns|matrix|languages)\.svg$/.test(p),
    );
    expect(widgets).toEqual(
      expect.arrayContaining([
        "badges/orbit-notes.chart.svg",
        "badges/orbit-notes.columns.svg",
        "badges/orbit-notes.matrix.svg",
        "badges/orbit-notes.languages.svg",
        "badges/orbit-notes/application.chart.svg",
        "badges/harbor-docs/manual/guide.columns.svg",
      ]),
    );
    for (const path of widgets) expect(XMLValidator.validate(svg(path)), path).toBe(true);
  });

  it("sorts the rows chart by percent, most translated first, ties by name", () => {
    const rows = chartRows(svg("badges/orbit-notes/application.chart.svg"));
    expect(rows).toHaveLength(13);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i - 1]![1]).toBeGreaterThanOrEqual(rows[i]![1]);
      if (rows[i - 1]![1] === rows[i]![1]) expect(rows[i - 1]![0] <= rows[i]![0]).toBe(true);
    }
    // The same order as the component page, which sorts by the exact percent.
    const page = parse(site.get("orbit-notes/application/index.html")!.content);
    expect(rows.map((r) => r[0])).toEqual(
      page.querySelectorAll("tbody th a").map((a) => a.childNodes[0]!.text.trim()),
    );
  });

  it("sorts the columns chart and the matrix's columns by percent too", () => {
    const columns = texts(svg("badges/orbit-notes.columns.svg")).slice(1);
    // The percents above the columns, then the names below them, left to right.
    const percents = columns.slice(0, columns.length / 2).map((t) => Number(t.text));
    expect(percents.length).toBe(19);
    expect(columns.slice(19).map((t) => t.text)).toEqual(
      chartRows(svg("badges/orbit-notes.chart.svg")).map((r) => r[0]),
    );
    expect([...percents].sort((a, b) => b - a)).toEqual(percents);
    const chart = chartRows(svg("badges/orbit-notes.chart.svg")).map((r) => r[0]);
    const matrixHeads = texts(svg("badges/orbit-notes.matrix.svg"))
      .slice(1, 20)
      .map((t) => t.text);
    expect(matrixHeads).toEqual(chart);
  });

  it("leaves the glossary out of the widgets and the project's figures, unless asked", async () => {
    expect(site.has("badges/harbor-docs/glossary.chart.svg")).toBe(false);
    const matrix = svg("badges/harbor-docs.matrix.svg");
    expect(matrix).not.toContain("Glossary");
    expect(JSON.parse(site.get("badges/harbor-docs/glossary/de.json")!.content)).toMatchObject({
      message: "no strings",
      color: "lightgrey",
    });
    const withGlossary = await demoSite({ includeGlossary: true });
    expect(withGlossary.has("badges/harbor-docs/glossary.chart.svg")).toBe(true);
    expect(withGlossary.get("badges/harbor-docs.matrix.svg")!.content).toContain("Glossary");
    // A 0-string glossary's chart has no language to show: nothing to translate is not 100%.
    expect(withGlossary.get("badges/harbor-docs/glossary.chart.svg")!.content).toContain(
      "no languages to show",
    );
    const overview = parse(site.get("index.html")!.content);
    expect(overview.querySelector("main")!.text).toContain("glossary, not counted");
  });

  it("counts the languages at or above the configured percent", async () => {
    const rows = chartRows(svg("badges/orbit-notes/application.chart.svg"));
    const at90 = rows.filter((r) => r[1] >= 90).length;
    expect(
      JSON.parse(site.get("badges/orbit-notes/application.languages.json")!.content),
    ).toMatchObject({ label: "languages ≥90%", message: `${at90} of 13` });
    const at50 = await demoSite({ widgets: { countPercent: 50 } });
    expect(
      JSON.parse(at50.get("badges/orbit-notes/application.languages.json")!.content).message,
    ).toBe(`${rows.filter((r) => r[1] >= 50).length} of 13`);
  });

  it("applies minPercent, maxLanguages, languages and the colour scheme", async () => {
    const all = chartRows(svg("badges/orbit-notes/application.chart.svg"));
    const some = await demoSite({
      widgets: { minPercent: 60, maxLanguages: 5, colorScheme: "blue" },
    });
    const rows = chartRows(some.get("badges/orbit-notes/application.chart.svg")!.content);
    expect(rows).toEqual(all.filter((r) => r[1] >= 60).slice(0, 5));
    expect(some.get("badges/orbit-notes/application.chart.svg")!.content).toContain(
      'fill="#2f6fbf"',
    );
    // The title says how many languages the chart leaves out (those at or above minPercent).
    const title = (file: string) =>
      /<title>([^<]*)<\/title>/.exec(some.get(file)!.content)?.[1] ?? "";
    const above = all.filter((r) => r[1] >= 60).length;
    expect(above).toBeGreaterThan(5);
    expect(title("badges/orbit-notes/application.chart.svg")).toContain(
      `for 5 of ${above} languages,`,
    );
    expect(title("badges/orbit-notes.matrix.svg")).toMatch(/, 5 of \d+ languages$/);
    // Nothing left out: no "of".
    expect(
      /<title>([^<]*)<\/title>/.exec(svg("badges/orbit-notes/application.chart.svg"))?.[1],
    ).toContain(`for ${all.length} languages,`);
    const chosen = await demoSite({ widgets: { languages: ["de", "fr", "xx"] } });
    expect(
      chartRows(chosen.get("badges/orbit-notes/application.chart.svg")!.content)
        .map((r) => r[0])
        .sort(),
    ).toEqual(["French", "German"]);
  });

  it("draws the badges in the configured style", async () => {
    expect(svg("badges/orbit-notes.svg")).toContain("translated");
    const square = await demoSite({ badgeStyle: "for-the-badge" });
    expect(square.get("badges/orbit-notes.svg")!.content).toContain("TRANSLATED");
    expect(JSON.parse(square.get("badges/orbit-notes.json")!.content)).toMatchObject({
      style: "for-the-badge",
    });
  });

  it("writes 1200x630 Open Graph PNGs for the overview and every project, and points every page at one", async () => {
    for (const path of ["assets/og.png", "badges/orbit-notes.og.png", "badges/tinygrep.og.png"]) {
      const png = Buffer.from(site.get(path)!.bytes!);
      expect(png.subarray(1, 4).toString("latin1"), path).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([1200, 630]);
    }
    const published = await demoSite({ url: "https://me.github.io/repo" });
    for (const [path, file] of published) {
      if (!path.endsWith(".html") || path === "404.html") continue;
      const head = parse(file.content).querySelector("head")!;
      const meta = (key: string) =>
        head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
      expect(meta("description"), path).toMatch(/\S/);
      expect(meta("og:title"), path).toMatch(/\S/);
      expect(meta("og:image"), path).toMatch(
        /^https:\/\/me\.github\.io\/repo\/(assets\/og|badges\/[^/]+\.og)\.png$/,
      );
      expect(meta("twitter:card"), path).toBe("summary_large_image");
    }
    expect(
      parse(published.get("orbit-notes/application/de/index.html")!.content)
        .querySelector('meta[property="og:image"]')!
        .getAttribute("content"),
    ).toBe("https://me.github.io/repo/badges/orbit-notes.og.png");
  });

  it("shows a copy-paste snippet for every widget on badges/index.html and the translation pages", () => {
    const page = parse(site.get("badges/index.html")!.content);
    const snippets = page.querySelectorAll("textarea").map((t) => t.text);
    for (const path of [...site.keys()].filter((p) =>
      /\.(chart|columns|matrix|languages)\.svg$/.test(p),
    )) {
      expect(
        snippets.some((s) => s.includes(`https://USER.github.io/REPO/${path}`)),
        path,
      ).toBe(true);
    }
    // A translation page links the badges page's worked example of a translation badge (its HTML
    // and shields.io forms).
    const translation = parse(site.get("orbit-notes/application/de/index.html")!.content);
    expect(translation.querySelectorAll("main a").map((x) => x.getAttribute("href")!)).toContain(
      "../../../badges/index.html#translation",
    );
    expect(
      page.getElementById("translation")!.parentNode!.querySelectorAll("textarea"),
    ).toHaveLength(3);
    // A component page links its charts and their snippets' section of the badges page.
    const component = parse(site.get("orbit-notes/application/index.html")!.content);
    const links = component.querySelectorAll("p.widgets a").map((x) => x.getAttribute("href")!);
    expect(links).toContain("../../badges/orbit-notes/application.chart.svg");
    const anchor = links.find((l) => l.startsWith("../../badges/index.html#"))!.split("#")[1]!;
    expect(page.getElementById(anchor)!.text).toBe("Orbit Notes / Application");
    expect(
      page
        .querySelectorAll("textarea")
        .some((t) =>
          t.text.includes("https://USER.github.io/REPO/badges/orbit-notes/application.chart.svg"),
        ),
    ).toBe(true);
  });
});

describe("404 page", () => {
  it("links from the published address, so it works at any depth", async () => {
    const page = parse(
      (await demoSite({ url: "https://me.github.io/repo/" })).get("404.html")!.content,
    );
    const hrefs = page.querySelectorAll("a[href], link[href]").map((a) => a.getAttribute("href")!);
    expect(hrefs.filter((h) => !h.startsWith("http") && !h.startsWith("#"))).toEqual([]);
    expect(hrefs).toContain("https://me.github.io/repo/index.html");
    expect(hrefs).toContain("https://me.github.io/repo/assets/favicon.svg");
  });

  it("links from the host's root without site.url", async () => {
    const page = parse((await demoSite()).get("404.html")!.content);
    const local = page
      .querySelectorAll("main a[href], link[rel=icon]")
      .map((a) => a.getAttribute("href")!);
    expect(local).toEqual(["/assets/favicon.svg", "/index.html"]);
  });
});

describe("chart text", () => {
  it("is measured: long and non-Latin names widen the chart, and the SVG escapes them", () => {
    const options = siteOptionsSchema.parse({}).widgets;
    const thresholds = { yellow: 75, brightgreen: 90 };
    const words = widgetWords(loadLocales(["en"])[0]!, {
      metric: "strings",
      progress: "translated",
    });
    const narrow = rowsChartSvg({
      title: "t",
      items: [{ code: "a", name: "Ab", percent: 50 }],
      options,
      thresholds,
      words,
    });
    const name = 'Bokmål <&> "quoted"';
    const wide = rowsChartSvg({
      title: "t",
      items: [{ code: "a", name, percent: 50 }],
      options,
      thresholds,
      words,
    });
    const width = (svg: string) => Number(/width="([\d.]+)"/.exec(svg)![1]);
    // The bars start on a whole pixel: at most one more.
    expect(width(wide) - width(narrow) - (textWidth(name) - 40)).toBeGreaterThanOrEqual(-0.01);
    expect(width(wide) - width(narrow) - (textWidth(name) - 40)).toBeLessThan(1.01);
    expect(XMLValidator.validate(wide)).toBe(true);
    expect(wide).toContain("&lt;&amp;&gt; &quot;quoted&quot;");
    expect(textWidth("日本語")).toBeGreaterThan(textWidth("abc"));
  });

  it("picks languages with every option at once", () => {
    const items = [50, 95, 95, 10, 70].map((percent, i) => ({
      code: `l${i}`,
      name: `L${4 - i}`,
      percent,
    }));
    const options = {
      ...siteOptionsSchema.parse({}).widgets,
      minPercent: 20,
      maxLanguages: 3,
      languages: ["l0", "l1", "l2", "l3"],
    };
    expect(selectItems(items, options).map((i) => i.code)).toEqual(["l2", "l1", "l0"]);
  });
});

describe("colours", () => {
  const css = readFileSync(new URL("../../templates/assets/style.css", import.meta.url), "utf8");
  const vars = (block: string) =>
    Object.fromEntries(
      [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]),
    );
  const light = vars(css.slice(0, css.indexOf("@media (prefers-color-scheme: dark)")));
  const dark = vars(css.slice(css.indexOf("@media (prefers-color-scheme: dark)")));
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };

  it.each([
    ["light", light],
    ["dark", dark],
  ])(
    "%s: text passes AA, and translated stands out from needs review and untranslated (3:1)",
    (_scheme, v) => {
      for (const fg of ["fg", "muted", "link", "bad"])
        expect(contrast(v[fg]!, v.bg!), fg).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v.ok!, v.review!)).toBeGreaterThanOrEqual(3);
      expect(contrast(v.ok!, v.todo!)).toBeGreaterThanOrEqual(3);
    },
  );
});
