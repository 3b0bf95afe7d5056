import { byProgress, progressKey, type Counts } from "../../model/counts.js";
import { formatTimestamp } from "../model/site-model.js";
import { encodePath, fileSegment } from "../../site/site-paths.js";
import { isHttpUrl } from "../../text/http-url.js";

/** Functions the templates call, bound to the directory of the page being rendered. */
export interface ViewHelpers {
  href(target: string): string;
  seg(value: string): string;
  pct(part: number, total: number, whenEmpty?: number): string;
  int(n: number): string;
  when(iso: string): string;
  barWidths(tally: Counts): { translated: number; fuzzy: number };
  /** What a progress bar says to a screen reader: "58.7% translated, 13.1% needs review". */
  barLabel(tally: Counts): string;
  safeUrl(url: string): boolean;
  /**
   * A copy of the list, most translated first (ties by name), those with no strings after, unusable
   * ones last: the order the pages show without script.
   */
  byPercent<
    T extends { tally?: Counts; name?: string; languageName?: string; componentName?: string },
  >(list: T[]): T[];
  /** The `data-sort` value of a percent cell: the exact percent, -0.5 with no strings. */
  sortKey(tally: Counts): string;
  /**
   * ` data-sort="-0.5"` for a percent cell with no strings, else nothing: tables.js sorts by the
   * shown percent, which is a number except for "–" (the attribute on 100,000 rows cost ~2 MB).
   */
  sortAttr(tally: Counts): string;
}

/**
 * A percent as Weblate shows it: floored to one decimal, "100%" only when complete, never "0%"
 * for something done. A total of 0 shows `whenEmpty` ("–": nothing to translate; 0 for shares
 * such as "needs review").
 */
export function formatPercent(
  part: number,
  total: number,
  whenEmpty: number | string = "–",
): string {
  if (total <= 0) return typeof whenEmpty === "number" ? `${whenEmpty}%` : whenEmpty;
  if (part >= total) return "100%";
  let value = Math.floor((part * 1000) / total) / 10;
  if (value === 0 && part > 0) value = 0.1;
  return `${value}%`;
}

// One decimal of a bar's width is a tenth of a pixel at most on any screen.
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The `data-sort` value of a percent: the percent to 4 decimals, -0.5 with no strings. */
const sortValue = (t: Counts): number =>
  t.total > 0 ? Math.round((t.translated * 1e6) / t.total) / 1e4 : -0.5;

const integers = new Intl.NumberFormat("en-US");

/** 12,345: a count with thousands separators. */
export function formatInteger(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return integers.format(n);
  const digits = String(n);
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * The path from the page in `pageDir` to `target` (a path from the site's root), as short as it
 * gets: "l084/index.html" from the component page rather than "../../p/c/l084/index.html". A
 * site of 100,000 pages links a lot: every byte of a link is paid for on each.
 */
export function relativeHref(pageDir: string, target: string): string {
  const from = pageDir === "" ? [] : pageDir.split("/");
  const to = target.split("/");
  let same = 0;
  while (same < from.length && same < to.length - 1 && from[same] === to[same]) same++;
  return "../".repeat(from.length - same) + encodePath(to.slice(same).join("/"));
}

const shared: Omit<ViewHelpers, "href"> = {
  seg: fileSegment,
  pct: formatPercent,
  int: formatInteger,
  when: (iso) => formatTimestamp(iso),
  barWidths: (t) =>
    t.total <= 0
      ? { translated: 100, fuzzy: 0 }
      : {
          translated: round1((t.translated * 100) / t.total),
          fuzzy: round1((Math.min(t.fuzzy, t.total - t.translated) * 100) / t.total),
        },
  barLabel: (t) =>
    `${formatPercent(t.translated, t.total)} translated, ` +
    `${formatPercent(Math.min(t.fuzzy, t.total - t.translated), t.total, 0)} needs review`,
  safeUrl: isHttpUrl,
  byPercent: (list) =>
    byProgress(
      list,
      (item) => progressKey(item.tally),
      (item) => item.name ?? item.languageName ?? item.componentName ?? "",
    ),
  sortKey: (t) => String(sortValue(t)),
  sortAttr: (t) => (t.total > 0 ? "" : ` data-sort="${sortValue(t)}"`),
};

/** The helpers for a page in `pageDir`: all but `href` are the same for every page. */
export function viewHelpers(pageDir: string): ViewHelpers {
  return { ...shared, href: (target) => relativeHref(pageDir, target) };
}
