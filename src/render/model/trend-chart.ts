import type { LocaleFormat } from "../../i18n/locale-format.js";
import { must } from "../../model/must.js";
// A chart of translated strings against total strings over time, as inline SVG drawn here: no
// script, no library, axes with counts and dates, and a title and description for screen readers.
// Its texts are drawn at their size in CSS pixels whatever the chart's width (there is no viewBox
// to scale them: 11 px on a phone, not the 6 px a 640-unit picture shrunk to 366 px had); the
// plot is a nested picture stretched to its box, its lines kept at their width.

export interface ChartPoint {
  /** Minutes since 1970 (UTC). */
  at: number;
  total: number;
  translated: number;
}

/** The chart's height, and the plot's top and bottom margins, in CSS pixels. */
const H = 200;
const TOP = 12;
const BOTTOM = 28;
/** The plot's left and right margins, in percent of the chart's width (the counts left of it). */
const LEFT = 15;
const RIGHT = 2;
/** The plot's own units: 1000 across and down. */
const U = 1000;

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const r1 = (n: number) => Math.round(n * 10) / 10;

/** The chart's words and formats, in the page's locale. */
export interface ChartWords {
  /** The chart's title, for screen readers. */
  title: string;
  /** The page's numbers and dates: counts, days, and days with times for a span of a few days. */
  format: LocaleFormat;
  /** Right to left: time runs from right to left and the counts are on the right. */
  rtl: boolean;
}

/** Round steps for the count axis: 1, 2, 5, 10, 20, 50, ... */
function niceStep(max: number, ticks: number): number {
  const raw = Math.max(1, max / ticks);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
}

const compactFormats = new Map<string, Intl.NumberFormat>();
/**
 * The axis's counts: as the page writes numbers while the widest fits the margin (five characters,
 * "8,000"), in the locale's compact form above ("12K", "1.5M").
 */
function countLabel(words: ChartWords, top: number): (n: number) => string {
  const { int, locale } = words.format;
  if (int(top).length <= 5) return int;
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      notation: "compact",
      maximumFractionDigits: 1,
    });
    compactFormats.set(locale, format);
  }
  return (n) => format.format(n);
}

/** Where things go: the time and count ranges, and the maps from them to the chart's places. */
interface Frame {
  /** The first point's minute, the latest run's, and the axis's ends with their margins. */
  first: number;
  end: number;
  start: number;
  stop: number;
  /** The count axis's top and the step between its lines. */
  top: number;
  step: number;
  /** A minute's and a count's place in the plot's units. */
  x(minute: number): number;
  y(count: number): number;
  /** A place across the chart, in percent of its width, from the plot's fraction `f`. */
  across(f: number): string;
  /** A count's place down the chart, in CSS pixels. */
  down(count: number): number;
}

/** The time axis spans the data, with a margin each side; the count axis rounds up the largest. */
function chartFrame(points: readonly ChartPoint[], end: number, rtl: boolean): Frame {
  const first = Math.min(points[0]?.at ?? end, end);
  // A margin of 5% of the span each side; half a day each side of a single run.
  const margin = end > first ? (end - first) / 20 : 12 * 60;
  const start = first - margin;
  const stop = end + margin;
  const max = Math.max(1, ...points.map((p) => p.total));
  const step = niceStep(max, 4);
  const top = Math.ceil(max / step) * step;
  // Right to left, the chart is drawn as its mirror image: an x is counted from the right edge,
  // and the texts' anchors keep their sense under `direction="rtl"` (start is then the right).
  const mirror = (v: number, whole: number) => (rtl ? r1(whole - v) : v);
  const y = (v: number) => Math.round(U - (v / top) * U);
  return {
    first,
    end,
    start,
    stop,
    top,
    step,
    x: (m) => mirror(Math.round(((m - start) / (stop - start)) * U), U),
    y,
    across: (f) => `${mirror(r1(LEFT + f * (100 - LEFT - RIGHT)), 100)}%`,
    down: (v) => r1(TOP + (y(v) / U) * (H - TOP - BOTTOM)),
  };
}

/** A step line (each point holds until the next) up to the latest run, in the plot's units. */
function stepLine(
  points: readonly ChartPoint[],
  f: Frame,
  value: (p: ChartPoint) => number,
): string {
  let d = "";
  points.forEach((p, i) => {
    d += i === 0 ? `M${f.x(p.at)} ${f.y(value(p))}` : `H${f.x(p.at)}V${f.y(value(p))}`;
  });
  return points.length ? `${d}H${f.x(f.end)}` : "";
}

