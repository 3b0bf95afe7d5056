import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { captureIo } from "../helpers/stand-in.js";
import {
  expectCase,
  filesUnder,
  goodWeblate,
  json,
  recordFor,
  runCase,
  snapshotOf,
  type Handler,
} from "../helpers/hostile-server.js";

// Hostile strings: markup, javascript:/data: links, control and bidi characters, reserved and
// colliding path names.

const three = ["proj/comp/cs", "proj/comp/de", "proj/comp/fr"];

/** Good detail records, changed by `change` (given the language). */
const changed =
  (
    change: (record: Record<string, unknown>, language: string) => Record<string, unknown>,
  ): Handler =>
  (req, res, server) => {
    const match = /^\/api\/translations\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(req.url!);
    if (!match) return json(res, 404, { detail: "Not found." });
    return json(
      res,
      200,
      change(recordFor(server.baseUrl, match[1]!, match[2]!, match[3]!), match[3]!),
    );
  };

/**
 * A server with one component list, proj/comp, of these language codes, and proj's component list
 * of these slugs.
 */
const lists =
  (codes: string[], slugs: string[] = ["comp"]): Handler =>
  (req, res, server) => {
    const base = server.baseUrl;
    const url = new URL(req.url!, base);
    if (url.pathname === "/api/projects/proj/components/")
      return json(res, 200, {
        count: slugs.length,
        next: null,
        previous: null,
        results: slugs.map((slug) => ({
          ...(recordFor(base, "proj", slug, "cs").component as object),
          slug,
          url: `${base}/api/components/proj/${encodeURIComponent(slug)}/`,
        })),
      });
    const list = /^\/api\/components\/proj\/([^/]+)\/translations\/$/.exec(url.pathname);
    if (list) {
      const slug = decodeURIComponent(list[1]!);
      return json(res, 200, {
        count: codes.length,
        next: null,
        previous: null,
        results: codes.map((code) => ({
          ...recordFor(base, "proj", slug, code),
          language_code: code,
        })),
      });
    }
    const component = /^\/api\/components\/proj\/([^/]+)\/$/.exec(url.pathname);
    if (component)
      return json(
        res,
        200,
        recordFor(base, "proj", decodeURIComponent(component[1]!), "cs").component,
      );
    return goodWeblate(req, res, server);
  };

/**
 * Every page parsed: no script but the site's own table sorter (by `src`, with no text), no
 * embedded content, no event handler, every link relative or http(s). Inline SVG (the trend
 * charts) is allowed, with nothing executable inside it.
 */
