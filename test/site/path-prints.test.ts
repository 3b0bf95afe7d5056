import { describe, expect, it } from "vitest";
import { PathPrints } from "../../src/site/path-prints.js";

// The site's files besides the translations' are kept as fingerprints of their paths while the
// translations are written, each translation's files checked against them.

const paths = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `badges/languages/${prefix}${i % 200}/project${i}.svg`);

describe("the fingerprints of the site's planned paths", () => {
  it("knows every path added, no other, and asks to confirm only where a print matches", () => {
    const added = new Set(paths("de", 20_000));
    const asked: string[] = [];
    const prints = new PathPrints((path) => {
      asked.push(path);
      return added.has(path);
    });
    for (const path of added) expect(prints.add(path)).toBe(true);
    for (const path of added) expect(prints.has(path)).toBe(true);
    expect(asked).toEqual([...added]);
    // Paths one character apart, and the translations' own shapes: none taken, none asked about.
    asked.length = 0;
    for (const path of [...paths("fr", 20_000), ...paths("de", 20_000).map((p) => `${p}x`)])
      expect(prints.has(path)).toBe(false);
    expect(prints.has("badges/project1/component1/de.svg")).toBe(false);
    expect(asked).toEqual([]);
  });

  it("says when a path's print is there already (a path planned twice)", () => {
    const prints = new PathPrints(() => true);
    expect(prints.add("p/index.html")).toBe(true);
    expect(prints.add("p/c/index.html")).toBe(true);
    expect(prints.add("p/index.html")).toBe(false);
  });

  it("never says yes on a print alone: the path is confirmed", () => {
    const prints = new PathPrints(() => false);
    prints.add("badges/p.svg");
    expect(prints.has("badges/p.svg")).toBe(false);
  });
});
