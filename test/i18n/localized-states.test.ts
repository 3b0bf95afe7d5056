import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { buildStatesSite } from "../helpers/states-site.js";
import { englishOnly, visibleText, words } from "./english-left.js";
import { tempDir } from "../helpers/temp-dir.js";

// The stale, failed and removed states in every shipped locale (the site of a job's three runs,
// test/helpers/states-site.ts): their words come from the catalogs, so a German, Arabic or
// Japanese page of each state has no English left but the data (names from the server, the
// crawl's problems, an HTTP status line).

const LOCALES = ["de", "ar", "ja"] as const;
/** The pages that show each state. */
const PAGES = [
  "index.html",
  "orbit-notes/index.html",
  "orbit-notes/website/index.html",
  "orbit-notes/website/de/index.html",
  "harbor-docs/glossary/index.html",
  "tinygrep/man-pages/fr/index.html",
];
let out = "";

beforeAll(async () => {
  out = join(await tempDir("l10n-states-i18n-"), "out");
  await buildStatesSite(out, { locales: ["en", ...LOCALES] });
}, 180_000);

describe("the states in each shipped locale", () => {
  const data = (buildDemoRecords("http://x") as { [k: string]: unknown }[])
    .flatMap((r) => JSON.stringify(r).match(/"(name|last_author|filename)":"[^"]*"/g) ?? [])
    .map((pair) => pair.split('":"')[1]!.slice(0, -1))
    // The site's title (the config's), slugs where no record names them, HTTP status lines.
    .concat(["Translation status", "man-pages", "glossary", "Internal Server Error", "Not Found"]);

  it.each(LOCALES)(
    "%s: stale, failed and removed pages say it in the locale's words",
    async (locale) => {
      const english = englishOnly(locale);
      const found: string[] = [];
      for (const path of PAGES) {
        const doc = parse(await readFile(join(out, locale, path), "utf8"));
        const seen = words(visibleText(doc, locale, data));
        for (const word of english) if (seen.has(word)) found.push(`${path}: ${word}`);
      }
      expect(found).toEqual([]);
      // The same look at the English pages finds the words: the check can fail.
      const en = parse(await readFile(join(out, "orbit-notes/website/index.html"), "utf8"));
      const seen = words(visibleText(en, "en", data));
      expect(english.filter((w) => seen.has(w)).length).toBeGreaterThan(10);
    },
  );

  it("says the reason with the server's HTTP status line as it is, inside the locale's words", async () => {
    const de = parse(await readFile(join(out, "de/orbit-notes/website/index.html"), "utf8"));
    expect(de.querySelector(".stale-line")?.text).toMatch(
      /^veraltet seit .+: Zahlen vom .+ für 8 .+; fehlgeschlagen: Liste orbit-notes\/website\/\*: 500 Internal Server Error$/,
    );
    const removed = parse(await readFile(join(out, "ja/tinygrep/man-pages/fr/index.html"), "utf8"));
    expect(removed.querySelector("h1 .tag.removed")?.text).toBe("削除済み");
  });
});
