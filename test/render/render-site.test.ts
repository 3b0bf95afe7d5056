import { marked } from "marked";
import { existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse, type HTMLElement } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { buildDemoRecords, demoTriples } from "../../src/demo/demo-data.js";
import { main } from "../../src/cli/main.js";
import { planSite, renderSite, siteFiles } from "../../src/render/render-site.js";
import { openSnapshot } from "../../src/snapshot/read-snapshot.js";
import { writeSnapshot } from "../../src/snapshot/snapshot-writer.js";
import { formatTimestamp } from "../../src/render/model/translation-view.js";
import { LocaleFormat } from "../../src/i18n/locale-format.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { contractRecord } from "../helpers/fixtures.js";
import { shieldsEndpointSchema } from "../helpers/shields-endpoint-schema.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

const site = siteOptionsSchema.parse({ title: "Status" });
const NOW = new Date("2026-11-21T12:00:00Z");

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

/** Every relative href/src in every page resolves to a file of the site. */
async function brokenLinks(out: string): Promise<string[]> {
  const broken: string[] = [];
  // 404.html links from the site's root on purpose (it is served at any depth): tested on its own.
  for (const file of (await listFiles(out)).filter(
    (f) => f.endsWith(".html") && f !== "404.html",
  )) {
    const doc = parse(await readFile(join(out, file), "utf8"));
    const refs = [
      ...doc.querySelectorAll("a[href]").map((a) => a.getAttribute("href")!),
      ...doc.querySelectorAll("img[src]").map((i) => i.getAttribute("src")!),
      ...doc.querySelectorAll("link[href]").map((l) => l.getAttribute("href")!),
    ];
    for (const ref of refs) {
      if (/^https?:/.test(ref)) continue;
      let target = decodeURIComponent(ref.split(/[?#]/)[0]!);
      if (target === "" || target.endsWith("/")) target += "index.html";
      const path = resolve(join(out, dirname(file)), target);
      if (!path.startsWith(resolve(out)) || !existsSync(path)) broken.push(`${file} -> ${ref}`);
    }
  }
  return broken;
}

describe("the demo site, built by the CLI from the local stand-in", () => {
  let out: string;
  let files: string[];
  beforeAll(async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    out = join(await tempDir("l10n-site-"), "out");
    const io = captureIo();
    expect(
      await main(
        ["build", "--config", "config/demo.json", "--base-url", server.baseUrl, "--out", out],
        io,
      ),
    ).toBe(0);
    expect(io.out()).toContain(`site written to ${out}/`);
    // The budget beside the size: the default site.maxBytes, 1 GB.
    expect(io.out()).toMatch(/\(\d[\d,]* files, \d+ (kB|MB) of site\.maxBytes 1\.00 GB\)/);
    files = await listFiles(out);
  });

  it("has every page type and every badge", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "index.html",
        "404.html",
        ".nojekyll",
        "assets/style.css",
        "data/snapshot.json.gz",
        "orbit-notes/index.html",
        "orbit-notes/application/index.html",
        "orbit-notes/application/ar/index.html",
        "languages/ar/index.html",
        "languages/zh_Hans/index.html",
        "badges/orbit-notes.json",
        "badges/orbit-notes.svg",
        "badges/orbit-notes/application.json",
        "badges/orbit-notes/application.svg",
        "badges/orbit-notes/application/ar.json",
        "badges/orbit-notes/application/ar.svg",
        "harbor-docs/manual/guide/index.html",
        "harbor-docs/manual/guide/ja/index.html",
        "badges/harbor-docs/manual/guide.svg",
        "badges/harbor-docs/manual/guide/ja.json",
      ]),
    );
    // A page per translation, at the path its triple names (a component inside a category under
    // it).
    expect(demoTriples()).toHaveLength(50);
    expect(files).toEqual(expect.arrayContaining(demoTriples().map((t) => `${t}/index.html`)));
  });

  it("writes every JSON badge to the shields endpoint contract and every SVG as XML", async () => {
    const badges = files.filter(
      (f) => f.startsWith("badges/") && f !== "badges/index.html" && !f.endsWith("/README.md"),
    );
    // Two files (SVG, JSON) per translation, component and project, and per language of each
    // project (7, 19 and 11 languages), twice: the demo counts words and publishes strings too
    // (site.badgeMetrics: `.strings.svg`); the widgets of every counted component (4) and project
    // (6, the Open Graph picture once); the glossary has no widgets.
    expect(badges.filter((f) => f.startsWith("badges/languages/")).length).toBe(
      2 * 2 * (7 + 19 + 11),
    );
    expect(
      badges.filter(
        (f) =>
          !/\.(chart|columns|matrix|languages|og)\./.test(f) && !f.startsWith("badges/languages/"),
      ).length,
    ).toBe(2 * 2 * (3 + 7 + 50));
    expect(badges.filter((f) => /\.(chart|columns|matrix|languages|og)\./.test(f)).length).toBe(
      2 * (4 * 6 + 5 * 3) + 3,
    );
    for (const file of badges) {
      const text = await readFile(join(out, file), "utf8");
      if (file.endsWith(".png")) continue;
      if (file.endsWith(".json"))
        expect(shieldsEndpointSchema.safeParse(JSON.parse(text)).success, file).toBe(true);
      else expect(XMLValidator.validate(text), file).toBe(true);
    }
    expect(
      JSON.parse(await readFile(join(out, "badges/harbor-docs/glossary/de.json"), "utf8")),
    ).toEqual({ schemaVersion: 1, label: "translated", message: "no strings", color: "lightgrey" });
  });

  it("has no broken relative link or asset", async () => {
    expect(await brokenLinks(out)).toEqual([]);
  });

  it("lists a component's languages by translated percent, then name, with bar, counters and Weblate link", async () => {
    const doc = parse(await readFile(join(out, "orbit-notes/application/index.html"), "utf8"));
    // The demo shows not-started languages (site.notStarted): orbit-notes has 19 languages,
    // application 13 of them.
    expect(doc.querySelectorAll("table.translations tbody tr.notstarted")).toHaveLength(6);
    const rows = doc.querySelectorAll("table.translations tbody tr:not(.notstarted)");
    expect(rows).toHaveLength(13);
    // The third column (after the language and its bar) is the translated percent.
    // The demo counts words (site.metric).
    expect(doc.querySelectorAll("table.translations thead th")[1]!.text).toBe("Translated words");
    const percents = rows.map((r) => Number(r.querySelectorAll("td")[0]!.text.replace("%", "")));
    expect([...percents].sort((a, b) => b - a)).toEqual(percents);
    // The English name is plain text of the page's language; only the native name carries lang and
    // dir.
    const names = rows.map((r) => r.querySelector("th a")!.childNodes[0]!.text.trim());
    for (let i = 1; i < rows.length; i++)
      if (percents[i] === percents[i - 1]) expect(names[i - 1]! <= names[i]!).toBe(true);
    const arabic = rows.find(
      (r) => r.querySelector("th a")!.childNodes[0]!.text.trim() === "Arabic",
    )!;
    expect(arabic.querySelectorAll("[lang]")).toHaveLength(1);
    expect(arabic.querySelector("span.native")!.attributes).toMatchObject({
      lang: "ar",
      dir: "rtl",
    });
    expect(arabic.querySelector("span.native")!.text).toBe("العربية");
    const bar = arabic.querySelector(".bar")!;
    expect(bar.getAttribute("aria-label")).toMatch(/^[\d.]+% translated, [\d.]+% needs review$/);
    expect(bar.getAttribute("style")).toMatch(/^--t:[\d.]+%;--f:[\d.]+%$/);
    expect(arabic.querySelector('a[href^="http"]')!.getAttribute("href")).toMatch(
      /\/translate\/orbit-notes\/application\/ar\/$/,
    );
  });

  it("shows a translation's counters, links and embed snippets, and no notes", async () => {
    const doc = parse(await readFile(join(out, "orbit-notes/android/ach/index.html"), "utf8"));
    // ICU has no name of Acholi in Acholi: the English name alone, with no lang attribute.
    expect(doc.querySelector("h1")!.childNodes[0]!.text.trim()).toBe("Acholi");
    expect(doc.querySelector("h1 [lang]")).toBeNull();
    expect(
      doc.querySelectorAll("table.counters tbody tr").map((r) => r.querySelector("th")!.text),
    ).toEqual([
      "Total",
      "Translated",
      "Needs review",
      "Untranslated",
      "Failing checks",
      "With suggestions",
      "With comments",
    ]);
    // Android's "b+ach" for "ach" is a known difference of real servers: a note, not for visitors.
    expect(doc.querySelector("ul.problems")).toBeNull();
    expect(doc.querySelector("details.data-quality")).toBeNull();
    // The snippet renders to the badge the page shows, its alternative text what the badge shows
    // and whose (the page's own image says its number: a pasted snippet would keep it).
    const snippet = parse(marked.parse(doc.querySelector("#md")!.text, { async: false }));
    expect(snippet.querySelector("a")!.getAttribute("href")).toBe(
      "https://USER.github.io/REPO/orbit-notes/android/ach/",
    );
    expect(snippet.querySelector("img")!.getAttribute("src")).toBe(
      "https://USER.github.io/REPO/badges/orbit-notes/android/ach.svg",
    );
    expect(snippet.querySelector("img")!.getAttribute("alt")).toBe(
      "translated: Orbit Notes / Android / Acholi",
    );
    // The HTML and shields.io forms are on the badges page (one worked example), linked from here.
    expect(doc.querySelectorAll("main a").map((a) => a.getAttribute("href"))).toContain(
      "../../../badges/index.html#translation",
    );
    const badges = parse(await readFile(join(out, "badges/index.html"), "utf8"));
    const section = badges.getElementById("translation")!.parentNode!;
    expect(section.querySelector("#t-shields")!.text).toMatch(
      /^\[!\[translated\\: [^\]]+\]\(https:\/\/img\.shields\.io\/endpoint\?url=https%3A%2F%2FUSER\.github\.io%2FREPO%2Fbadges%2F[^)]+\.json\)\]\(https:\/\/USER\.github\.io\/REPO\/[^)]+\/\)$/,
    );
    expect(section.querySelector("#t-html")!.text).toMatch(
      /^<a href="https:\/\/USER\.github\.io\/REPO\/[^"]+\/"><img src="https:\/\/USER\.github\.io\/REPO\/badges\/[^"]+\.svg" alt="translated: [^"]+"><\/a>$/,
    );
  });

  it("shows no note and no warning on any page: the demo's differences from the contract are those of real servers", async () => {
    const snapshot = JSON.parse(
      gunzipSync(await readFile(join(out, "data/snapshot.json.gz"))).toString("utf8"),
    ) as Snapshot;
    expect(snapshot.translations.filter((t) => t.notes.length > 0).length).toBeGreaterThan(0);
    expect(snapshot.translations.flatMap((t) => t.warnings)).toEqual([]);
    const noteTexts = [
      ...new Set(snapshot.translations.flatMap((t) => t.notes.map((n) => n.message))),
    ];
    for (const file of files.filter((f) => f.endsWith(".html"))) {
      const html = await readFile(join(out, file), "utf8");
      const doc = parse(html);
      expect(
        doc.querySelectorAll("ul.problems, details.data-quality, .tag.warn"),
        file,
      ).toHaveLength(0);
      expect(
        noteTexts.filter((text) => doc.text.includes(text)),
        file,
      ).toEqual([]);
      expect(doc.text, file).not.toMatch(/\bwarnings?\b|data quality/i);
    }
  });

  it("says on the overview when and from where the data was fetched", async () => {
    const doc = parse(await readFile(join(out, "index.html"), "utf8"));
    expect(doc.querySelector("main")!.text).toContain("50 ok");
    expect(doc.querySelector("main time")!.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(doc.querySelectorAll("section.project h2 a").map((a) => a.text)).toEqual([
      "Harbor Docs",
      "Orbit Notes",
      "tinygrep",
    ]);
  });
});

