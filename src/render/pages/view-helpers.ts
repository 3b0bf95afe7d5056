import { byProgress, type Counts } from "../../model/counts.js";
import { progressBy, measure, type Measure } from "../../model/measure.js";
import { MeasureWords } from "../model/measure-words.js";
import { fileSegment, translationAnchor, translationPath } from "../../site/site-paths.js";
import { isHttpUrl } from "../../text/http-url.js";
import type { Locale } from "../../i18n/catalogs.js";
import { LocaleFormat } from "../../i18n/locale-format.js";
import { escapeHtml, type MessageParams } from "../../i18n/messages.js";
import { nativeName } from "../model/language-names.js";
import { isoTime } from "../model/translation-view.js";
import type {
  ChangeDetail,
  ChangeItem,
  ChangesView,
  Reason,
  TrendData,
} from "../model/site-view.js";
import { failureKey } from "../model/badge-text.js";
import { hrefFrom } from "./relative-href.js";

/** The reasons a record itself gives (invalid), beside a failed request's kinds. */
const REASON_KEYS: Record<string, string> = {
  record: "status.reasonRecord",
  names: "status.reasonNames",
};
import {
  changeDetail,
  changeGroups,
  changeName,
  trendView,
  type TrendView,
} from "../model/history-words.js";

/**
 * Functions the templates call, bound to the locale of the page and the directory it is in. Every
 * word comes from the locale's messages and every number and date from its Intl formats.
 */
export interface ViewHelpers {
  /** A page of this locale (a path from the locale's root), from the page being rendered. */
  href(target: string): string;
  /** A file every locale shares (badges, widgets, assets; a path from the site's root). */
  file(target: string): string;
  /** The link to where a translation is shown: its page, or its row of its component's page. */
  page(t: { pageDir: string }): string;
  /** The id of a translation's row on its component's page (translationAnchor). */
  anchor(t: { pageDir: string }): string;
  /** The message `key` as text (the template escapes it). */
  t(key: string, params?: MessageParams): string;
  /** The message as HTML: its text escaped, `params` HTML already. */
  html(key: string, params?: MessageParams): string;
  /** `count.<what>` for `n`: "3 languages". */
  count(what: string, n: number): string;
  /** The languages reach counts: named when at most three ("Hindi and Spanish"), else counted. */
  reachLanguages(languages: readonly { code: string; name: string }[]): string;
  esc(text: string): string;
  /** `<a href="…">text</a>`, both escaped (HTML, for a message's parameter). */
  link(href: string, text: string): string;
  /** `<code>text</code>`, escaped (HTML, for a message's parameter). */
  code(text: string): string;
  seg(value: string): string;
  pct(part: number, total: number, whenEmpty?: number): string;
  int(n: number): string;
  /** A snapshot time ("2026-10-03 08:14 UTC", ISO 8601) as the locale writes it. */
  when(value: string): string;
  /** A snapshot time in a `<time>` element (HTML); a text that is no time, escaped. */
  time(value: string): string;
  /** "3 days ago": how old `asOf` was when the snapshot was made. */
  ago(asOf: string): string;
  /** Why this run could not use a translation: "failed: 500 Internal Server Error". */
  reason(r: Reason): string;
  /** A language's name in this locale, with its own name beside when that adds something (HTML). */
  lang(code: string, weblateName: string, tag: string, dir: string): string;
  /** A language's name in this locale (text). */
  langName(code: string, weblateName: string): string;
  /** The percent of some counts as the site counts them ("39.5%", "–" with nothing). */
  done(tally: Counts): string;
  /**
   * "73.8% of 45,024 words translated", or "no strings to translate": some counts in the site's
   * measure (site.metric, site.progress), saying why where they do not allow it.
   */
  progress(tally: Counts): string;
  /** The heading of a percent column: "Translated", "Approved", "Translated words"... */
  column: string;
  /** The heading of a percent column over these rows: what they count (MeasureWords#columnOf). */
  columnOf(rows: readonly { tally?: Counts }[]): string;
  /** The site's measure in this locale's words. */
  measure: MeasureWords;
  barWidths(tally: Counts): { translated: number; fuzzy: number };
  /** What a progress bar says to a screen reader: "58.7% translated, 13.1% needs review". */
  barLabel(tally: Counts): string;
  safeUrl(url: string): boolean;
  /** A number of people: "3.1 billion", "600 million", "850,000". */
  people(n: number): string;
  /** A share (0 to 1) as a percent: one decimal below 10%, whole above ("38%", "2.5%"). */
  share(fraction: number): string;
  /** "1.8 billion speakers": `people` with the word for speakers, its plural by `n`. */
  speakers(n: number): string;
  /** A percent from 0 to 100 as the locale writes it ("90%", "90 %"). */
  pctOf(value: number): string;
  /**
   * ` lang="en"` on a page in another language, for what the snapshot holds in English (the
   * crawl's problem messages); "" on an English page.
   */
  englishData: string;
  /** A group's trend: its chart, summary and deltas in this locale. */
  trend(data: TrendData): TrendView;
  changeGroups(v: ChangesView): [string, ChangeItem[]][];
  changeName(item: ChangeItem): string;
  changeDetail(detail: ChangeDetail): string;
  /**
   * A copy of the list, most translated first (ties by name in the locale's order), those with no
   * strings after, unusable ones last: the order the pages show without script.
   */
  byPercent<
    T extends {
      tally?: Counts;
      name?: string;
      code?: string;
      language?: string;
      languageName?: string;
      componentName?: string;
    },
  >(list: readonly T[]): T[];
  /** The `data-sort` value of a percent cell: the exact percent, -0.5 with no strings. */
  sortKey(tally: Counts): string;
  /**
   * ` data-sort="-0.5"` for a percent cell with no strings, else nothing: tables.js sorts by the
   * shown percent, which is a number except for "–" (the attribute on 100,000 rows cost ~2 MB).
   */
  sortAttr(tally: Counts): string;
}

