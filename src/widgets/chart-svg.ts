import { percentColor } from "../badges/badge-data.js";
import type { Thresholds, WidgetOptions } from "../config/schema.js";
import { fitText, FONT_FAMILY, n, textWidth, xml } from "./svg-text.js";

// Multi-language charts for READMEs, like Weblate's multi-*.svg (a row per language) and
// horizontal-*.svg (a column per language), but sorted by percent and filtered by the
// site's widget options.

export interface ChartItem {
  code: string;
  name: string;
  /** Exact translated percent, 0-100. */
  percent: number;
}

export interface ChartInput {
  title: string;
  items: ChartItem[];
  options: WidgetOptions;
  thresholds: Thresholds;
}

/** The languages a chart shows: those asked for, at or above `minPercent`, most translated first (ties by name), at most `maxLanguages`. */
export function selectItems(items: ChartItem[], options: WidgetOptions): ChartItem[] {
  const wanted = options.languages.length > 0 ? new Set(options.languages) : undefined;
  const chosen = items.filter((i) => (!wanted || wanted.has(i.code)) && i.percent >= options.minPercent);
  chosen.sort((a, b) => b.percent - a.percent || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return options.maxLanguages > 0 ? chosen.slice(0, options.maxLanguages) : chosen;
}

const SHIELDS_HEX = { red: "#e05d44", yellow: "#dfb317", brightgreen: "#44cc11" } as const;

/** The bar colour of a percent in the chosen scheme. */
export function barColor(percent: number, options: WidgetOptions, thresholds: Thresholds): string {
  if (options.colorScheme === "blue") return "#2f6fbf";
  if (options.colorScheme === "mono") return "#555555";
  return SHIELDS_HEX[percentColor(percent, thresholds)];
}

/** Floored like the badges: "100%" only when complete. */
export const wholePercent = (percent: number): string => `${percent >= 100 ? 100 : Math.floor(percent)}%`;

const PAD = 8;
const ROW = 18;
const TITLE = 24;
const NAME_MAX = 200;
const BAR = 160;
const FG = "#1d2330";
const TRACK = "#e3e7ed";

function frame(width: number, height: number, label: string, body: string): string {
  // The <title> names the picture for screen readers (role="img"); an aria-label would repeat it.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" role="img">`
    + `<title>${xml(label)}</title>`
    + `<rect width="100%" height="100%" rx="4" fill="#ffffff" stroke="#d0d7de"/>`
    + `<g font-family="${FONT_FAMILY}" font-size="11" fill="${FG}">${body}</g></svg>\n`;
}

function describe(input: ChartInput, shown: ChartItem[]): string {
  const list = shown.map((i) => `${i.name} ${wholePercent(i.percent)}`).join(", ");
  return `${input.title}: ${shown.length === 0 ? "no languages" : list}`;
}

/** A row per language: name, bar, percent (Weblate's "multi" chart). */
export function rowsChartSvg(input: ChartInput): string {
  const shown = selectItems(input.items, input.options);
  const names = shown.map((i) => fitText(i.name, NAME_MAX));
  const nameWidth = Math.max(40, ...names.map((name) => textWidth(name)));
  const barX = PAD + nameWidth + 8;
  const pctX = barX + BAR + 6;
  const title = xml(fitText(input.title, pctX + textWidth("100%") - PAD, 12, true));
  const width = Math.max(pctX + textWidth("100%") + PAD, PAD * 2 + textWidth(input.title, 12, true));
  let body = `<text x="${PAD}" y="${PAD + 11}" font-size="12" font-weight="bold">${title}</text>`;
  shown.forEach((item, i) => {
    const y = PAD + TITLE + i * ROW;
    const fill = (BAR * Math.min(100, item.percent)) / 100;
    body += `<text x="${PAD}" y="${n(y + 12)}">${xml(names[i]!)}</text>`
      + `<rect x="${n(barX)}" y="${n(y + 3)}" width="${BAR}" height="11" rx="2" fill="${TRACK}"/>`
      + (fill > 0 ? `<rect x="${n(barX)}" y="${n(y + 3)}" width="${n(fill)}" height="11" rx="2" fill="${barColor(item.percent, input.options, input.thresholds)}"/>` : "")
      + `<text x="${n(pctX)}" y="${n(y + 12)}">${wholePercent(item.percent)}</text>`;
  });
  if (shown.length === 0) body += `<text x="${PAD}" y="${PAD + TITLE + 12}" fill="#5d6778">no languages to show</text>`;
  const height = PAD * 2 + TITLE + Math.max(1, shown.length) * ROW;
  return frame(width, height, describe(input, shown), body);
}

const COL = 28;
const COLUMN_HEIGHT = 100;

/** A column per language, names written upwards below the bars (Weblate's "horizontal" chart). */
export function columnsChartSvg(input: ChartInput): string {
  const shown = selectItems(input.items, input.options);
  const names = shown.map((i) => fitText(i.name, NAME_MAX));
  const nameHeight = Math.max(20, ...names.map((name) => textWidth(name))) + 8;
  const top = PAD + TITLE + 14;
  const width = Math.max(PAD * 2 + Math.max(1, shown.length) * COL, PAD * 2 + textWidth(input.title, 12, true));
  let body = `<text x="${PAD}" y="${PAD + 11}" font-size="12" font-weight="bold">${xml(input.title)}</text>`;
  shown.forEach((item, i) => {
    const x = PAD + i * COL;
    const h = (COLUMN_HEIGHT * Math.min(100, item.percent)) / 100;
    const mid = x + COL / 2;
    const bottom = top + COLUMN_HEIGHT;
    body += `<rect x="${n(x + 4)}" y="${top}" width="${COL - 8}" height="${COLUMN_HEIGHT}" rx="2" fill="${TRACK}"/>`
      + (h > 0 ? `<rect x="${n(x + 4)}" y="${n(bottom - h)}" width="${COL - 8}" height="${n(h)}" rx="2" fill="${barColor(item.percent, input.options, input.thresholds)}"/>` : "")
      + `<text x="${n(mid)}" y="${top - 4}" font-size="9" text-anchor="middle">${Math.floor(Math.min(100, item.percent))}</text>`
      + `<text x="${n(mid + 4)}" y="${bottom + 6}" text-anchor="end" transform="rotate(-90 ${n(mid + 4)} ${bottom + 6})">${xml(names[i]!)}</text>`;
  });
  if (shown.length === 0) body += `<text x="${PAD}" y="${top + 12}" fill="#5d6778">no languages to show</text>`;
  const height = top + COLUMN_HEIGHT + nameHeight + PAD;
  return frame(width, height, describe(input, shown), body);
}
