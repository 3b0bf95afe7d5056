import { readdir, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { documents, fillExamples, root, runExamples, steady } from "../../scripts/docs-examples.js";

// The README is a front door and the guide cannot drift: the README's length and first lines,
// every relative link and #anchor of the docs, every config they show against the schema, every
// command output they show against a run of today (`npm run docs:examples` writes them), and no
// path outside the repository named in a document or a source comment.

const read = (file: string) => readFile(join(root, file), "utf8");

/** The text without its fenced code blocks, where a heading is not a heading. */
const unfenced = (markdown: string) => markdown.replace(/^```[\s\S]*?^```$/gm, "");

/** The text without code, where a link is not a link. */
const prose = (markdown: string) => unfenced(markdown).replace(/`[^`\n]*`/g, "");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of unfenced(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = (heading ?? "")
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  for (const [, id] of markdown.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id ?? "");
  return anchors;
}

describe("the docs", async () => {
  const files = await documents();
  const texts = new Map(await Promise.all(files.map(async (f) => [f, await read(f)] as const)));
  const readme = texts.get("README.md") ?? "";

  it("keep the README a front door: 300 lines at most, the two set-up commands in the first 60", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(300);
    const top = readme.split("\n").slice(0, 60).join("\n");
    expect(top).toContain("npm install && npm start");
    expect(top).toContain("npm install && npm test");
  });

  it("link only to files and #anchors that exist", () => {
    const broken: string[] = [];
    for (const [file, markdown] of texts) {
      for (const [, target] of prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const [path = "", anchor] = target.split("#");
        const to = path ? normalize(join(dirname(file), path)) : file;
        if (!existsSync(join(root, to))) broken.push(`${file}: ${target} (no file ${to})`);
        else if (anchor && to.endsWith(".md")) {
          const other = texts.get(to) ?? "";
          if (!anchorsOf(other).has(anchor)) broken.push(`${file}: ${target} (no #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("show configs that the schema takes, whole or a part of one", () => {
    const keys = Object.keys(configSchema.shape);
    // A part of a config (`{"site": {...}}`) is shown with the keys a config needs beside it.
    const needed = { baseUrl: "https://weblate.example", translations: ["p/c/de"] };
    let configs = 0;
    for (const [file, markdown] of texts) {
      for (const [, body] of markdown.matchAll(/^```json\n([\s\S]*?)^```$/gm)) {
        const value: unknown = JSON.parse(body ?? "");
        if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
        // A config's keys are the schema's; a --json summary or a snapshot has others.
        if (!Object.keys(value).every((key) => keys.includes(key))) continue;
        configs++;
        const result = configSchema.safeParse({ ...needed, ...value });
        expect(result.error?.issues ?? [], `${file}: ${body}`).toEqual([]);
      }
    }
    expect(configs).toBeGreaterThanOrEqual(3);
  });

  it("name no path outside the repository, nor do the sources' comments", async () => {
    // Spelled in pieces, so that this file does not name them itself.
    const shared = ["shared", "spec"];
    const outside = new RegExp(`\\.\\./${shared[0]}/|${shared.join("/")}/`);
    const sources: string[] = [];
    for (const folder of ["src", "scripts", "bench", "test"]) {
      const names = await readdir(join(root, folder), { recursive: true });
      sources.push(...names.filter((n) => /\.[jt]s$/.test(n)).map((n) => `${folder}/${n}`));
    }
    const found: string[] = [];
    for (const file of [...files, ...sources]) {
      const text = texts.get(file) ?? (await read(file));
      if (outside.test(text)) found.push(file);
    }
    expect(found).toEqual([]);
  });

  it("show what the commands print today, and the reference the schema gives", async () => {
    const examples = await runExamples();
    for (const [file, markdown] of texts) {
      const fresh = fillExamples(markdown, examples);
      expect(steady(markdown), `${file}: run npm run docs:examples`).toBe(steady(fresh));
    }
    const all = [...texts.values()].join("\n");
    for (const name of Object.keys(examples)) expect(all).toContain(`<!-- example: ${name} -->`);
  }, 180_000);
});
