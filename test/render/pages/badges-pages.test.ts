import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../../src/config/schema.js";
import { fileSegment } from "../../../src/site/site-paths.js";
import { renderSite } from "../../../src/render/render-site.js";
import { planFullSite } from "../../../src/render/site-plan.js";
import type { Snapshot } from "../../../src/snapshot/schema.js";
import { HOSTILE_SLUG, manyComponentsSnapshot } from "../../helpers/many-components.js";
import { tempDir } from "../../helpers/temp-dir.js";

// badges/index.html on a large instance: over 100 components' widgets it keeps the projects'
// widgets and the translation's example, and each project's components have their widgets on
// badges/<project>/index.html. Sites are rendered to real files and read back; every local link
// of every page is followed to its file and its anchor.

async function render(snapshot: Snapshot, site: Record<string, unknown> = {}): Promise<string> {
  const out = await tempDir("badges-pages-");
  await renderSite(
    snapshot,
    out,
    siteOptionsSchema.parse({ title: "Big", url: "https://status.example/", ...site }),
  );
  return out;
}

const read = (out: string, path: string): HTMLElement =>
  parse(readFileSync(join(out, path), "utf8"));

/** Every HTML file of a site, as paths from its root ("badges/index.html"). */
function htmlFiles(out: string): string[] {
  return readdirSync(out, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".html") && statSync(join(out, f)).isFile())
    .map((f) => f.split(sep).join("/"));
}

/** A site's path as the address a browser has for it: each segment URL-encoded. */
const addressOf = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/**
 * Every local link of `page` that does not lead to an existing file, or to an id of it: "what ->
 * why". A link to a folder is its index.html.
 */
function brokenLinks(out: string, page: string, cache: Map<string, Set<string>>): string[] {
  const base = new URL(addressOf(page), "http://site.test/");
  const broken: string[] = [];
  for (const a of read(out, page).querySelectorAll("a[href]")) {
    const href = a.getAttribute("href") ?? "";
    const url = new URL(href, base);
    if (url.origin !== base.origin) continue;
    let path = url.pathname.slice(1).split("/").map(decodeURIComponent).join("/");
    if (path === "" || path.endsWith("/")) path += "index.html";
    if (!existsSync(join(out, path)) || !statSync(join(out, path)).isFile()) {
      broken.push(`${page}: ${href} -> no file ${path}`);
      continue;
    }
    if (url.hash === "" || !path.endsWith(".html")) continue;
    let ids = cache.get(path);
    if (!ids) {
      ids = new Set(
        read(out, path)
          .querySelectorAll("[id]")
          .map((e) => e.id),
      );
      cache.set(path, ids);
    }
    if (!ids.has(url.hash.slice(1))) broken.push(`${page}: ${href} -> no id in ${path}`);
  }
  return broken;
}

/** Each project's badges page of a site: badges/<project>/index.html, by the file name. */
const projectPages = (out: string) =>
  htmlFiles(out).filter((f) => /^badges\/[^/]+\/index\.html$/.test(f));