const english = new LocaleFormat("en");

/** 12,345: a count, in English. */
export function formatInteger(n: number): string {
  return english.int(n);
}

// One decimal of a bar's width is a tenth of a pixel at most on any screen.
const round1 = (n: number) => Math.round(n * 10) / 10;

type Shared = Omit<ViewHelpers, "href" | "file" | "page">;

/**
 * The helpers of a locale that are the same on every page of it (all but the links), their
 * percents counted by `by` (site.metric, site.progress).
 */
export function localeHelpers(locale: Locale, generatedAt: string, by: Measure): Shared {
  return {
    ...wordHelpers(locale, generatedAt),
    ...numberHelpers(locale, by),
    ...orderHelpers(locale, by),
  };
}

/** The words, names, times and reasons of a locale's pages. */
function wordHelpers(locale: Locale, generatedAt: string) {
  const { messages, format } = locale;
  const langName = (code: string, weblateName: string) => format.languageName(code, weblateName);
  return {
    t: (key, params) => messages.t(key, params),
    html: (key, params) => messages.html(key, params),
    count: (what, n) => messages.t(`count.${what}`, { count: n }),
    reachLanguages: (languages) =>
      languages.length === 0 || languages.length > 3
        ? messages.t("count.languages", { count: languages.length })
        : new Intl.ListFormat(locale.tag, { type: "conjunction" }).format(
            languages.map((l) => langName(l.code, l.name)),
          ),
    esc: escapeHtml,
    link: (href, text) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`,
    code: (text) => `<code>${escapeHtml(text)}</code>`,
    seg: fileSegment,
    anchor: (t) => translationAnchor(t.pageDir.slice(t.pageDir.lastIndexOf("/") + 1)),
    when: (value) => format.dateTime(value),
    time: (value) => {
      const datetime = isoTime(value);
      const text = escapeHtml(format.dateTime(value));
      return datetime ? `<time datetime="${escapeHtml(datetime)}">${text}</time>` : text;
    },
    ago: (asOf) => format.ago(asOf, generatedAt),
    reason: (r) => {
      const status = messages.t(`status.${r.status}`);
      const detail = r.http ?? messages.t(REASON_KEYS[r.kind ?? ""] ?? failureKey(r.kind));
      return r.list === undefined
        ? messages.t("status.reason", { status, detail })
        : messages.t("status.reasonList", { status, list: r.list, detail });
    },
    langName,
    lang: (code, weblateName, tag, dir) => {
      const name = langName(code, weblateName);
      const own = nativeName(code, name);
      if (!own) return escapeHtml(name);
      const attributes = `lang="${escapeHtml(tag)}" dir="${escapeHtml(dir)}"`;
      return `${escapeHtml(name)} <span class="native" ${attributes}>${escapeHtml(own)}</span>`;
    },
    safeUrl: isHttpUrl,
    englishData: /^en(-|$)/.test(locale.tag)
      ? ""
      : ` lang="en"${locale.dir === "rtl" ? ' dir="ltr"' : ""}`,
    changeGroups: (v) => changeGroups(v, locale),
    changeName: (item) => changeName(item, locale),
    changeDetail: (detail) => changeDetail(detail, locale),
  } satisfies Partial<Shared>;
}

/** The percents, counts, bars and trends of a locale's pages, counted by `by`. */
function numberHelpers(locale: Locale, by: Measure) {
  const { messages, format } = locale;
  const words = new MeasureWords(locale, by);
  return {
    pct: (part, total, whenEmpty) => format.percent(part, total, whenEmpty),
    int: (n) => format.int(n),
    done: (t) => {
      const m = measure(t, by);
      return format.percent(m.part, m.whole);
    },
    progress: (t) => words.summary(t),
    column: words.column,
    columnOf: (rows) => words.columnOf(rows.map((r) => r.tally)),
    measure: words,
    barWidths: (t) => {
      const m = measure(t, by);
      return m.whole <= 0
        ? { translated: 100, fuzzy: 0 }
        : {
            translated: round1((m.part * 100) / m.whole),
            fuzzy: round1((Math.min(m.fuzzy, m.whole - m.part) * 100) / m.whole),
          };
    },
    barLabel: (t) => words.barLabel(t),
    people: (n) => format.people(n),
    speakers: (n) =>
      messages.t("reach.speakers", { count: Math.floor(n), people: format.people(n) }),
    pctOf: (value) => format.percentOf(value),
    share: (fraction) => {
      const p = fraction * 100;
      if (p > 0 && p < 0.1) return messages.t("reach.lessThan", { percent: format.percentOf(0.1) });
      return format.percentOf(p >= 10 ? Math.floor(p) : Math.floor(p * 10) / 10);
    },
    trend: (data) => trendView(data, locale, words),
  } satisfies Partial<Shared>;
}

/** The orders of a locale's pages and tables, by `by`. */
function orderHelpers(locale: Locale, by: Measure) {
  const { format } = locale;
  /** The percent to 4 decimals (what tables.js and the order compare), -0.5 with nothing. */
  const sortValue = (t: Counts) => {
    const m = measure(t, by);
    return m.whole > 0 ? Math.round((m.part * 1e6) / m.whole) / 1e4 : -0.5;
  };
  const langName = (code: string, weblateName: string) => format.languageName(code, weblateName);
  const nameOf = (item: Parameters<Shared["byPercent"]>[0][number]): string =>
    item.name !== undefined
      ? item.code !== undefined
        ? langName(item.code, item.name)
        : item.name
      : item.languageName !== undefined && item.language !== undefined
        ? langName(item.language, item.languageName)
        : (item.componentName ?? "");
  return {
    byPercent: (list) =>
      byProgress(
        list,
        (item) => progressBy(item.tally, by),
        nameOf,
        (a, b) => format.compare(a, b),
      ),
    sortKey: (t) => String(sortValue(t)),
    sortAttr: (t) => (measure(t, by).whole > 0 ? "" : ` data-sort="${sortValue(t)}"`),
  } satisfies Partial<Shared>;
}

/** A path under a locale's folder ("" for the default locale, at the site's root). */
export const underLocale = (prefix: string, path: string): string =>
  prefix === "" ? path : path === "" ? prefix : `${prefix}/${path}`;

/**
 * The helpers for a page in `pageDir` of the locale whose pages are under the folder `prefix` (""
 * at the site's root, "de" for German beside another default), of a site with or without
 * translation pages (`page`: where a translation is shown).
 */
export function viewHelpers(
  shared: Shared,
  pageDir: string,
  prefix = "",
  translationPages = true,
): ViewHelpers {
  const from = underLocale(prefix, pageDir);
  const parts = from === "" ? [] : from.split("/");
  const href = (target: string) => hrefFrom(parts, underLocale(prefix, target));
  const own: Pick<ViewHelpers, "href" | "file" | "page"> = {
    href,
    file: (target) => hrefFrom(parts, target),
    page: (t) => href(translationPath(t.pageDir, translationPages)),
  };
  // The locale's helpers as the prototype, not copied: a site of 100,000 pages makes one of these
  // for each, and copying some forty functions into each cost more than its links.
  const helpers: ViewHelpers = Object.assign(Object.create(shared), own);
  return helpers;
}
