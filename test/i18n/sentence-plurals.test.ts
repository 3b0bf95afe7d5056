import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { siteOptionsSchema } from "../../src/config/schema.js";
import { parseTripleString } from "../../src/config/triple.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { siteFiles } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import { contractRecord, set } from "../helpers/fixtures.js";

// A progress sentence is right for any count, not only its noun: German said "100 % der 1 Wort
// übersetzt" ("der" wants a plural); it says "1 Wort, davon 100 % übersetzt", "2 Wörter, davon …".
// The message stays one text, so the catalogs users wrote for it (site.catalog) keep working.

const BASE = "https://weblate.example";

/** A translation of one string of `words` words, translated. */
function wordsRecord(language: string, words: number) {
  const r = contractRecord(BASE, {
    language,
    total: 1,
    stats: { translated: 1, fuzzy: 0, failingChecks: 0 },
  });
  return set(set(r, "total_words", words), "translated_words", words);
}

describe("the progress sentence in each plural form", () => {
  it("says '1 Wort, davon' and '2 Wörter, davon' on German pages, never 'der 1 Wort'", async () => {
    const keys = ["proj/comp/cs", "proj/comp/sk"];
    const triples = keys.map((k) => parseTripleString(k).triple!);
    const bodies = [wordsRecord("cs", 1), wordsRecord("sk", 2)];
    const entries = triples.map((triple, i) =>
      toEntry({ triple, body: bodies[i] }, { baseUrl: BASE }),
    );
    const snapshot = toSnapshot(entries, {
      baseUrl: BASE,
      triples,
      now: new Date("2026-11-21T12:00:00Z"),
    });
    const site = siteOptionsSchema.parse({ title: "Demo", locales: ["de"], metric: "words" });
    const files = new Map((await siteFiles(snapshot, site)).map((f) => [f.path, f.content]));
    // The sentence a page's description (and a link preview) gives; "100 %" with the locale's
    // no-break space.
    const said = (path: string) =>
      parse(String(files.get(path)))
        .querySelector('meta[name="description"]')!
        .getAttribute("content")!
        .replace(/\s/g, " ");
    expect(said("proj/comp/cs/index.html")).toContain("1 Wort, davon 100 % übersetzt");
    expect(said("proj/comp/cs/index.html")).not.toContain("der 1 Wort");
    expect(said("proj/comp/sk/index.html")).toContain("2 Wörter, davon 100 % übersetzt");
  });
});