describe("badges/index.html on a large instance", () => {
  it("splits by project over 100 components, every anchor and link still leading somewhere", async () => {
    // 3 projects x 40 components: 120 components' widgets.
    const out = await render(
      manyComponentsSnapshot({ projects: 3, components: 40, languages: 2, hostile: true }),
      { locales: ["en", "de"] },
    );
    const index = read(out, "badges/index.html");
    // Sorted by slug: the hostile one ("a b#...") first.
    const folders = [fileSegment(HOSTILE_SLUG), "project0", "project2"];
    // The projects' widgets stay (five each: badge, two charts, count, matrix), with their ids:
    // the project's folder, and before it the position it had (p0, p1, p2) for older links.
    expect(index.querySelectorAll("h2").map((h) => h.id)).toEqual([
      ...folders.map((f) => `p-${f}`),
      "translation",
    ]);
    expect(index.querySelectorAll("h2").map((h) => h.previousElementSibling?.id)).toEqual([
      "p0",
      "p1",
      "p2",
      undefined,
    ]);
    expect(index.querySelectorAll("section").length).toBe(4);
    expect(index.querySelectorAll("textarea").length).toBe(3 * 5 * 2 + 3);
    // No component's snippet: their addresses are not on the index.
    expect(index.toString()).not.toContain("/component7.chart.svg");
    // Each component's id is a link to its widgets on its project's page, its old position id
    // (p1c3: the fourth component of the second project, as sorted) just before it.
    const old = index.querySelectorAll("a[id]");
    expect(old.length).toBe(120);
    const sorted = Array.from({ length: 40 }, (_, c) => `component${c}`).sort();
    for (const a of old) {
      const match = /^c-([^/]+)\/(component\d+)$/.exec(a.id);
      expect(match, a.id).not.toBeNull();
      expect(a.text).toBe(match?.[2]);
      expect(a.getAttribute("href")?.endsWith(`/index.html#${a.id}`), a.id).toBe(true);
      const p = folders.indexOf(match?.[1] ?? "");
      expect(a.previousElementSibling?.id).toBe(`p${p}c${sorted.indexOf(match?.[2] ?? "")}`);
    }
    // The projects' pages, the hostile slug's among them, in both locales.
    const pages = projectPages(out);
    expect(pages.length).toBe(3);
    expect(pages).toContain(
      `badges/${encodeURIComponent(HOSTILE_SLUG).replace(/'/g, "%27")}/index.html`,
    );
    expect(htmlFiles(out).filter((f) => /^de\/badges\/[^/]+\/index\.html$/.test(f)).length).toBe(3);
    for (const page of pages) {
      const doc = read(out, page);
      const ids = doc.querySelectorAll("h2").map((h) => h.id);
      // The project's widgets and its 40 components', each under the id it has on the whole page.
      const folder = (ids[0] ?? "").slice(2);
      expect(ids).toEqual([`p-${folder}`, ...sorted.map((c) => `c-${folder}/${c}`)]);
      // No old position ids here: they were the whole page's.
      expect(doc.querySelectorAll("span[id]")).toEqual([]);
      expect(doc.querySelectorAll("textarea").length).toBe(5 * 2 + 40 * 4 * 2);
      expect(doc.querySelector("h2")?.text).toMatch(/^Project \d$/);
      expect(doc.querySelector("h1")?.text).toMatch(/^Badges and charts: Project \d$/);
      // Each component's widgets under its name, their addresses absolute (site.url).
      for (const h2 of doc.querySelectorAll("h2").slice(1)) {
        const name = /^Project \d \/ (component\d+)$/.exec(h2.text)?.[1];
        expect(name, h2.text).toBeDefined();
        expect(h2.parentNode?.querySelector("textarea")?.text).toMatch(
          new RegExp(`^\\[!\\[.*\\]\\(https://status\\.example/badges/[^/]+/${name}\\.svg\\)\\]`),
        );
      }
    }
    // The component pages link to their widgets on their project's badges page.
    const component = read(out, "project0/component7/index.html");
    expect(component.querySelectorAll("a").map((a) => a.getAttribute("href"))).toContainEqual(
      "../../badges/project0/index.html#c-project0/component7",
    );
    // Every local link of every page (both locales) leads to a file and an id that exist.
    const cache = new Map<string, Set<string>>();
    const broken = htmlFiles(out).flatMap((page) => brokenLinks(out, page, cache));
    expect(broken).toEqual([]);
    // Each old id of badges/index.html leads to the same id on a page that shows its widgets.
    for (const a of old) {
      const target = new URL(a.getAttribute("href") ?? "", "http://site.test/badges/index.html");
      const file = target.pathname.slice(1).split("/").map(decodeURIComponent).join("/");
      const section = read(out, file).getElementById(a.id);
      expect(section?.parentNode?.querySelectorAll("textarea").length).toBe(8);
    }
  }, 120_000);

  it("stays whole at 100 components, and splits at 51 with two metrics", async () => {
    const whole = await render(
      manyComponentsSnapshot({ projects: 2, components: 50, languages: 1 }),
    );
    const page = read(whole, "badges/index.html");
    expect(page.querySelectorAll("h2").length).toBe(2 + 100 + 1);
    expect(page.querySelectorAll("a[id]").length).toBe(0);
    expect(projectPages(whole)).toEqual([]);
    expect(
      read(whole, "project1/component3/index.html")
        .querySelectorAll("a")
        .map((a) => a.getAttribute("href")),
    ).toContainEqual("../../badges/index.html#c-project1/component3");
    // Each section with its id and, before it, its position for the links of before.
    const third = Array.from({ length: 50 }, (_, c) => `component${c}`)
      .sort()
      .indexOf("component3");
    expect(page.getElementById(`p1c${third}`)?.nextElementSibling?.id).toBe(
      "c-project1/component3",
    );

    const metrics = { badgeMetrics: ["strings", "words"] };
    const two = await render(
      manyComponentsSnapshot({ projects: 1, components: 50, languages: 1 }),
      metrics,
    );
    expect(projectPages(two)).toEqual([]);
    const split = await render(
      manyComponentsSnapshot({ projects: 1, components: 51, languages: 1 }),
      metrics,
    );
    expect(projectPages(split)).toEqual(["badges/project0/index.html"]);
    // Each component in both metrics on the project's page: 4 widgets x 2 snippets x 2 metrics.
    const doc = read(split, "badges/project0/index.html");
    expect(doc.querySelectorAll("textarea").length).toBe(2 * 5 * 2 + 51 * 4 * 2 * 2);
  }, 120_000);

  it("gives a project without counted components no page and no empty sentence", async () => {
    // project1's components are glossaries (left out): 120 counted components, split.
    const out = await render(
      manyComponentsSnapshot({ projects: 3, components: 60, languages: 1, glossary: [1] }),
    );
    expect(projectPages(out)).toEqual(["badges/project0/index.html", "badges/project2/index.html"]);
    const index = read(out, "badges/index.html");
    const sections = index.querySelectorAll("section");
    const said = (i: number) => sections[i]?.querySelectorAll("p").map((p) => p.text) ?? [];
    // project1 keeps its own widgets, and says nothing of a page it has not.
    expect(sections[1]?.querySelector("h2")?.id).toBe("p-project1");
    expect(sections[1]?.querySelectorAll("textarea").length).toBe(5 * 2);
    expect(said(1).filter((t) => /badges page of/.test(t))).toEqual([]);
    expect(sections[1]?.querySelectorAll("a[id]")).toEqual([]);
    expect(said(0).filter((t) => /badges page of/.test(t))).toEqual([
      "Its components' badges and charts are on the badges page of Project 0:",
    ]);
    // Its components' pages do not link to one either; nothing on the site leads nowhere.
    const glossary = read(out, "project1/component7/index.html");
    expect(glossary.toString()).not.toContain("badges/project1/index.html");
    const cache = new Map<string, Set<string>>();
    expect(htmlFiles(out).flatMap((page) => brokenLinks(out, page, cache))).toEqual([]);
  }, 120_000);

  it("counts each project's badges page in the budget, measured as written", async () => {
    const snapshot = manyComponentsSnapshot({ projects: 3, components: 40, languages: 1 });
    const site = siteOptionsSchema.parse({ title: "Big", locales: ["en", "ja"] });
    const kinds = planFullSite(snapshot, site).costs();
    const cost = kinds.find((k) => k.kind === "project badges pages");
    const out = await render(snapshot, { url: undefined, locales: ["en", "ja"] });
    const written = htmlFiles(out).filter((f) => /^(ja\/)?badges\/[^/]+\/index\.html$/.test(f));
    expect(written.length).toBe(6);
    const bytes = written.reduce((n, f) => n + statSync(join(out, f)).size, 0);
    expect(cost).toEqual({ kind: "project badges pages", files: 6, bytes, exact: true });
  }, 120_000);
});
