import { describe, expect, it } from "vitest";
import { loadOgRenderer, ogPng, type OgInput } from "../../src/widgets/og-image.js";
import { loadLocales } from "../../src/i18n/catalogs.js";
import { widgetWords } from "../../src/render/model/badge-text.js";

// The widgets' English words, as a site in English draws them.
const words = widgetWords(loadLocales(["en"])[0]!, { metric: "strings", progress: "translated" });

// resvg compiled to WebAssembly sees no system fonts: the fonts are read and handed over. Were
// none found, the picture would still be a PNG, with no text: two titles must give two pictures.

const input: OgInput = {
  kicker: "Translation status",
  title: "Orbit Notes",
  percent: 73.4,
  subtitle: "3 components, 2 languages",
  languages: [{ code: "de", name: "German", percent: 99 }],
  words,
};

describe("the Open Graph picture", () => {
  it("needs the renderer loaded, then draws the text (two titles, two pictures)", async () => {
    await loadOgRenderer();
    const a = Buffer.from(ogPng(input));
    const b = Buffer.from(ogPng({ ...input, title: "Harbor Docs" }));
    expect(a.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([a.readUInt32BE(16), a.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(a.equals(b)).toBe(false);
    // The same input gives the same bytes (WebAssembly objects freed between pictures).
    expect(Buffer.from(ogPng(input)).equals(a)).toBe(true);
    await loadOgRenderer();
  });
});
