import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareTriples, type Triple } from "../../src/config/triple.js";
import { PublishableClaims } from "../../src/site/publishable.js";
import { SiteClaims } from "../../src/site/site-claims.js";

// The crawl checks the site's file claims one project at a time (publishable.ts); the renderer
// checks them with one SiteClaims over every entry. Both must reject the same entries with the
// same words, whatever the names.

const names = fc.constantFrom(
  "x",
  "x.svg",
  "x.json",
  "x.svg.json",
  "a",
  "a.svg",
  "index.html",
  "badges",
  "languages",
  "docs",
  "usage",
  "de",
  "DE",
  "X",
  "Badges",
  "con",
  "de.svg",
  "*",
  "%2F",
  "..",
  "a b",
  "Ä",
);
const component = fc.oneof(
  names,
  fc.tuple(names, names).map(([a, b]) => `${a}%2F${b}`),
);
const triple: fc.Arbitrary<Triple> = fc.record({ project: names, component, language: names });

function oneClaims(entries: Triple[]): (string | undefined)[] {
  const claims = new SiteClaims();
  return entries.map((e) => claims.claim(e));
}

function perProject(entries: Triple[]): (string | undefined)[] {
  const claims = new PublishableClaims();
  return entries.map((e) => claims.claim(e));
}

describe("site claims one project at a time", () => {
  it("reject the same entries, with the same reasons, as one SiteClaims over all of them", () => {
    fc.assert(
      fc.property(fc.array(triple, { maxLength: 40 }), (entries) => {
        const sorted = [...entries].sort(compareTriples);
        expect(perProject(sorted)).toEqual(oneClaims(sorted));
      }),
      { numRuns: 2000 },
    );
  });

  it("see a project's badge file in the way of a later project's folder", () => {
    const entries = [
      { project: "x", component: "c", language: "de" },
      { project: "x.svg", component: "c", language: "de" },
    ];
    const answers = perProject(entries);
    expect(answers[0]).toBeUndefined();
    // Its README table and badges page are the first of its files in x's badge file.
    expect(answers[1]).toMatch(/badges\/x\.svg\/index\.html collides with the project x/);
    expect(answers).toEqual(oneClaims(entries));
  });
});
