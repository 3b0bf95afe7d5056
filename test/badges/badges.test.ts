import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { errorBadge, percentColor, progressBadge } from "../../src/badges/badge-data.js";
import { toEndpointBadge } from "../../src/badges/badge-json.js";
import { makeBadge } from "badge-maker";
import { badgeSvg, compactBadge } from "../../src/badges/badge-svg.js";
import { shieldsEndpointSchema } from "../helpers/shields-endpoint-schema.js";

const thresholds = { yellow: 75, brightgreen: 90 };

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
    expect(progressBadge("translated", translated, total, thresholds)).toEqual({
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
      progressBadge("translated", 1, 3, thresholds),
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
      progressBadge("translated", 3, 3, thresholds),
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

  it("draws a plain flat badge in under half the bytes, same size and words", () => {
    const badge = { label: "translated", message: "84%", color: "yellow" };
    const full = badgeSvg(badge, "flat");
    const plain = badgeSvg(badge, "flat", "plain");
    expect(XMLValidator.validate(plain)).toBe(true);
    expect(plain.length * 2).toBeLessThan(full.length);
    expect(plain).not.toContain("feGaussianBlur");
    expect(plain).not.toContain("linearGradient");
    const [a, b] = [parse(full).svg, parse(plain).svg];
    expect([b["@_aria-label"], b["@_width"], b["@_height"]]).toEqual([
      a["@_aria-label"],
      a["@_width"],
      a["@_height"],
    ]);
    expect(count(plain, ">translated</text>")).toBe(1);
    expect(count(plain, ">84%</text>")).toBe(1);
    // A stale badge keeps its grey border; other styles have no plain drawing.
    expect(badgeSvg({ ...badge, stale: true }, "flat", "plain")).toContain("stale-border");
    expect(badgeSvg(badge, "plastic", "plain")).toBe(badgeSvg(badge, "plastic"));
  });
});
