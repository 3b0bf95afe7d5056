import { formatTimestamp, type Tally } from "./site-model.js";
import { fileSegment, hrefTo } from "./site-paths.js";
import { isHttpUrl } from "../validate/contract.js";

/** Functions the templates call, bound to the directory of the page being rendered. */
export interface ViewHelpers {
  href(target: string): string;
  seg(value: string): string;
  pct(part: number, total: number, whenEmpty?: number): string;
  int(n: number): string;
  when(iso: string): string;
  barWidths(tally: Tally): { translated: number; fuzzy: number };
  safeUrl(url: string): boolean;
}

/**
 * A percent as Weblate shows it: floored to one decimal, "100%" only when complete, never "0%"
 * for something done. A total of 0 shows `whenEmpty` (100 for translated, 0 for the rest).
 */
export function formatPercent(part: number, total: number, whenEmpty = 100): string {
  if (total <= 0) return `${whenEmpty}%`;
  if (part >= total) return "100%";
  let value = Math.floor((part * 1000) / total) / 10;
  if (value === 0 && part > 0) value = 0.1;
  return `${value}%`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function viewHelpers(pageDir: string): ViewHelpers {
  return {
    href: (target) => hrefTo(pageDir, target),
    seg: fileSegment,
    pct: formatPercent,
    int: (n) => n.toLocaleString("en-US"),
    when: (iso) => formatTimestamp(iso),
    barWidths: (t) =>
      t.total <= 0 ? { translated: 100, fuzzy: 0 } : { translated: round2((t.translated * 100) / t.total), fuzzy: round2((Math.min(t.fuzzy, t.total - t.translated) * 100) / t.total) },
    safeUrl: isHttpUrl,
  };
}
