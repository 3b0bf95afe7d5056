import { percentColor } from "../badges/badge-data.js";
import { byProgress } from "../model/counts.js";
import type { Thresholds, WidgetOptions } from "../config/schema.js";
import { fitText, FONT_FAMILY, n, textWidth, xml } from "./svg-text.js";
import { must } from "../model/must.js";

// Multi-language charts for READMEs, like Weblate's multi-*.svg (a row per language) and
// horizontal-*.svg (a column per language), but sorted by percent and filtered by the
// site's widget options.

export interface ChartItem {
  code: string;
  name: string;
  /** Exact translated percent, 0-100. */
  percent: number;
}

/** The words and numbers of the widgets, in their locale (`site.badges.locale`). */
export interface WidgetWords {
  /** A whole percent as the locale writes it: "58%", "58 %". */
  percent(whole: number): string;
  /** A whole number: the columns' percents, the matrix's cells. */
  int(n: number): string;
  /** What an empty chart says. */
  noLanguages: string;
  /**
   * A chart's title for screen readers: what it shows and its range; `of`, the languages it could
   * show, when it leaves some out (widgets.maxLanguages, or the budget's cut).
   */
  describe(title: string, shown: readonly ChartItem[], of?: number): string;
  /** The matrix's title for screen readers (`of` as for describe). */
  matrix(title: string, components: number, languages: number, of?: number): string;
  /** The Open Graph picture's words. */
  og: { noStrings: string; mostTranslated: string; footer: string };
}

export interface ChartInput {
  title: string;
  items: ChartItem[];
  options: WidgetOptions;
  thresholds: Thresholds;
  words: WidgetWords;
}

/**
 * The languages a chart shows: those asked for, at or above `minPercent`, most translated first
 * (ties by name), at most `maxLanguages`.
 */
export function selectItems(items: ChartItem[], options: WidgetOptions): ChartItem[] {
  const wanted = options.languages.length > 0 ? new Set(options.languages) : undefined;
  const chosen = items.filter(
    (i) => (!wanted || wanted.has(i.code)) && i.percent >= options.minPercent,
  );
  const sorted = byProgress(
    chosen,
    (i) => i.percent,
    (i) => i.name,
  );
  return options.maxLanguages > 0 ? sorted.slice(0, options.maxLanguages) : sorted;
}

const SHIELDS_HEX = { red: "#e05d44", yellow: "#dfb317", brightgreen: "#44cc11" } as const;

/** The bar colour of a percent in the chosen scheme. */
export function barColor(percent: number, options: WidgetOptions, thresholds: Thresholds): string {
  if (options.colorScheme === "blue") return "#2f6fbf";
  if (options.colorScheme === "mono") return "#555555";
  return SHIELDS_HEX[percentColor(percent, thresholds)];
}

/** Floored like the badges: 100 only when complete. */
export const floorPercent = (percent: number): number =>
  percent >= 100 ? 100 : Math.floor(percent);

const PAD = 8;
const ROW = 18;
const TITLE = 24;
const NAME_MAX = 200;
const BAR = 160;
const FG = "#1d2330";
const TRACK = "#e3e7ed";

// A chart of 200 languages is drawn in a few elements, not a few per language: the tracks are one
// rectangle filled with a pattern, the bars of a colour one path, the texts share their attributes
// through a <g>. A site of 500 components has 1,000 charts (GitHub Pages publishes at most 1 GB).

export function frame(width: number, height: number, label: string, body: string): string {
  // The <title> names the picture for screen readers (role="img"); an aria-label would repeat it.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" ` +
    `viewBox="0 0 ${n(width)} ${n(height)}" role="img">` +
    `<title>${xml(label)}</title>` +
    `<rect width="100%" height="100%" rx="4" fill="#ffffff" stroke="#d0d7de"/>` +
    `<g font-family="${FONT_FAMILY}" font-size="11" fill="${FG}">${body}</g></svg>\n`
  );
}

/** A widget's title, on its first line: in bold, a point larger. */
export const heading = (text: string): string =>
  `<text x="${PAD}" y="${PAD + 11}" font-size="12" font-weight="bold">${xml(text)}</text>`;

/**
 * The title: what the chart shows and its range, as the texts inside it list every language, and
 * how many it could show when it leaves some out.
 */
function describe(input: ChartInput, shown: ChartItem[]): string {
  const of = selectItems(input.items, { ...input.options, maxLanguages: 0 }).length;
  return input.words.describe(input.title, shown, of);
}

/**
 * A pattern of rounded tracks of `track` = [w, h] in tiles of `tile`, filling a rectangle of
 * `area` at `x`, `y`.
 */
function tracks(x: number, y: number, tile: number[], track: number[], area: number[]): string {
  const [tileW, tileH] = tile;
  const [w, h] = track;
  const [width = 0, height = 0] = area;
  return (
    `<defs><pattern id="k" patternUnits="userSpaceOnUse" x="${n(x)}" y="${n(y)}" ` +
    `width="${tileW}" height="${tileH}"><rect width="${w}" height="${h}" rx="2" ` +
    `fill="${TRACK}"/></pattern></defs>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="url(#k)"/>`
  );
}

/**
 * Bars (x, y, w, h) as one path per colour, with corners of radius 2 as a rect rx="2" has them:
 * each
 * bar is drawn 2 px inside its box and stroked 4 px wide with round joins. A bar too small for that
 * is drawn as it is, square.
 */
