import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { errorBadge, percentColor, progressBadge } from "../../src/badges/badge-data.js";
import { toEndpointBadge } from "../../src/badges/badge-json.js";
import { makeBadge } from "badge-maker";
import { badgeSvg, compactBadge } from "../../src/badges/badge-svg.js";
import { shieldsEndpointSchema } from "../helpers/shields-endpoint-schema.js";

const thresholds = { yellow: 75, brightgreen: 90 };
// The words of an English site's badges.
const words = { percent: (whole: number) => `${whole}%`, noStrings: "no strings" };

describe("badge text and colour", () => {
  it.each([
    ["0%", 0, 1000, "0%", "red"],
    ["74.9%", 749, 1000, "74%", "red"],
    ["75%", 750, 1000, "75%", "yellow"],
    ["89.9%", 899, 1000, "89%", "yellow"],
    ["90%", 900, 1000, "90%", "brightgreen"],
    ["99.6% (shields would round to 100%)", 996, 1000, "99%", "brightgreen"],
    ["99.9%", 999, 1000, "99%", "brightgreen"],
    ["100%", 1000, 1000, "100%", "brightgreen"],
    ["total 0 (nothing to translate: grey, not a green 100%)", 0, 0, "no strings", "lightgrey"],
  ])("at %s", (_name, translated, total, message, color) => {
    expect(progressBadge("translated", translated, total, thresholds, words)).toEqual({
      label: "translated",
      message,
      color,
    });
  });

  it.each([
    [50, 60, "yellow"],
    [49.99, 60, "red"],
    [80, 95, "yellow"],
    [95, 95, "brightgreen"],
  ])("uses configured thresholds: %s%% with yellow at 50, green at %s", (percent, green, color) => {
    expect(percentColor(percent, { yellow: 50, brightgreen: green })).toBe(color);
  });

  it("gives a failed translation a grey error badge", () => {
    expect(errorBadge("translated", "not found")).toEqual({
      label: "translated",
      message: "not found",
      color: "lightgrey",
      isError: true,
    });
  });
});

describe("the shields.io endpoint JSON", () => {
  it.each([
    [
      "progress",
      progressBadge("translated", 1, 3, thresholds, words),
      undefined,
      { schemaVersion: 1, label: "translated", message: "33%", color: "red" },
    ],
    [
      "error",
      errorBadge("translated", "not found"),
      undefined,
      {
        schemaVersion: 1,
        label: "translated",
        message: "not found",
        color: "lightgrey",
        isError: true,
      },
    ],
    [
      "cached",
      progressBadge("translated", 3, 3, thresholds, words),
      3600,
      {
        schemaVersion: 1,
        label: "translated",
        message: "100%",
        color: "brightgreen",
        cacheSeconds: 3600,
      },
    ],
  ])("%s: exactly the contract's keys", (_name, badge, cache, expected) => {
    const json = toEndpointBadge(badge, cache);
    expect(json).toEqual(expected);
    expect(shieldsEndpointSchema.safeParse(json).success).toBe(true);
  });

  it("the copied schema rejects a key shields does not know", () => {
    expect(
      shieldsEndpointSchema.safeParse({ schemaVersion: 1, label: "a", message: "b", link: "x" })
        .success,
    ).toBe(false);
  });
});

describe("the SVG", () => {
  it("is shields' flat badge, valid XML, with the text escaped", () => {
    const svg = badgeSvg({ label: "<b>&", message: "39%", color: "red" });
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      processEntities: true,
      htmlEntities: true,
    }).parse(svg);
    expect(doc.svg["@_aria-label"]).toBe("<b>&: 39%");
    expect(svg).toContain("&lt;b&gt;&amp;: 39%");
    expect(svg).not.toContain("<b>");
  });
});

