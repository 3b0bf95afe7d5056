import { marked, type Tokens } from "marked";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { Triple } from "../../src/config/triple.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { contractRecord, set } from "../helpers/fixtures.js";
import { BASE, renderedFiles } from "./fixture.js";

// Names from the server inside the Markdown and HTML snippets a user pastes: a project and a
// component named with line breaks, a heading, a link and an image stay one line of text in the
// badges/<project>/README.md widgets and in every snippet of badges/index.html, read back with
// marked and an HTML parser. (A trial found "\n\n## injected heading" rendered as a heading.)

const PROJECT = "Evil\n\n## injected heading\n\n[click](http://evil.example) <img src=x>";
const COMPONENT = "Comp\r\n\r\n# also injected\n**bold**";

function hostileSnapshot() {
  let r = contractRecord(BASE, { stats: { translated: 36, fuzzy: 5 } });
  r = set(set(r, "component.project.name", PROJECT), "component.name", COMPONENT);
  const triples: Triple[] = [{ project: "proj", component: "comp", language: "cs" }];
  const entries = [toEntry({ triple: triples[0]!, body: r }, { baseUrl: BASE })];
  return toSnapshot(entries, { baseUrl: BASE, triples, now: new Date("2026-11-21T12:00:00Z") });
}

/** What a Markdown snippet renders to: its images, links and any block but one paragraph. */
function rendered(markdown: string) {
  const tokens = marked.lexer(markdown);
  const html = parse(marked.parse(markdown, { async: false }));
  return {
    blocks: tokens.filter((t) => t.type !== "space").map((t) => t.type),
    images: html.querySelectorAll("img").map((i) => i.getAttribute("alt") ?? ""),
    links: html.querySelectorAll("a").map((a) => a.getAttribute("href")),
  };
}

describe("server names in Markdown and HTML snippets", async () => {
  const files = await renderedFiles(hostileSnapshot(), {
    url: "https://me.github.io/repo/",
    badgeMetrics: ["words"],
  });

  it("stay text in badges/<project>/README.md: our headings only, one image per widget", () => {
    const readme = files.get("badges/proj/README.md")!;
    const tokens = marked.lexer(readme);
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === "heading");
    expect(headings.map((h) => h.depth)).toEqual([1, 2, ...headings.slice(2).map(() => 3)]);
    // The project's name is in the title, as text and escapes only.
    expect(new Set(headings[0]?.tokens.map((t) => t.type))).toEqual(new Set(["text", "escape"]));
    const html = parse(marked.parse(readme, { async: false }));
    expect(html.querySelectorAll("h1, h2, h3").map((h) => h.textContent)).not.toContain(
      "injected heading",
    );
    expect(html.querySelectorAll("strong")).toHaveLength(0);
    for (const a of html.querySelectorAll("a"))
      expect(a.getAttribute("href")).toMatch(/^https:\/\/me\.github\.io\/repo\//);
    for (const img of html.querySelectorAll("img")) {
      expect(img.getAttribute("src")).toMatch(/^https:\/\/me\.github\.io\/repo\//);
      expect(img.getAttribute("alt")).not.toMatch(/\n/);
    }
    const codes = tokens.filter((t): t is Tokens.Code => t.type === "code");
    expect(codes.length).toBeGreaterThan(3);
    for (const code of codes) {
      const r = rendered(code.text);
      expect(r.blocks).toEqual(["paragraph"]);
      expect(r.images).toHaveLength(1);
      expect(r.images[0]).toContain("Evil ## injected heading [click](http://evil.example)");
      expect(r.links).toHaveLength(1);
    }
  });

  it("stay text in every snippet of badges/index.html, Markdown and HTML", () => {
    const page = parse(files.get("badges/index.html")!);
    const snippets = page.querySelectorAll("textarea").map((t) => t.textContent);
    expect(snippets.length).toBeGreaterThan(10);
    let markdown = 0;
    let html = 0;
    for (const text of snippets) {
      expect(text).not.toMatch(/\n/);
      if (text.startsWith("[![")) {
        markdown += 1;
        const r = rendered(text);
        expect(r.blocks, text).toEqual(["paragraph"]);
        expect(r.images).toHaveLength(1);
        expect(r.links).toHaveLength(1);
      } else if (text.startsWith("<a ")) {
        html += 1;
        const snippet = parse(text);
        expect(snippet.querySelectorAll("a")).toHaveLength(1);
        expect(snippet.querySelectorAll("img")).toHaveLength(1);
        expect(snippet.querySelectorAll("*")).toHaveLength(2);
      }
    }
    expect(markdown).toBeGreaterThan(5);
    expect(html).toBeGreaterThan(5);
  });
});