export class Bars {
  private readonly paths = new Map<string, { d: string; x: number; y: number; small: string }>();

  add(color: string, x: number, y: number, w: number, h: number): void {
    if (w <= 0 || h <= 0) return;
    let path = this.paths.get(color);
    if (!path) {
      path = { d: "", x: 0, y: 0, small: "" };
      this.paths.set(color, path);
    }
    if (w < 4 || h < 4) {
      path.small += `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
      return;
    }
    // Relative to the previous bar's start (where "z" leaves the pen): most bars share x or y.
    const move =
      path.d === "" ? `M${n(x + 2)} ${n(y + 2)}` : `m${n(x + 2 - path.x)} ${n(y + 2 - path.y)}`;
    path.d += `${move}h${n(w - 4)}v${n(h - 4)}h${n(4 - w)}z`;
    path.x = x + 2;
    path.y = y + 2;
  }

  svg(): string {
    let out = "";
    for (const [color, path] of this.paths) {
      if (path.d)
        out +=
          `<path fill="${color}" stroke="${color}" stroke-width="4" ` +
          `stroke-linejoin="round" d="${path.d}"/>`;
      if (path.small) out += `<path fill="${color}" d="${path.small}"/>`;
    }
    return out;
  }
}

/** A row per language: name, bar, percent (Weblate's "multi" chart). */
export function rowsChartSvg(input: ChartInput): string {
  const { words } = input;
  const shown = selectItems(input.items, input.options);
  const names = shown.map((i) => fitText(i.name, NAME_MAX));
  const nameWidth = Math.max(40, ...names.map((name) => textWidth(name)));
  // Whole pixels: the pattern of tracks lines up with the bars.
  const barX = Math.ceil(PAD + nameWidth + 8);
  const pctX = barX + BAR + 6;
  const widest = textWidth(words.percent(100));
  const title = fitText(input.title, pctX + widest - PAD, 12, true);
  const width = Math.max(pctX + widest + PAD, PAD * 2 + textWidth(input.title, 12, true));
  const top = PAD + TITLE;
  let body = heading(title);
  if (shown.length > 0)
    body += tracks(barX, top + 3, [BAR, ROW], [BAR, 11], [BAR, shown.length * ROW]);
  const bars = new Bars();
  // Each row one <text>: the name, then the percent in a <tspan> (read in that order).
  let rows = "";
  shown.forEach((item, i) => {
    const y = top + i * ROW;
    bars.add(
      barColor(item.percent, input.options, input.thresholds),
      barX,
      y + 3,
      (BAR * Math.min(100, item.percent)) / 100,
      11,
    );
    const percent = xml(words.percent(floorPercent(item.percent)));
    rows +=
      `<text y="${y + 12}">${xml(must(names[i]))}<tspan ` +
      `x="${n(pctX - PAD)}">${percent}</tspan></text>`;
  });
  body += bars.svg();
  if (rows) body += `<g transform="translate(${PAD})">${rows}</g>`;
  if (shown.length === 0)
    body += `<text x="${PAD}" y="${top + 12}" fill="#5d6778">${xml(words.noLanguages)}</text>`;
  const height = PAD * 2 + TITLE + Math.max(1, shown.length) * ROW;
  return frame(width, height, describe(input, shown), body);
}

const COL = 28;
const COLUMN_HEIGHT = 100;

/** A column per language, names written upwards below the bars (Weblate's "horizontal" chart). */
export function columnsChartSvg(input: ChartInput): string {
  const { words } = input;
  const shown = selectItems(input.items, input.options);
  const names = shown.map((i) => fitText(i.name, NAME_MAX));
  const nameHeight = Math.max(20, ...names.map((name) => textWidth(name))) + 8;
  const top = PAD + TITLE + 14;
  const bottom = top + COLUMN_HEIGHT;
  const width = Math.max(
    PAD * 2 + Math.max(1, shown.length) * COL,
    PAD * 2 + textWidth(input.title, 12, true),
  );
  let body = heading(input.title);
  const area = [shown.length * COL - 8, COLUMN_HEIGHT];
  if (shown.length > 0)
    body += tracks(PAD + 4, top, [COL, COLUMN_HEIGHT], [COL - 8, COLUMN_HEIGHT], area);
  const bars = new Bars();
  let percents = "";
  let labels = "";
  shown.forEach((item, i) => {
    const x = PAD + i * COL;
    const h = (COLUMN_HEIGHT * Math.min(100, item.percent)) / 100;
    const mid = x + COL / 2;
    bars.add(
      barColor(item.percent, input.options, input.thresholds),
      x + 4,
      bottom - h,
      COL - 8,
      h,
    );
    percents += `<text x="${mid}">${xml(words.int(floorPercent(item.percent)))}</text>`;
    // In the group turned a quarter left, "y" runs along the chart and "x" up it.
    labels += `<text y="${mid + 4}">${xml(must(names[i]))}</text>`;
  });
  body += bars.svg();
  if (shown.length > 0) {
    body +=
      `<g font-size="9" text-anchor="middle" transform="translate(0 ${top - 4})">${percents}</g>` +
      `<g text-anchor="end" transform="rotate(-90) translate(${-(bottom + 6)})">${labels}</g>`;
  } else body += `<text x="${PAD}" y="${top + 12}" fill="#5d6778">${xml(words.noLanguages)}</text>`;
  const height = top + COLUMN_HEIGHT + nameHeight + PAD;
  return frame(width, height, describe(input, shown), body);
}
