import { parse } from "node-html-parser";
import { marked, type Tokens } from "marked";
import { describe, expect, it } from "vitest";
import { markdownText } from "../../src/text/markdown-text.js";
import { exportsSnapshot, HOSTILE_PROJECT, renderedFiles } from "./fixture.js";

// badges/<project>/README.md, read by a CommonMark + GFM parser (marked): a table of the
// project's languages, each with its badge image and percent, then the widgets' snippets.

const files = await renderedFiles(exportsSnapshot(), { url: "https://me.github.io/repo/" });
const readme = files.get("badges/proj/README.md")!;
const tokens = marked.lexer(readme);

describe("badges/<project>/README.md", () => {
  it("has a table: language, badge, percent, most translated first", () => {
    const table = tokens.find((t): t is Tokens.Table => t.type === "table")!;
    expect(table.header.map((h) => h.text)).toEqual(["Language", "Badge", "Translated"]);
    // fr failed with no numbers: a failure of the component, no language of the project.
    expect(table.rows.map((r) => r[2]!.text)).toEqual(["100%", "39.5%"]);
    // The native name first ("Deutsch"? ICU knows "de", not the record's "@German"), the English one after.
    expect(marked.parseInline(table.rows[0]![0]!.text)).toBe("Deutsch (@German)");
    const image = table.rows[1]![1]!.tokens[0] as Tokens.Link;
    expect(image.href).toBe("https://me.github.io/repo/languages/cs/");
    const img = image.tokens[0] as Tokens.Image;
    expect(img.href).toBe("https://me.github.io/repo/badges/languages/cs/proj.svg");
    // The alt text as a renderer gives it (its punctuation backslash-escaped in the file): what
    // the badge shows and whose, never its percent, which a pasted snippet would keep.
    expect(marked.parseInline(img.raw)).toContain(
      'alt="translated: =HYPERLINK(&quot;http://evil.example&quot;,&quot;x&quot;) / Language cs"',
    );
  });

  it("links badges that the site has", () => {
    for (const code of ["cs", "de"])
      expect(files.has(`badges/languages/${code}/proj.svg`)).toBe(true);
    expect(files.has("badges/languages/fr/proj.svg")).toBe(false);
    expect(files.get("badges/languages/cs/proj.json")).toContain('"39%"');
  });

  it("shows the project's widgets with their snippets", () => {
    const codes = tokens.filter((t): t is Tokens.Code => t.type === "code").map((t) => t.text);
    // The snippet, rendered: one link to the project's page around the chart, its alternative text
    // the project's name as text (escaped in the Markdown, shown as it is).
    const chart = codes
      .map((code) => parse(marked.parse(code, { async: false })))
      .find((html) => html.querySelector("img")?.getAttribute("src")?.endsWith("proj.chart.svg"));
    expect(chart?.querySelector("a")?.getAttribute("href")).toBe("https://me.github.io/repo/proj/");
    expect(chart?.querySelector("img")?.getAttribute("alt")).toBe(
      'Translation status of =HYPERLINK("http://evil.example","x") by language',
    );
  });

  it("keeps server text from making markup", () => {
    const heading = tokens.find((t): t is Tokens.Heading => t.type === "heading")!;
    expect(heading.depth).toBe(1);
    // Plain text and escaped characters (each shown as itself), nothing else.
    expect(new Set(heading.tokens.map((t) => t.type))).toEqual(new Set(["text", "escape"]));
    expect(marked.parse(heading.raw)).not.toMatch(/<a |<img|<em|<strong|<code/);
    expect(marked.parseInline(markdownText(HOSTILE_PROJECT))).toBe(
      '=HYPERLINK("http://evil.example","x")'.replace(/"/g, "&quot;"),
    );
    for (const hostile of ["| cell", "<img src=x>", "[link](http://x)", "**bold**", "a\nb"]) {
      const html = marked.parse(`| a |\n| - |\n| ${markdownText(hostile)} |`) as string;
      expect(html).not.toMatch(/<img|<a |<strong/);
      expect(html.match(/<td>/g)).toHaveLength(1);
    }
  });
});
