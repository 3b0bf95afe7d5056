import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { SiteClaims } from "../../src/site/site-claims.js";

// A translation of the component claimed just before checks only its own files (its component's
// are taken already): the answers must be those of checking every file, whatever comes between.

const triple = (key: string) => {
  const [project = "", component = "", language = ""] = key.split("|");
  return { project, component, language };
};

describe("SiteClaims, translation after translation of one component", () => {
  it("answers as when every file is checked, for names in each other's way", () => {
    const claims = new SiteClaims();
    const answers = [
      "p|c|de",
      "p|c|de",
      // Its folder would be the component's page.
      "p|c|index.html",
      "p|c|fr",
      // A component under c: its folder is c's translation's (p/c/fr) and its files are in the
      // way of c's language "x" next.
      "p|c%2Ffr|de",
      "p|c%2Fx|de",
      "p|c|x",
      "p|c|x.svg",
      // Back to c after another component took files.
      "p|c|pt",
      // A wildcard of the project between two translations of one component.
      "p|*|*",
      "p|c|it",
      // Another project whose badge file is the folder of p's badges: q sorts first on a site.
      "p.svg|*|*",
      "p|c|ja",
      "p|index.html|de",
      "p|index.html|fr",
    ].map((key) => [key, claims.claim(triple(key)) ?? "ok"]);
    expect(answers).toEqual([
      ["p|c|de", "ok"],
      ["p|c|de", "cannot be put on the site: the snapshot lists this translation twice"],
      [
        "p|c|index.html",
        "cannot be put on the site: its file p/c/index.html/index.html collides with the component p/c",
      ],
      ["p|c|fr", "ok"],
      [
        "p|c%2Ffr|de",
        "cannot be put on the site: its file p/c/fr/index.html collides with the translation p/c/fr",
      ],
      ["p|c%2Fx|de", "ok"],
      [
        "p|c|x",
        "cannot be put on the site: its file p/c/x/index.html collides with the component p/c%2Fx",
      ],
      ["p|c|x.svg", "ok"],
      ["p|c|pt", "ok"],
      ["p|*|*", "ok"],
      ["p|c|it", "ok"],
      // Its README table and badges page would be in p's badge file.
      [
        "p.svg|*|*",
        "cannot be put on the site: its file badges/p.svg/index.html collides with the project p",
      ],
      ["p|c|ja", "ok"],
      [
        "p|index.html|de",
        "cannot be put on the site: its file p/index.html/index.html collides with the project p",
      ],
      [
        "p|index.html|fr",
        "cannot be put on the site: its file p/index.html/index.html collides with the project p",
      ],
    ]);
  });
});

describe("SiteClaims.close", () => {
  it("checks claims against its base, and refuses claims after close, its base's too", () => {
    const claims = new SiteClaims();
    for (let c = 0; c < 20; c++)
      for (let l = 0; l < 100; l++) expect(claims.claim(triple(`p|c${c}|l${l}`))).toBeUndefined();
    const elsewhere = new SiteClaims({ base: claims });
    // A removed translation is checked against the site's claims: its folder is taken.
    expect(elsewhere.claim(triple("p|c3|l7"))).toMatch(/twice|collides/);
    expect(elsewhere.claim(triple("q|c|de"))).toBeUndefined();
    elsewhere.close();
    expect(() => elsewhere.claim(triple("r|c|de"))).toThrow(/after close/);
    expect(() => claims.claim(triple("r|c|de"))).toThrow(/after close/);
  });
});

describe("SiteClaims' memory", () => {
  // A million translations are claimed before the site is written: each was kept as its folder
  // and its owner's name (some 270 bytes); kept as its language under its component, a few dozen.
  it("keeps a few dozen bytes a translation claimed", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const claims = new SiteClaims();
    let count = 0;
    for (let c = 0; c < 100; c++)
      for (let l = 0; l < 200; l++) {
        // Fresh strings, as each entry read from a snapshot brings its own.
        const entry = JSON.parse(`{"project":"p","component":"c${c}","language":"l_${l}"}`);
        expect(claims.claim(entry)).toBeUndefined();
        count += 1;
      }
    gc();
    const perTranslation = (process.memoryUsage().heapUsed - before) / count;
    expect(perTranslation).toBeLessThan(100);
    // Still whole: a second claim of one of them is refused.
    expect(claims.claim(triple("p|c7|l_9"))).toMatch(/lists this translation twice/);
  });
});