/** The count axis: its grid lines in the plot's units, and its labels. */
function countAxis(f: Frame, words: ChartWords): { grid: string; counts: string } {
  const count = countLabel(words, f.top);
  let grid = "";
  let counts = "";
  for (let v = 0; v <= f.top; v += f.step) {
    grid += `M0 ${f.y(v)}H${U}`;
    counts += `<text x="${f.across(0)}" y="${r1(f.down(v) + 4)}">${esc(count(v))}</text>`;
  }
  return { grid, counts };
}

/** The time axis: its ticks in the plot's units, and their labels. */
function timeAxis(f: Frame, words: ChartWords): { tickPath: string; tickTexts: string } {
  const { first, end, start, stop } = f;
  // Days where they differ, each a few characters; else day and time, twice as long: the first
  // and the last only, so that they fit side by side on a phone.
  const days = [first, (first + end) / 2, end].map((m) => words.format.day(m));
  const byDay = new Set(days).size === 3;
  const ticks = byDay ? [first, (first + end) / 2, end] : [first, end];
  const label = (m: number) => (byDay ? words.format.day(m) : words.format.dayTime(m));
  let tickPath = "";
  let tickTexts = "";
  ticks.forEach((m, i) => {
    // A single run: one tick, one label.
    if (i > 0 && m === first) return;
    tickPath += `M${f.x(m)} ${U}v40`;
    const text = esc(label(m));
    const anchor =
      end === first ? "middle" : i === 0 ? "start" : i < ticks.length - 1 ? "middle" : "end";
    tickTexts +=
      `<text x="${f.across((m - start) / (stop - start))}" y="${H - 8}" ` +
      `text-anchor="${anchor}">${text}</text>`;
  });
  return { tickPath, tickTexts };
}

/**
 * The chart of a step series (each point holds until the next) up to `endMinute`, the latest run.
 * The time axis spans the data, from the first point to the latest run, with a margin each side;
 * a single run is a point in the middle. `id` makes the title and description ids unique on the
 * page; `summary` is its text alternative.
 */
export function trendChartSvg(
  points: readonly ChartPoint[],
  endMinute: number,
  id: string,
  summary: string,
  words: ChartWords,
): string {
  const f = chartFrame(points, endMinute, words.rtl);
  const parts: string[] = [];
  parts.push(
    `<svg class="trend" width="100%" height="${H}" role="img" ` +
      `aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg" fill="currentColor" ` +
      `font-size="12" font-family="system-ui, sans-serif"${words.rtl ? ' direction="rtl"' : ""}>`,
  );
  parts.push(
    `<title id="${id}-t">${esc(words.title)}</title><desc id="${id}-d">${esc(summary)}</desc>`,
  );
  // The grid, the ticks and the lines in the plot's units, stretched to its box; their strokes
  // keep their width. A site may have 100,000 of these charts, one on each translation's page.
  const { grid, counts } = countAxis(f, words);
  const { tickPath, tickTexts } = timeAxis(f, words);
  const stroke = 'fill="none" vector-effect="non-scaling-stroke"';
  parts.push(
    `<svg x="${words.rtl ? RIGHT : LEFT}%" y="${TOP}" width="${100 - LEFT - RIGHT}%" ` +
      `height="${H - TOP - BOTTOM}" viewBox="0 0 ${U} ${U}" preserveAspectRatio="none" ` +
      `overflow="visible">` +
      `<path class="grid" d="${grid}" ${stroke} stroke="currentColor" stroke-opacity=".15"/>` +
      `<path d="${tickPath}" ${stroke} stroke="currentColor" stroke-opacity=".4"/>` +
      `<path class="total" d="${stepLine(points, f, (p) => p.total)}" ${stroke} ` +
      `stroke="currentColor" stroke-opacity=".6" stroke-width="2" stroke-dasharray="6 4"/>` +
      `<path class="translated" d="${stepLine(points, f, (p) => p.translated)}" ${stroke} ` +
      `stroke="#2e9e44" stroke-width="2.5"/></svg>`,
  );
  parts.push(`<g text-anchor="end" transform="translate(${words.rtl ? 6 : -6})">${counts}</g>`);
  parts.push(tickTexts);
  // A single point: a dot for each line, where a step line would have no length (a single run).
  if (points.length === 1) {
    const p = must(points[0]);
    const cx = f.across((p.at - f.start) / (f.stop - f.start));
    parts.push(
      `<circle class="total" cx="${cx}" cy="${f.down(p.total)}" r="3" fill-opacity=".6"/>` +
        `<circle class="translated" cx="${cx}" cy="${f.down(p.translated)}" r="4" fill="#2e9e44"/>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}
