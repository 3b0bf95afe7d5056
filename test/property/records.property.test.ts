import { readdirSync, readFileSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import fc from "fast-check";
import { parse } from "node-html-parser";
import { afterAll, describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { renderSite, siteFiles } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { validateRecord } from "../../src/validate/validate-record.js";
import { contractRecord, set } from "../helpers/fixtures.js";
import { tempDir } from "../helpers/temp-dir.js";

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;

// Property tests: any JSON value as a record, and records of the contract with any field made
// hostile. The validator never throws; the site never holds an element or attribute the
// templates do not write (so no unescaped `<` or `"` from a record), never links to anything but
// http(s) or its own pages, and is never written outside its folder.

const BASE = "https://weblate.example";
const site = siteOptionsSchema.parse({});
let recordsSeen = 0;

const hostileText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='x",
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    " javascript:x",
    "\u202e\u2066",
    "\u001b[31m\n",
    "index.html",
    "..",
    ".",
    "",
    "*",
    "%2F",
    "a/b",
    "\\",
    "badges",
    "wlu_abcdefghijkl",
    'https://evil.example/"><x>',
  ),
);
const anyValue = fc.oneof(
  hostileText,
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(null),
);
const FIELDS = [
  "total",
  "translated",
  "fuzzy",
  "failing_checks",
  "translated_percent",
  "total_words",
  "language.code",
  "language.name",
  "language.direction",
  "language_code",
  "component.slug",
  "component.name",
  "component.project.slug",
  "component.project.name",
  "component",
  "language",
  "web_url",
  "translate_url",
  "share_url",
  "last_change",
  "last_author",
  "filename",
  "revision",
  "url",
  "an_extra_field",
];
const slug = fc.oneof(
  fc.constantFrom("proj", "comp", "cs", "de", "ar", "zh_Hans", "sr@latin"),
  hostileText.filter((s) => s.length > 0),
);

/**
 * A record of the contract for the triple, with a few fields replaced by anything; or any JSON
 * value at all.
 */
const recordFor = (triple: { project: string; component: string; language: string }) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...FIELDS), anyValue), { maxLength: 4 })
        .map((changes) => {
          let record = contractRecord(BASE, triple);
          for (const [path, value] of changes) {
            try {
              record = set(record, path, value);
            } catch {
              // a path through a field an earlier change replaced: leave it
            }
          }
          return JSON.parse(JSON.stringify(record)) as unknown;
        }),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 5 }) },
  );

const triple = fc.record({ project: slug, component: slug, language: slug });
const fetched = triple.chain((t) => recordFor(t).map((body) => ({ triple: t, body })));
const snapshotArb = fc.array(fetched, { minLength: 3, maxLength: 20 }).map((items) => {
  recordsSeen += items.length;
  // A triple may come twice (as in a snapshot edited by hand): the site must still be written.
  const entries = items.map((f) => toEntry(f, { baseUrl: BASE }));
  return toSnapshot(entries, {
    baseUrl: BASE,
    triples: entries,
    now: new Date("2026-01-01T00:00:00Z"),
  });
});

// What the templates themselves can write: their elements and attribute names, read from their
// source with the eta tags taken out. A page may hold nothing else, whatever the records say.
// The markup the code of the templates (eta tags) and the view helpers build is the templates'
// too: the string literals of both that hold a tag.
const literals = (code: string) =>
  [...code.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g)]
    .map((m) => m[0].slice(1, -1).replace(/\$\{[^}]*\}/g, "x"))
    .filter((text) => text.includes("<"));
const templateSource = [
  ...readdirSync(TEMPLATES, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".eta"))
    .map((file) => readFileSync(join(TEMPLATES, file), "utf8"))
    .flatMap((text) => [
      text.replace(/<%[\s\S]*?%>/g, " "),
      ...[...text.matchAll(/<%[\s\S]*?%>/g)].flatMap((m) => literals(m[0])),
    ]),
  ...literals(readFileSync(join(TEMPLATES, "../src/render/pages/view-helpers.ts"), "utf8")),
].join("\n");
const TAGS = new Set(
  [...templateSource.matchAll(/<\/?([a-zA-Z!][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase()),
);
const ATTRIBUTES = new Set(
  [...templateSource.matchAll(/\s([a-zA-Z][a-zA-Z0-9:-]*)(?==|[\s>])/g)].map((m) =>
    m[1]!.toLowerCase(),
  ),
);

function expectSafePage(path: string, html: string): void {
  for (const match of html.matchAll(/<\/?([a-zA-Z!][a-zA-Z0-9-]*)/g))
    expect(TAGS.has(match[1]!.toLowerCase()), `${path}: <${match[1]}`).toBe(true);
  for (const element of parse(html).querySelectorAll("*")) {
    for (const [name, value] of Object.entries(element.attributes)) {
      expect(ATTRIBUTES.has(name.toLowerCase()), `${path}: attribute ${name}`).toBe(true);
      if (name === "href" || name === "src")
        expect(/^(https?:\/\/|[^:]*$)/i.test(value), `${path}: ${name}="${value}"`).toBe(true);
    }
  }
  // The one script is the site's own table sorter, by address, with no text of its own; 404.html's
  // is its ways (moved.js), with their folders as JSON data, which is never run.
  for (const script of parse(html).querySelectorAll("script")) {
    if (path === "404.html" && script.getAttribute("type") === "application/json") {
      const data: unknown = JSON.parse(script.text);
      expect(Array.isArray(data) && data.every((d) => typeof d === "string"), path).toBe(true);
      continue;
    }
    const own = path === "404.html" ? /(^|\/)assets\/moved\.js$/ : /^(\.\.\/)*assets\/tables\.js$/;
    expect(script.getAttribute("src") ?? "", path).toMatch(own);
    expect(script.text, path).toBe("");
  }
}

describe("property: any record", () => {
  afterAll(() => {
    // The figure the CI log shows: records generated in this file's runs.
    console.log(`property tests: ${recordsSeen} generated records`);
    expect(recordsSeen).toBeGreaterThanOrEqual(1000);
  });

  it("validateRecord never throws, and says ok or invalid with string problems", () => {
    fc.assert(
      fc.property(fetched, ({ triple: t, body }) => {
        recordsSeen += 1;
        const result = validateRecord(body, t, { baseUrl: BASE });
        expect(["ok", "invalid"]).toContain(result.status);
        for (const p of [...result.errors, ...result.warnings])
          expect(typeof p.path === "string" && typeof p.message === "string").toBe(true);
        validateRecord(body, t, { baseUrl: BASE, strict: true });
      }),
      { numRuns: 1000 },
    );
  });

  it("the rendered site holds only the templates' elements and attributes, and only http(s) or relative links", async () => {
    await fc.assert(
      fc.asyncProperty(snapshotArb, async (snapshot) => {
        const files = await siteFiles(snapshot, site);
        for (const file of files) {
          if (file.path.endsWith(".html")) expectSafePage(file.path, file.content);
          expect(file.path.split("/").includes("..")).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
    // 25 whole sites (Open Graph pictures included) take a few seconds, many more on a busy 2-core
    // machine.
  }, 120_000);

  it("renderSite writes only inside its output folder", async () => {
    await fc.assert(
      fc.asyncProperty(snapshotArb, async (snapshot) => {
        const dir = await tempDir("l10n-property-");
        try {
          await renderSite(snapshot, join(dir, "out"), site);
          const written = await readdir(dir, { recursive: true });
          for (const path of written)
            expect(relative(dir, join(dir, path)).split(sep)[0]).toBe("out");
          expect(await readdir(dir)).toEqual(["out"]);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
