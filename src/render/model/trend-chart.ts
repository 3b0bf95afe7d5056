import { must } from "../../model/must.js";
// A chart of translated strings against total strings over time, as inline SVG drawn here: no
// script, no library, axes with counts and dates, and a title and description for screen readers.

export interface ChartPoint {
  /** Minutes since 1970 (UTC). */
  at: number;
  total: number;
  translated: number;
}

const W = 640;
const H = 200;
const M = { left: 56, right: 12, top: 12, bottom: 28 };

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const r1 = (n: number) => Math.round(n * 10) / 10;

/** The chart's words and formats, in the page's locale. */
export interface ChartWords {
  /** The chart's title, for screen readers. */
  title: string;
  /** A count on the vertical axis. */
  count(n: number): string;
  /** A day (UTC), given as a minute. */
  day(minute: number): string;
  /** A day and time (UTC), for a span of under three days, so ticks differ. */
  dayTime(minute: number): string;
  /** Right to left: time runs from right to left and the counts are on the right. */
  rtl: boolean;
}

/** Round steps for the count axis: 1, 2, 5, 10, 20, 50, ... */
function niceStep(max: number, ticks: number): number {
  const raw = Math.max(1, max / ticks);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
}

/**
 * The chart of a step series (each point holds until the next) up to `endMinute`, the latest run.
 * `id` makes the title and description ids unique on the page; `summary` is its text alternative.
 */
export function trendChartSvg(
  points: readonly ChartPoint[],
  endMinute: number,
  id: string,
  summary: string,
  words: ChartWords,
): string {
  // At least a day wide, reaching back before the first point rather than past the last run: the
  // chart ends at the latest run, never in the future.
  const end = endMinute;
  const start = Math.min(points[0]?.at ?? endMinute, endMinute - 24 * 60);
  const max = Math.max(1, ...points.map((p) => p.total));
  const step = niceStep(max, 4);
  const top = Math.ceil(max / step) * step;
  // Right to left, the chart is drawn as its mirror image: an x is counted from the right edge,
  // and the texts' anchors keep their sense under `direction="rtl"` (start is then the right).
  const flip = (v: number) => (words.rtl ? r1(W - v) : v);
  const x = (m: number) =>
    flip(r1(M.left + ((m - start) / (end - start)) * (W - M.left - M.right)));
  const tickLabel = (minute: number) =>
    end - start < 3 * 24 * 60 ? words.dayTime(minute) : words.day(minute);
  const y = (v: number) => r1(H - M.bottom - (v / top) * (H - M.top - M.bottom));
  const line = (value: (p: ChartPoint) => number) => {
    let d = "";
    points.forEach((p, i) => {
      d += i === 0 ? `M${x(p.at)} ${y(value(p))}` : `H${x(p.at)}V${y(value(p))}`;
    });
    return points.length ? `${d}H${x(end)}` : "";
  };
  const parts: string[] = [];
  parts.push(
    `<svg class="trend" viewBox="0 0 ${W} ${H}" width="100%" role="img" ` +
      `aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg" fill="currentColor" ` +
      `font-size="11" font-family="system-ui, sans-serif"${words.rtl ? ' direction="rtl"' : ""}>`,
  );
  parts.push(
    `<title id="${id}-t">${esc(words.title)}</title><desc id="${id}-d">${esc(summary)}</desc>`,
  );
  // The grid and the ticks as one path each, their labels in one group: a site may have 100,000
  // of these charts, one on each translation's page.
  let grid = "";
  let counts = "";
  for (let v = 0; v <= top; v += step) {
    grid += `M${flip(M.left)} ${y(v)}H${flip(W - M.right)}`;
    counts += `<text x="${flip(M.left - 6)}" y="${y(v) + 4}">${esc(words.count(v))}</text>`;
  }
  parts.push(
    `<path d="${grid}" stroke="currentColor" stroke-opacity=".15"/>` +
      `<g text-anchor="end">${counts}</g>`,
  );
  const ticks = 4;
  let previousLabel = "";
  let tickPath = "";
  let tickTexts = "";
  for (let i = 0; i <= ticks; i++) {
    const m = start + ((end - start) * i) / ticks;
    const anchor = i === 0 ? "start" : i === ticks ? "end" : "middle";
    const label = esc(tickLabel(m));
    tickPath += `M${x(m)} ${H - M.bottom}v4`;
    // A label the tick before already shows is left out rather than repeated.
    if (label !== previousLabel)
      tickTexts += `<text x="${x(m)}" y="${H - 8}" text-anchor="${anchor}">${label}</text>`;
    previousLabel = label;
  }
  parts.push(`<path d="${tickPath}" stroke="currentColor" stroke-opacity=".4"/>${tickTexts}`);
  parts.push(
    `<path class="total" d="${line((p) => p.total)}" fill="none" stroke="currentColor" ` +
      `stroke-opacity=".6" stroke-width="2" stroke-dasharray="6 4"/>`,
  );
  parts.push(
    `<path class="translated" d="${line((p) => p.translated)}" fill="none" stroke="#2e9e44" ` +
      `stroke-width="2.5"/>`,
  );
  if (points.length === 1)
    parts.push(
      `<circle cx="${x(must(points[0]).at)}" cy="${y(must(points[0]).translated)}" r="3" ` +
        `fill="#2e9e44"/>`,
    );
  parts.push("</svg>");
  return parts.join("");
}
