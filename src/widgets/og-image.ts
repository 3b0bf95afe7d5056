import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { fitText, n, xml } from "./svg-text.js";
import { floorPercent, type ChartItem, type WidgetWords } from "./chart-svg.js";

// The picture a link to the site shows when it is shared (Open Graph, 1200x630): drawn as SVG,
// rasterised to PNG by resvg compiled to WebAssembly (one .wasm file for every platform, which the
// bundle carries beside itself; no native addon, no browser). WebAssembly sees no system fonts:
// the font files are read and handed over - DejaVu Sans, which Debian and Ubuntu install with
// most desktop and browser packages, else Liberation Sans.

export interface OgInput {
  /** Small line on top (the site's title). */
  kicker: string;
  title: string;
  /** Exact translated percent; undefined when there is nothing to count. */
  percent?: number;
  subtitle: string;
  languages: ChartItem[];
  words: WidgetWords;
}

const W = 1200;
const H = 630;
const FONT = "DejaVu Sans";
const FONT_DIRS = [
  "/usr/share/fonts/truetype/dejavu/",
  "/usr/share/fonts/TTF/",
  "/usr/share/fonts/dejavu/",
  "/usr/share/fonts/truetype/liberation/",
  "/usr/share/fonts/liberation/",
];
/** The fonts used, found once: the first family with any of its files on this machine. */
function fontFiles(): string[] {
  for (const family of [
    ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"],
    ["LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"],
  ]) {
    const found = family.flatMap((f) =>
      FONT_DIRS.map((dir) => dir + f).filter((file) => existsSync(file)),
    );
    if (found.length > 0) return found;
  }
  return [];
}

/** Loaded by loadOgRenderer(): the fonts' bytes, once the WebAssembly module is ready. */
let fonts: Uint8Array[] | undefined;
let loading: Promise<void> | undefined;

/**
 * Makes ogPng() ready: compiles resvg's WebAssembly module and reads the fonts, once per process
 * (later calls wait for the first).
 */
export function loadOgRenderer(): Promise<void> {
  loading ??= (async () => {
    const wasm = await readFile(
      fileURLToPath(import.meta.resolve("@resvg/resvg-wasm/index_bg.wasm")),
    );
    await initWasm(wasm);
    fonts = fontFiles().map((file) => readFileSync(file));
  })();
  return loading;
}

export function ogSvg(input: OgInput): string {
  const left = 72;
  const { words } = input;
  const percent = xml(
    input.percent === undefined ? words.og.noStrings : words.percent(floorPercent(input.percent)),
  );
  let svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#14171d"/><rect width="${W}" height="12" ` +
    `fill="#3fb95a"/>` +
    `<g font-family="${FONT}" fill="#e4e8ef">` +
    `<text x="${left}" y="110" font-size="34" ` +
    `fill="#9aa4b5">${xml(fitText(input.kicker, 1050, 34))}</text>` +
    `<text x="${left}" y="190" font-size="64" ` +
    `font-weight="bold">${xml(fitText(input.title, 1050, 64, true))}</text>` +
    `<text x="${left}" y="350" font-size="140" font-weight="bold" ` +
    `fill="#6fdd8b">${percent}</text>` +
    `<text x="${left}" y="410" font-size="30" ` +
    `fill="#9aa4b5">${xml(fitText(input.subtitle, 560, 30))}</text>`;
  const top = [...input.languages]
    .sort((a, b) => b.percent - a.percent || (a.name < b.name ? -1 : 1))
    .slice(0, 6);
  const x = 680;
  top.forEach((item, i) => {
    const y = 270 + i * 50;
    const bar = (420 * Math.min(100, item.percent)) / 100;
    svg +=
      `<text x="${x}" y="${y}" font-size="26">${xml(fitText(item.name, 320, 26))}</text>` +
      `<text x="${x + 420}" y="${y}" font-size="26" text-anchor="end">` +
      `${xml(words.percent(floorPercent(item.percent)))}</text>` +
      `<rect x="${x}" y="${y + 10}" width="420" height="10" rx="5" fill="#3a4150"/>` +
      (bar > 0
        ? `<rect x="${x}" y="${y + 10}" width="${n(bar)}" height="10" rx="5" fill="#6fdd8b"/>`
        : "");
  });
  if (top.length > 0)
    svg +=
      `<text x="${x}" y="230" font-size="24" fill="#9aa4b5">` +
      `${xml(words.og.mostTranslated)}</text>`;
  return (
    `${svg}<text x="${left}" y="580" font-size="24" fill="#9aa4b5">` +
    `${xml(words.og.footer)}</text></g></svg>`
  );
}

/**
 * The pictures drawn last, each kept until it is asked for again once: the site's budget measures
 * a picture before it is written (render/budget/), and drawing one takes some 100 ms.
 */
const drawn: { svg: string; png: Uint8Array }[] = [];
const KEEP_DRAWN = 4;

/** The PNG of an Open Graph picture; loadOgRenderer() must have finished. */
export function ogPng(input: OgInput): Uint8Array {
  if (!fonts) throw new Error("ogPng() before loadOgRenderer() finished");
  const svg = ogSvg(input);
  const at = drawn.findIndex((d) => d.svg === svg);
  if (at >= 0) return drawn.splice(at, 1)[0]?.png ?? draw(svg, fonts);
  const png = draw(svg, fonts);
  drawn.push({ svg, png });
  if (drawn.length > KEEP_DRAWN) drawn.shift();
  return png;
}

function draw(svg: string, fonts: Uint8Array[]): Uint8Array {
  const resvg = new Resvg(svg, {
    font: { fontBuffers: fonts, defaultFontFamily: FONT },
    fitTo: { mode: "original" },
  });
  // WebAssembly memory is not garbage-collected: each object is freed once used.
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
