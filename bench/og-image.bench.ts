// `npx tsx bench/og-image.bench.ts`: the Open Graph pictures through resvg compiled to WebAssembly
// (@resvg/resvg-wasm, what the tool uses: one .wasm for every platform, carried beside the
// bundle) against the native addon (@resvg/resvg-js, a devDependency kept for this comparison:
// prebuilt per platform, which a single-file bundle cannot carry). Same resvg version, same SVG,
// same fonts (DejaVu Sans), in the same run: the one-off cost of loading the WebAssembly module,
// and the time per picture, --count pictures each, taking turns --runs times (fastest run).
// Options: --count 50 --runs 3
import { readFileSync } from "node:fs";
import { Resvg as NativeResvg } from "@resvg/resvg-js";
import { loadOgRenderer, ogPng, ogSvg, type OgInput } from "../src/widgets/og-image.js";
import { option } from "./measure.js";
import { loadLocales } from "../src/i18n/catalogs.js";
import { widgetWords } from "../src/render/model/badge-text.js";

const count = Math.max(1, option("count", 50));
const runs = Math.max(1, option("runs", 3));
const FONTS = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map(
  (f) => `/usr/share/fonts/truetype/dejavu/${f}`,
);
const words = widgetWords(loadLocales(["en"])[0]!, { metric: "strings", progress: "translated" });
const input = (i: number): OgInput => ({
  kicker: "Translation status",
  title: `Project ${i}`,
  percent: (i * 7) % 100,
  subtitle: "12 components, 40 languages",
  languages: Array.from({ length: 8 }, (_, l) => ({
    code: `l${l}`,
    name: `Language ${l}`,
    percent: (l * 13 + i) % 100,
  })),
  words,
});

let start = performance.now();
await loadOgRenderer();
const load = performance.now() - start;
const native = (i: number) =>
  new NativeResvg(ogSvg(input(i)), {
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
    fitTo: { mode: "original" },
  })
    .render()
    .asPng();

const best = { wasm: Number.POSITIVE_INFINITY, native: Number.POSITIVE_INFINITY };
let bytes = { wasm: 0, native: 0 };
for (let r = 0; r < runs; r++) {
  start = performance.now();
  let n = 0;
  for (let i = 0; i < count; i++) n += ogPng(input(i)).length;
  best.wasm = Math.min(best.wasm, performance.now() - start);
  start = performance.now();
  let m = 0;
  for (let i = 0; i < count; i++) m += native(i).length;
  best.native = Math.min(best.native, performance.now() - start);
  bytes = { wasm: n, native: m };
}
console.log(
  `Open Graph pictures, 1200x630, ${count} per run, fastest of ${runs} runs (fonts: ${FONTS.map((f) => readFileSync(f).length).reduce((a, b) => a + b) >> 10} kB):`,
);
console.log(
  `  resvg-wasm: load ${load.toFixed(0)} ms once, then ${(best.wasm / count).toFixed(1)} ms a picture (${(bytes.wasm / count / 1024).toFixed(0)} kB each)`,
);
console.log(
  `  resvg-js (native): ${(best.native / count).toFixed(1)} ms a picture (${(bytes.native / count / 1024).toFixed(0)} kB each)`,
);
