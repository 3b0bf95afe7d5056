import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { marked } from "marked";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { contractRecord } from "../../helpers/fixtures.js";
import { runMain } from "../../helpers/run-main.js";
import { startStandIn } from "../../helpers/stand-in.js";

// A snippet pasted into a README keeps its alternative text forever while its picture follows
// every run: the text says what the badge shows and whose (as Weblate's and shields' snippets
// do), never a number or an age that would soon be wrong.

/** The alternative texts of the images in Markdown, as a Markdown renderer gives them. */
function markdownAlts(markdown: string): string[] {
  const html = marked.parse(markdown, { async: false });
  return parse(html)
    .querySelectorAll("img")
    .map((img) => img.getAttribute("alt") ?? "");
}

async function snippetAlts(out: string) {
  const read = (path: string) => readFile(join(out, path), "utf8");
  const page = parse(await read("proj/comp/cs/index.html"));
  const badges = parse(await read("badges/index.html"));
  const html = parse(badges.querySelector("#t-html")?.text ?? "");
  return {
    translationPage: markdownAlts(page.querySelector("#md")?.text ?? ""),
    badgesPage: [
      ...markdownAlts(badges.querySelector("#t-md")?.text ?? ""),
      ...markdownAlts(badges.querySelector("#t-shields")?.text ?? ""),
      html.querySelector("img")?.getAttribute("alt"),
    ],
    readme: markdownAlts(await read("badges/proj/README.md"))[0],
  };
}

describe("badge snippets' alternative text", () => {
  it("names what the badge shows and whose, never its number: the same after the numbers change", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const build = async () => {
      const run = await runMain({ baseUrl: server.baseUrl, translations: ["proj/comp/cs"] }, [
        "build",
      ]);
      expect(run.code).toBe(0);
      return snippetAlts(join(run.dir, "out"));
    };
    const first = await build();
    expect(first).toEqual({
      translationPage: ["translated: proj / comp / Language cs"],
      badgesPage: Array(3).fill("translated: proj / comp / Language cs"),
      readme: "translated: proj / Language cs",
    });
    server.setTranslation(contractRecord(server.baseUrl, { stats: { translated: 90 } }));
    expect(await build()).toEqual(first);
  });
});