describe("the SVG's bytes (a site may publish a million)", () => {
  const parse = (svg: string) =>
    new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: true }).parse(
      svg,
    );
  const count = (text: string, part: string) => text.split(part).length - 1;

  it.each([
    ["flat", "translated", "84%", "yellow"],
    ["flat", "", "7%", "red"],
    ["plastic", "übersetzt <&>", "no strings", "lightgrey"],
  ] as const)(
    "%s %j %j: each text once, the shadows drawn from it",
    (style, label, message, color) => {
      const original = makeBadge({ label, message, color, style });
      const svg = badgeSvg({ label, message, color }, style);
      expect(XMLValidator.validate(svg)).toBe(true);
      // badge-maker writes each text three times (a blurred shadow, a shadow, the text).
      const words = `>${message}</text>`;
      expect(count(original, words)).toBe(3);
      expect(count(svg, words)).toBe(1);
      expect(count(svg, "<use ")).toBe(label ? 4 : 2);
      expect(svg.length).toBeLessThan(original.length);
      // What reads it without drawing it: the same name and size.
      const [a, b] = [parse(original).svg, parse(svg).svg];
      expect([b["@_aria-label"], b["@_width"], b["@_height"]]).toEqual([
        a["@_aria-label"],
        a["@_width"],
        a["@_height"],
      ]);
    },
  );

  it("keeps a drawing it does not know as badge-maker wrote it", () => {
    const square = makeBadge({ label: "a", message: "b", color: "blue", style: "flat-square" });
    expect(compactBadge(square)).toBe(square);
    expect(compactBadge("<svg/>")).toBe("<svg/>");
  });

  it("says the badge's name once: aria-label, no <title> repeating it", () => {
    const badge = { label: "übersetzt <&>", message: "84%", color: "yellow" };
    const original = makeBadge(badge);
    expect(original).toContain("<title>übersetzt &lt;&amp;&gt;: 84%</title>");
    const svg = badgeSvg(badge);
    expect(svg).not.toContain("<title>");
    expect(parse(svg).svg["@_aria-label"]).toBe("übersetzt <&>: 84%");
    expect(parse(svg).svg["@_role"]).toBe("img");
    expect(original.length - svg.length).toBeGreaterThan(200);
  });

  it.each([
    ["translated", "84%", "yellow"],
    ["translated", "100%", "brightgreen"],
    ["übersetzt <&>", "no strings", "lightgrey"],
    ["", "7%", "red"],
  ] as const)(
    "draws a plain flat badge %j %j in some 400 bytes: same size, colours, words and places",
    (label, message, color) => {
      const badge = { label, message, color };
      const full = badgeSvg(badge, "flat");
      const plain = badgeSvg(badge, "flat", "plain");
      expect(XMLValidator.validate(plain)).toBe(true);
      expect(plain.length).toBeLessThan(label === "translated" ? 410 : 460);
      expect(plain).not.toContain("feGaussianBlur");
      expect(plain).not.toContain("linearGradient");
      expect(plain).not.toContain("<title>");
      const [a, b] = [parse(makeBadge(badge)).svg, parse(plain).svg];
      expect([b["@_aria-label"], b["@_width"], b["@_height"], b["@_role"]]).toEqual([
        a["@_aria-label"],
        a["@_width"],
        a["@_height"],
        "img",
      ]);
      // The parts' colours as badge-maker fills them, the right part's end rounded.
      const fills = [b.rect, b.path]
        .flat()
        .filter((shape) => shape)
        .map((shape) => shape["@_fill"]);
      const colours = [a.g[0].rect]
        .flat()
        .map((shape) => shape["@_fill"])
        .filter((fill) => !fill.startsWith("url("));
      expect(colours).toHaveLength(2);
      expect(fills).toEqual(label ? colours : colours.slice(1));
      // Each text once, white, centred where badge-maker centres it (its x in tenths of a pixel).
      const group = b.g;
      expect([group["@_fill"], group["@_text-anchor"], group["@_font-size"]]).toEqual([
        "#fff",
        "middle",
        "11",
      ]);
      expect(group["@_font-family"]).toBe(a.g[1]["@_font-family"]);
      const texts = [group.text].flat();
      // badge-maker's: a group per text (scaled by .1), its shadows in a group of their own.
      const drawn = [a.g[1].g]
        .flat()
        .map((g: { text: { "#text": unknown; "@_x": string } }) => g.text);
      expect(texts.map((t) => [String(t["#text"]), Number(t["@_x"]) * 10])).toEqual(
        drawn.map((t: { "#text": unknown; "@_x": string }) => [
          String(t["#text"]),
          Number(t["@_x"]),
        ]),
      );
      expect(full.length).toBeGreaterThan(2.5 * plain.length);
    },
  );

  it("keeps a stale plain badge's grey border; other styles have no plain drawing", () => {
    const badge = { label: "translated", message: "84%", color: "yellow" };
    expect(badgeSvg({ ...badge, stale: true }, "flat", "plain")).toContain("stale-border");
    expect(badgeSvg(badge, "plastic", "plain")).toBe(badgeSvg(badge, "plastic"));
  });
});
