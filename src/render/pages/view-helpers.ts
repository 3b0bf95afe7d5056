import { byProgress, type Counts } from "../../model/counts.js";
import {
  fallbackNote,
  measure,
  measureWords,
  progressBy,
  STRINGS_TRANSLATED,
  type Measure,
} from "../../model/measure.js";
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
  /** The percent of some counts as the site counts them ("39.5%", "–" with nothing). */
  done(tally: Counts): string;
  /** "73.8% of 45,024 words translated" (progressSummary). */
  summary(tally: Counts): string;
  /** The heading of a percent column: "Translated", "Approved", "Translated words"... */
  column: string;
  barWidths(tally: Counts): { translated: number; fuzzy: number };
  /** What a progress bar says to a screen reader: "58.7% translated, 13.1% needs review". */
  barLabel(tally: Counts): string;
  safeUrl(url: string): boolean;
  /** A number of people: "3.1 billion", "600 million", "850,000". */
  people(n: number): string;
  /** A share (0 to 1) as a percent: one decimal below 10%, whole above ("38%", "2.5%"). */
  share(fraction: number): string;
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
  const value = shownPercent(part, total);
  if (value === undefined) return typeof whenEmpty === "number" ? `${whenEmpty}%` : whenEmpty;
  return `${value}%`;
}

/**
 * The number formatPercent shows (one decimal, floored; 100 only when complete; 0.1 for
 * something done): what the exports write too. Undefined for a total of 0.
 */
export function shownPercent(part: number, total: number): number | undefined {
  if (total <= 0) return undefined;
  if (part >= total) return 100;
  const value = Math.floor((part * 1000) / total) / 10;
  return value === 0 && part > 0 ? 0.1 : value;
}

// One decimal of a bar's width is a tenth of a pixel at most on any screen.
const round1 = (n: number) => Math.round(n * 10) / 10;

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

/** "3.1 billion", "600 million", "1.5 million", "850,000": people, rounded down for the eye. */
export function formatPeople(n: number): string {
  const at = (unit: number, word: string) => {
    const v = n / unit;
    return `${v >= 100 ? Math.floor(v) : Math.floor(v * 10) / 10} ${word}`;
  };
  if (n >= 1e9) return at(1e9, "billion");
  if (n >= 1e6) return at(1e6, "million");
  return formatInteger(Math.floor(n));
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

type Measured = Pick<
  ViewHelpers,
  "done" | "summary" | "column" | "barWidths" | "barLabel" | "byPercent" | "sortKey" | "sortAttr"
>;

/** The helpers that show a percent: each counts as the site's measure counts. */
function measuredHelpers(by: Measure): Measured {
  /** The percent to 4 decimals (what tables.js and the order compare), -0.5 with nothing. */
  const sortValue = (t: Counts) => {
    const m = measure(t, by);
    return m.whole > 0 ? Math.round((m.part * 1e6) / m.whole) / 1e4 : -0.5;
  };
  return {
    done: (t) => {
      const m = measure(t, by);
      return formatPercent(m.part, m.whole);
    },
    summary: (t) => progressSummary(t, by),
    column:
      (by.progress === "approved" ? "Approved" : "Translated") +
      (by.metric === "strings" ? "" : ` ${measureWords(by).unit}`),
    barWidths: (t) => {
      const m = measure(t, by);
      return m.whole <= 0
        ? { translated: 100, fuzzy: 0 }
        : {
            translated: round1((m.part * 100) / m.whole),
            fuzzy: round1((Math.min(m.fuzzy, m.whole - m.part) * 100) / m.whole),
          };
    },
    barLabel: (t) => {
      const m = measure(t, by);
      const review = formatPercent(Math.min(m.fuzzy, m.whole - m.part), m.whole, 0);
      return `${formatPercent(m.part, m.whole)} ${m.used.progress}, ${review} needs review`;
    },
    byPercent: (list) =>
      byProgress(
        list,
        (item) => progressBy(item.tally, by),
        (item) => item.name ?? item.languageName ?? item.componentName ?? "",
      ),
    sortKey: (t) => String(sortValue(t)),
    sortAttr: (t) => (measure(t, by).whole > 0 ? "" : ` data-sort="${sortValue(t)}"`),
  };
}

/**
 * "73.8% of 45,024 words translated": what some counts come to in a measure; where they do not
 * allow it, in what they do, saying why ("(strings: the server gives no character counts)").
 */
export function progressSummary(t: Counts, by: Measure): string {
  const m = measure(t, by);
  const { unit, done } = measureWords(m.used);
  if (m.whole <= 0) return `no ${unit} to translate`;
  const shown = `${formatPercent(m.part, m.whole)} of ${formatInteger(m.whole)} ${unit} ${done}`;
  return shown + fallbackNote(by, m.used);
}

const shared: Omit<ViewHelpers, "href" | keyof Measured> = {
  seg: fileSegment,
  pct: formatPercent,
  int: formatInteger,
  when: (iso) => formatTimestamp(iso),
  safeUrl: isHttpUrl,
  people: formatPeople,
  share: (f) => {
    const p = f * 100;
    return `${p >= 10 ? Math.floor(p) : p > 0 && p < 0.1 ? "<0.1" : Math.floor(p * 10) / 10}%`;
  },
};

/**
 * The helpers for a page in `pageDir`, its percents counted by `by` (site.metric, site.progress):
 * all but `href` are the same for every page.
 */
export function viewHelpers(pageDir: string, by: Measure = STRINGS_TRANSLATED): ViewHelpers {
  return { ...shared, ...measuredHelpers(by), href: (target) => relativeHref(pageDir, target) };
}