async function expectSafePages(outDir: string): Promise<void> {
  const pages = [...(await filesUnder(outDir))].filter(([file]) => file.endsWith(".html"));
  expect(pages.length).toBeGreaterThan(0);
  for (const [file, latin1] of pages) {
    const root = parse(Buffer.from(latin1, "latin1").toString("utf8"));
    expect(
      root.querySelectorAll("iframe, object, embed, svg script, svg foreignObject, svg a"),
      file,
    ).toHaveLength(0);
    for (const script of root.querySelectorAll("script")) {
      // 404.html's ways (moved.js) and their folders, JSON data that is never run.
      if (file === "404.html" && script.getAttribute("type") === "application/json") {
        const data: unknown = JSON.parse(script.text);
        expect(Array.isArray(data) && data.every((d) => typeof d === "string"), file).toBe(true);
        continue;
      }
      const own =
        file === "404.html"
          ? /^(\/|https?:\/\/[^"]*\/)assets\/moved\.js$/
          : /^(\.\.\/)*assets\/tables\.js$/;
      expect(script.getAttribute("src") ?? "", file).toMatch(own);
      expect(script.text, file).toBe("");
    }
    for (const element of root.querySelectorAll("*")) {
      for (const [name, value] of Object.entries(element.attributes)) {
        expect(name.startsWith("on"), `${file}: ${name}`).toBe(false);
        if (name === "href" || name === "src")
          expect(/^(https?:|[^:]*$)/i.test(value), `${file}: ${name}=${value}`).toBe(true);
      }
    }
  }
}

describe("hostile server: hostile strings", () => {
  it("markup in every name: escaped on every page", async () => {
    const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>'`;
    const result = await runCase({
      translations: three,
      handler: changed((r) => ({
        ...r,
        last_author: evil,
        filename: evil,
        language: { ...(r.language as object), name: evil },
        component: { ...(r.component as object), name: evil },
      })),
    });
    await expectCase(result, { code: 0 });
    await expectSafePages(result.outDir);
    const page = parse((await filesUnder(result.outDir)).get("proj/comp/cs/index.html")!);
    expect(page.querySelector("h1")!.text).toContain("<script>alert(1)</script>");
  });

  it.each([
    ["javascript:alert(document.domain)"],
    ["JaVaScRiPt:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    [" javascript:alert(1)"],
    ["vbscript:x"],
  ])("a %s link is never made a link", async (link) => {
    const result = await runCase({
      translations: three,
      handler: changed((r) => ({ ...r, web_url: link, translate_url: link, share_url: link })),
    });
    await expectCase(result, { code: 0 });
    await expectSafePages(result.outDir);
  });

  it("control and bidi characters in names and an extra field's name: stderr escaped, pages kept as text", async () => {
    const result = await runCase({
      translations: three,
      args: ["--verbose"],
      handler: changed((r) => ({
        ...r,
        "\u001b[2J\u202efield\nfetched 99, ok 99": 1,
        last_author: "A\u202eB\u0007C",
        language: { ...(r.language as object), name: "\u2067name\u2069\u0085" },
      })),
    });
    await expectCase(result, {
      code: 0,
      message: "\\u001b[2J\\u202efield\\u000afetched 99, ok 99: expected no such field",
    });
    expect(result.err.split("\n").some((line) => line.startsWith("fetched 99"))).toBe(false);
    await expectSafePages(result.outDir);
  });

  it("a language code `index.html` in a component's list: that translation is invalid, the site is written", async () => {
    const result = await runCase({
      translations: ["proj/comp/*"],
      handler: lists(["cs", "index.html", "de"]),
    });
    await expectCase(result, {
      code: 1,
      message:
        /^invalid proj\/comp\/index\.html: \(site\): cannot be put on the site: its file proj\/comp\/index\.html\/index\.html collides with the component proj\/comp/,
    });
    expect((await snapshotOf(result)).translations.map((t) => `${t.language}:${t.status}`)).toEqual(
      ["cs:ok", "de:ok", "index.html:invalid"],
    );
    const files = await filesUnder(result.outDir);
    expect(files.has("proj/comp/cs/index.html")).toBe(true);
    expect(parse(files.get("index.html")!).text).toContain("Not on the site");
  });

  it("a component slug `index.html` in a project's list: that component is invalid, the rest is written", async () => {
    const result = await runCase({
      translations: ["proj/*/cs"],
      handler: lists(["cs"], ["comp", "index.html"]),
    });
    await expectCase(result, {
      code: 1,
      message: /^invalid proj\/index\.html\/cs: \(site\): .*collides with the project proj/,
    });
  });

  it("a project named like a folder of the site (`badges`) gets its pages beside it, at badges.project/", async () => {
    const result = await runCase({ translations: ["badges/comp/cs", "proj/comp/cs"] });
    await expectCase(result, { code: 0 });
    const files = await filesUnder(result.outDir);
    expect(files.has("badges.project/comp/cs/index.html")).toBe(true);
    expect(files.has("badges/badges.project/comp/cs.svg")).toBe(true);
    expect(files.has("badges/index.html")).toBe(true);
  });

  it("a component inside a category that is another translation's path: the later one is invalid", async () => {
    // proj/x/de is a translation (component x, language de); proj/x%2Fde/cs is component de inside
    // category x.
    const result = await runCase({
      translations: ["proj/x/de", "proj/x/de/cs"],
      handler: changed((r, l) => (l === "cs" ? recordForCategory(r) : r)),
    });
    await expectCase(result, {
      code: 1,
      message: /^invalid proj\/x\/de\/cs: \(site\): .*collides with the translation proj\/x\/de/,
    });
  });

  it("language codes `..`, `.` and with a slash in a list are unusable items, not paths", async () => {
    const result = await runCase({
      translations: ["proj/comp/*"],
      handler: lists(["cs", "..", "."]),
    });
    await expectCase(result, { code: 1, message: "has no usable language code" });
    const files = [...(await filesUnder(result.dir)).keys()];
    expect(files.every((f) => f === "config.json" || f.startsWith("out/"))).toBe(true);
  });

  it("a 200-character code of multibyte letters, too long for a file name once encoded: that entry only is invalid", async () => {
    const long = "\u00e9".repeat(200);
    const result = await runCase({ translations: ["proj/comp/*"], handler: lists(["cs", long]) });
    await expectCase(result, { code: 1, message: "a name is longer than a file name may be" });
  });

  it("a snapshot that lists one translation twice renders, with the second kept off the site", async () => {
    const result = await runCase({ command: "crawl" });
    const file = join(result.dir, "snapshot.json");
    const snapshot = JSON.parse(await readFile(file, "utf8"));
    snapshot.translations.push(snapshot.translations[0]);
    await writeFile(file, JSON.stringify(snapshot));
    const io = captureIo();
    expect(await main(["render", "--snapshot", file, "--out", result.outDir], io)).toBe(0);
    expect(io.err()).toBe("");
    expect(parse((await filesUnder(result.outDir)).get("index.html")!).text).toContain(
      "the snapshot lists this translation twice",
    );
  });
});

/** The record of component `de` inside category `x`, as a server with categories sends it. */
function recordForCategory(record: Record<string, unknown>): Record<string, unknown> {
  const component = record.component as Record<string, unknown>;
  return { ...record, component: { ...component, slug: "de", name: "de" } };
}