function snapshotOf(
  records: {
    triple: { project: string; component: string; language: string };
    body?: unknown;
    error?: Error;
  }[],
): Snapshot {
  const entries = records.map((r) =>
    toEntry(
      r.body !== undefined
        ? { triple: r.triple, body: r.body }
        : { triple: r.triple, error: r.error! },
      { baseUrl: "https://weblate.example" },
    ),
  );
  return toSnapshot(entries, {
    baseUrl: "https://weblate.example",
    triples: records.map((r) => r.triple),
    now: NOW,
  });
}

describe("rendering a snapshot", () => {
  it("is deterministic: the same snapshot gives byte-identical files", async () => {
    const snapshot = snapshotOf([
      {
        triple: { project: "proj", component: "comp", language: "cs" },
        body: contractRecord("https://weblate.example"),
      },
    ]);
    expect(await siteFiles(snapshot, site)).toEqual(
      await siteFiles(structuredClone(snapshot), site),
    );
  });

  it("shows failed and invalid translations with their errors, and error badges", async () => {
    const snapshot = snapshotOf([
      {
        triple: { project: "proj", component: "comp", language: "cs" },
        body: contractRecord("https://weblate.example"),
      },
      {
        triple: { project: "proj", component: "comp", language: "de" },
        body: { ...contractRecord("https://weblate.example", { language: "de" }), total: "many" },
      },
      {
        triple: { project: "proj", component: "comp", language: "fr" },
        error: new Error(
          '[GET] "https://weblate.example/api/translations/proj/comp/fr/": 404 Not Found',
        ),
      },
    ]);
    const byPath = new Map(
      (await siteFiles(snapshot, site)).map((f) => [f.path, String(f.content)]),
    );
    const component = parse(byPath.get("proj/comp/index.html")!);
    expect(component.querySelector("main")!.text).toContain(
      'total: expected a count (an integer >= 0), found "many"',
    );
    expect(component.querySelector("main")!.text).toContain("404 Not Found");
    expect(
      parse(byPath.get("proj/comp/fr/index.html")!).querySelector(".problems.errors")!.text,
    ).toContain("404 Not Found");
    expect(JSON.parse(byPath.get("badges/proj/comp/de.json")!)).toEqual({
      schemaVersion: 1,
      label: "translated",
      message: "invalid",
      color: "lightgrey",
      isError: true,
    });
    expect(JSON.parse(byPath.get("badges/proj/comp/fr.json")!)).toMatchObject({
      message: "error",
      isError: true,
    });
  });

  it("puts warnings in a collapsed data quality block on the translation page only, and never a note", async () => {
    const record = {
      ...contractRecord("https://weblate.example"),
      fuzzy_percent: 20,
      revision: "abc123,def456",
    };
    const snapshot = snapshotOf([
      { triple: { project: "proj", component: "comp", language: "cs" }, body: record },
    ]);
    expect(snapshot.translations[0]!.warnings.map((w) => w.path)).toEqual(["fuzzy_percent"]);
    expect(snapshot.translations[0]!.notes.map((n) => n.path)).toEqual(["revision"]);
    const byPath = new Map(
      (await siteFiles(snapshot, site)).map((f) => [f.path, String(f.content)]),
    );
    const page = parse(byPath.get("proj/comp/cs/index.html")!);
    const block = page.querySelector("details.data-quality")!;
    expect(block.hasAttribute("open")).toBe(false);
    expect(block.querySelector("summary")!.text).toBe("Data quality: 1 warning");
    expect(block.querySelectorAll("ul.problems.warnings li").map((li) => li.text)).toEqual([
      "fuzzy_percent: expected about 5.4 (5 of 91), found 20",
    ]);
    expect(page.text).not.toContain("two hashes");
    for (const [path, html] of byPath) {
      if (path === "proj/comp/cs/index.html" || !path.endsWith(".html")) continue;
      expect(
        parse(html).querySelectorAll("details.data-quality, ul.problems, .tag.warn"),
        path,
      ).toHaveLength(0);
      expect(html, path).not.toContain("fuzzy_percent");
    }
  });

  it("renders API strings with <script> and javascript: links as inert text", async () => {
    const evil = "<script>alert(1)</script>\"'&<img src=x onerror=alert(2)>";
    const slug = "<img src=x onerror=alert(3)>";
    const poison = (value: unknown, key: string): unknown => {
      if (typeof value === "string") return /url|web$/.test(key) ? "javascript:alert(4)" : evil;
      if (Array.isArray(value)) return value.map((v) => poison(v, key));
      if (value && typeof value === "object")
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
      return value;
    };
    const record = poison(contractRecord("https://weblate.example"), "") as Record<string, unknown>;
    const component = record.component as Record<string, unknown>;
    component.slug = slug;
    (component.project as Record<string, unknown>).slug = slug;
    record.language_code = slug;
    (record.language as Record<string, unknown>).code = slug;
    const triple = { project: slug, component: slug, language: slug };
    const snapshot = snapshotOf([{ triple, body: record }]);
    expect(snapshot.translations[0]!.status).toBe("ok");
    const files = await siteFiles(snapshot, site);
    for (const file of files) {
      const text = String(file.content);
      expect(file.path).not.toMatch(/[<>"]/);
      if (file.path.endsWith(".html")) {
        const doc = parse(text);
        // The one script is the site's own file, never inline (404.html's: its ways, moved.js,
        // and their folders as JSON data, which is never run).
        for (const script of doc.querySelectorAll("script")) {
          if (file.path === "404.html" && script.getAttribute("type") === "application/json") {
            expect(JSON.parse(script.text)).toEqual(["badges"]);
            continue;
          }
          const own =
            file.path === "404.html" ? /^\/assets\/moved\.js$/ : /^(\.\.\/)*assets\/tables\.js$/;
          expect(script.getAttribute("src"), file.path).toMatch(own);
          expect(script.text, file.path).toBe("");
        }
        const all = doc.querySelectorAll("*") as HTMLElement[];
        for (const el of all) {
          for (const [name, value] of Object.entries(el.attributes)) {
            expect(name.startsWith("on"), `${file.path}: ${name}`).toBe(false);
            expect(
              value.trim().toLowerCase().startsWith("javascript:"),
              `${file.path}: ${name}=${value}`,
            ).toBe(false);
          }
        }
        expect(
          all.filter((el) => el.tagName === "IMG").map((img) => img.getAttribute("src")),
        ).not.toContain("x");
      }
      if (file.path.endsWith(".svg")) {
        expect(XMLValidator.validate(text)).toBe(true);
        // Entities left as written: API text shows as `&lt;script`, an element would be a "script"
        // key.
        expect(
          JSON.stringify(
            new XMLParser({ ignoreAttributes: false, processEntities: false }).parse(text),
          ),
        ).not.toMatch(/"@_on|<script|"script"/);
      }
    }
    const page = files.find(
      (f) => f.path.endsWith("/index.html") && f.path.split("/").length === 4,
    )!;
    expect(parse(String(page.content)).querySelector("h1")!.text).toContain(evil);
  });

  it("gives a project named like a folder of the site its own folder beside it; then replaces the previous site", async () => {
    const root = await tempDir("l10n-swap-");
    const out = join(root, "out");
    // A previous site (it has its snapshot: only a site is replaced), with a file of its own.
    await mkdir(join(out, "data"), { recursive: true });
    await writeFile(join(out, "data", "snapshot.json"), "{}\n");
    await writeFile(join(out, "previous.txt"), "old site");
    const clash = snapshotOf([
      {
        triple: { project: "languages", component: "x", language: "de" },
        body: contractRecord("https://weblate.example", {
          project: "languages",
          component: "x",
          language: "de",
        }),
      },
    ]);
    await renderSite(clash, out, site);
    expect(await readdir(root)).toEqual(["out"]);
    expect(existsSync(join(out, "languages/x"))).toBe(false);
    expect(existsSync(join(out, "languages.project/x/de/index.html"))).toBe(true);
    expect(existsSync(join(out, "badges/languages.project/x/de.svg"))).toBe(true);
    expect(existsSync(join(out, "languages/de/index.html"))).toBe(true);
    const index = await readFile(join(out, "index.html"), "utf8");
    expect(parse(index).querySelector(".counts")!.text).toContain("0 invalid");
    const good = snapshotOf([
      {
        triple: { project: "proj", component: "comp", language: "cs" },
        body: contractRecord("https://weblate.example"),
      },
    ]);
    await renderSite(good, out, site);
    expect(await readdir(root)).toEqual(["out"]);
    expect(existsSync(join(out, "previous.txt"))).toBe(false);
    expect(existsSync(join(out, "proj/comp/cs/index.html"))).toBe(true);
  });

  it("gives a component inside categories its pages and badges under its categories, as Weblate's pages have it", async () => {
    const base = "https://weblate.example";
    const snapshot = snapshotOf([
      {
        triple: { project: "proj", component: "comp", language: "cs" },
        body: contractRecord(base),
      },
      {
        triple: { project: "proj", component: "docs%2Fcomp", language: "cs" },
        body: contractRecord(base, { category: "docs" }),
      },
      {
        triple: { project: "proj", component: "docs%2Fguides%2Fother", language: "de" },
        error: new Error("404 Not Found"),
      },
    ]);
    const out = join(await tempDir("l10n-categories-"), "out");
    await renderSite(snapshot, out, site);
    expect(await brokenLinks(out)).toEqual([]);
    expect(await listFiles(out)).toEqual(
      expect.arrayContaining([
        "proj/comp/cs/index.html",
        "proj/docs/comp/index.html",
        "proj/docs/comp/cs/index.html",
        "proj/docs/guides/other/de/index.html",
        "badges/proj/docs/comp.json",
        "badges/proj/docs/comp/cs.svg",
        "badges/proj/docs/guides/other/de.json",
      ]),
    );
    const project = parse(await readFile(join(out, "proj/index.html"), "utf8"));
    expect(project.querySelectorAll("main a").map((a) => a.text.trim())).toEqual(
      expect.arrayContaining(["comp", "docs / comp", "docs / guides / other"]),
    );
    const page = parse(await readFile(join(out, "proj/docs/comp/cs/index.html"), "utf8"));
    expect(page.querySelector("h1")!.text).toContain("docs / comp");
    expect(
      page.querySelectorAll('a[href^="https://weblate"]').map((a) => a.getAttribute("href")),
    ).toContain(`${base}/projects/proj/docs/comp/cs/`);
    expect(page.querySelector("#md")!.text).toBe(
      "[![translated\\: proj \\/ docs \\/ comp \\/ Language cs](https://USER.github.io/REPO/badges/proj/docs/comp/cs.svg)](https://USER.github.io/REPO/proj/docs/comp/cs/)",
    );
    // Its HTML and shields.io forms: on the badges page, whose example is the first translation,
    // this one.
    expect(
      parse(await readFile(join(out, "badges/index.html"), "utf8")).querySelector("#t-shields")!
        .text,
    ).toContain(
      "https://img.shields.io/endpoint?url=https%3A%2F%2FUSER.github.io%2FREPO%2Fbadges%2Fproj%2Fcomp%2Fcs.json",
    );
  });

  it("renders a saved snapshot with `render`, with no network", async () => {
    const dir = await tempDir("l10n-render-");
    const snapshot = snapshotOf([
      {
        triple: { project: "proj", component: "comp", language: "cs" },
        body: contractRecord("https://weblate.example"),
      },
    ]);
    await writeFile(join(dir, "snap.json"), JSON.stringify(snapshot));
    const io = captureIo();
    expect(
      await main(["render", "--snapshot", join(dir, "snap.json"), "--out", join(dir, "site")], io),
    ).toBe(0);
    expect(await brokenLinks(join(dir, "site"))).toEqual([]);
    expect(
      await main(
        ["render", "--snapshot", join(dir, "missing.json"), "--out", join(dir, "site")],
        io,
      ),
    ).toBe(3);
    expect(io.err()).toContain(`snapshot ${join(dir, "missing.json")}: cannot read it (ENOENT)`);
  });
});

describe("numbers and dates on the pages", () => {
  it("writes counts with thousands separators", () => {
    expect(
      [0, 7, 999, 1000, 12345, 1234567, 1.5].map((n) => new LocaleFormat("en").int(n)),
    ).toEqual(["0", "7", "999", "1,000", "12,345", "1,234,567", "1.5"]);
  });

  it("shows timestamps in UTC to the minute, and ones without a zone as given", () => {
    expect(formatTimestamp("2026-10-03T08:14:59.123456Z")).toBe("2026-10-03 08:14 UTC");
    expect(formatTimestamp("2026-10-03T08:14:00+00:00")).toBe("2026-10-03 08:14 UTC");
    expect(formatTimestamp("2026-10-03T23:30:00-02:00")).toBe("2026-10-04 01:30 UTC");
    expect(formatTimestamp("2016-03-07T10:20:00")).toBe("2016-03-07 10:20");
    expect(formatTimestamp("yesterday")).toBe("");
    expect(formatTimestamp(null)).toBe("");
  });
});

describe("the second read of the snapshot", () => {
  const record = (language: string) => ({
    triple: { project: "proj", component: "comp", language },
    body: contractRecord("https://weblate.example", { language }),
  });

  it("fails in one line when the snapshot file is replaced between the two reads, instead of writing pages no list shows", async () => {
    const dir = await tempDir("l10n-second-read-");
    const file = join(dir, "snapshot.json");
    await writeSnapshot(file, snapshotOf([record("de"), record("fr")]));
    // The first read plans the lists (de, fr); then a crawl finishes into the same file (cs, de).
    const files = planSite(openSnapshot(file), site);
    await writeSnapshot(file, snapshotOf([record("cs"), record("de")]));
    const paths: string[] = [];
    expect(() => {
      for (const f of files) paths.push(f.path);
    }).toThrow(
      /^the snapshot changed while the site was written \(entry 0 is now proj\/comp\/cs\); render again$/,
    );
    expect(paths.some((p) => p.startsWith("proj/comp/cs/"))).toBe(false);
  });

  it("reads the same entries twice from an unchanged file: every translation gets its page and badges once", async () => {
    const dir = await tempDir("l10n-second-read-");
    const file = join(dir, "snapshot.json");
    await writeSnapshot(file, snapshotOf([record("cs"), record("de"), record("fr")]));
    const paths = [...planSite(openSnapshot(file), site)].map((f) => f.path);
    for (const language of ["cs", "de", "fr"]) {
      expect(
        paths.filter(
          (p) =>
            p === `proj/comp/${language}/index.html` ||
            p.startsWith(`badges/proj/comp/${language}.`),
        ),
      ).toHaveLength(3);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });
});
