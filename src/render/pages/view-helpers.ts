import { byProgress, type Counts } from "../../model/counts.js";
import { progressBy, measure, type Measure } from "../../model/measure.js";
import { MeasureWords } from "../model/measure-words.js";
import { fileSegment, translationAnchor, translationPath } from "../../site/site-paths.js";
import { isHttpUrl } from "../../text/http-url.js";
import type { Locale } from "../../i18n/catalogs.js";
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
import { changeDetail, changeGroups, changeName, trendView } from "../model/history-words.js";

// The functions the templates call (`it.h`), bound to the locale of the page and the folder it is
// in. Every word comes from the locale's messages and every number and date from its Intl formats.

/** The reasons a record itself gives (invalid), beside a failed request's kinds. */
const REASON_KEYS: Record<string, string> = {
  record: "status.reasonRecord",
  names: "status.reasonNames",
};

// One decimal of a bar's width is a tenth of a pixel at most on any screen.
const round1 = (n: number) => Math.round(n * 10) / 10;

/** What `byPercent` orders: a language, a project or component, or a translation. */
interface Named {
  tally?: Counts;
  name?: string;
  code?: string;
  language?: string;
  languageName?: string;
  componentName?: string;
}

/**
 * The helpers of a locale that are the same on every page of it (all but the links), their
 * percents counted by `by` (site.metric, site.progress).
 */
export function localeHelpers(locale: Locale, generatedAt: string, by: Measure) {
  return {
    ...wordHelpers(locale),
    ...nameHelpers(locale, generatedAt),
    ...numberHelpers(locale, by),
    ...orderHelpers(locale, by),
  };
}

type Shared = ReturnType<typeof localeHelpers>;

/** The helpers of a page: its locale's, and links from its folder. */
export type ViewHelpers = Shared & {
  /** A page of this locale (a path from the locale's root), from the page being rendered. */
  href(target: string): string;
  /** A file every locale shares (badges, widgets, assets; a path from the site's root). */
  file(target: string): string;
  /** The link to where a translation is shown: its page, or its row of its component's page. */
  page(t: { pageDir: string }): string;
};

/** The words, markup and reasons of a locale's pages. */
function wordHelpers(locale: Locale) {
  const { messages } = locale;
  return {
    /** The message `key` as text (the template escapes it). */
    t: (key: string, params?: MessageParams) => messages.t(key, params),
    /** The message as HTML: its text escaped, `params` HTML already. */
    html: (key: string, params?: MessageParams) => messages.html(key, params),
    /** `count.<what>` for `n`: "3 languages". */
    count: (what: string, n: number) => messages.t(`count.${what}`, { count: n }),
    esc: escapeHtml,
    /** `<a href="…">text</a>`, both escaped (HTML, for a message's parameter). */
    link: (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`,
    code: (text: string) => `<code>${escapeHtml(text)}</code>`,
    seg: fileSegment,
    /** The id of a translation's row on its component's page. */
    anchor: (t: { pageDir: string }) =>
      translationAnchor(t.pageDir.slice(t.pageDir.lastIndexOf("/") + 1)),
    /** Why this run could not use a translation: "failed: 500 Internal Server Error". */
    reason: (r: Reason) => {
      const status = messages.t(`status.${r.status}`);
      const detail = r.http ?? messages.t(REASON_KEYS[r.kind ?? ""] ?? failureKey(r.kind));
      return r.list === undefined
        ? messages.t("status.reason", { status, detail })
        : messages.t("status.reasonList", { status, list: r.list, detail });
    },
    safeUrl: isHttpUrl,
    /** ` lang="en"` on a page in another language, for the crawl's English problem messages. */
    englishData: /^en(-|$)/.test(locale.tag)
      ? ""
      : ` lang="en"${locale.dir === "rtl" ? ' dir="ltr"' : ""}`,
    changeGroups: (v: ChangesView) => changeGroups(v, locale),
    changeName: (item: ChangeItem) => changeName(item, locale),
    changeDetail: (detail: ChangeDetail) => changeDetail(detail, locale),
  };
}

/** The languages' names and the times of a locale's pages. */
function nameHelpers(locale: Locale, generatedAt: string) {
  const { messages, format } = locale;
  const langName = (code: string, weblateName: string) => format.languageName(code, weblateName);
  return {
    langName,
    /** A language's name in this locale, its own name beside when that adds something (HTML). */
    lang: (code: string, weblateName: string, tag: string, dir: string) => {
      const name = langName(code, weblateName);
      const own = nativeName(code, name);
      if (!own) return escapeHtml(name);
      const attributes = `lang="${escapeHtml(tag)}" dir="${escapeHtml(dir)}"`;
      return `${escapeHtml(name)} <span class="native" ${attributes}>${escapeHtml(own)}</span>`;
    },
    /** The languages reach counts: named when at most three ("Hindi and Spanish"), else counted. */
    reachLanguages: (languages: readonly { code: string; name: string }[]) =>
      languages.length === 0 || languages.length > 3
        ? messages.t("count.languages", { count: languages.length })
        : new Intl.ListFormat(locale.tag, { type: "conjunction" }).format(
            languages.map((l) => langName(l.code, l.name)),
          ),
    /** A snapshot time ("2026-10-03 08:14 UTC", ISO 8601) as the locale writes it. */
    when: (value: string) => format.dateTime(value),
    /** A snapshot time in a `<time>` element (HTML); a text that is no time, escaped. */
    time: (value: string) => {
      const datetime = isoTime(value);
      const text = escapeHtml(format.dateTime(value));
      return datetime ? `<time datetime="${escapeHtml(datetime)}">${text}</time>` : text;
    },
    /** "3 days ago": how old `asOf` was when the snapshot was made. */
    ago: (asOf: string) => format.ago(asOf, generatedAt),
  };
}

/** The percents, counts, bars and trends of a locale's pages, counted by `by`. */
function numberHelpers(locale: Locale, by: Measure) {
  const { messages, format } = locale;
  const words = new MeasureWords(locale, by);
  return {
    pct: (part: number, total: number, whenEmpty?: number) =>
      format.percent(part, total, whenEmpty),
    int: (n: number) => format.int(n),
    /** The percent of some counts as the site counts them ("39.5%", "–" with nothing). */
    done: (t: Counts) => {
      const m = measure(t, by);
      return format.percent(m.part, m.whole);
    },
    /** "73.8% of 45,024 words translated", or "no strings to translate". */
    progress: (t: Counts) => words.summary(t),
    /** The heading of a percent column: "Translated", "Approved", "Translated words"... */
    column: words.column,
    /** The heading of a percent column over these rows: what they count. */
    columnOf: (rows: readonly { tally?: Counts }[]) => words.columnOf(rows.map((r) => r.tally)),
    measure: words,
    barWidths: (t: Counts) => {
      const m = measure(t, by);
      return m.whole <= 0
        ? { translated: 100, fuzzy: 0 }
        : {
            translated: round1((m.part * 100) / m.whole),
            fuzzy: round1((Math.min(m.fuzzy, m.whole - m.part) * 100) / m.whole),
          };
    },
    /** What a progress bar says to a screen reader: "58.7% translated, 13.1% needs review". */
    barLabel: (t: Counts) => words.barLabel(t),
    /** A number of people: "3.1 billion", "600 million", "850,000". */
    people: (n: number) => format.people(n),
    /** "1.8 billion speakers". */
    speakers: (n: number) =>
      messages.t("reach.speakers", { count: Math.floor(n), people: format.people(n) }),
    /** A percent from 0 to 100 as the locale writes it ("90%", "90 %"). */
    pctOf: (value: number) => format.percentOf(value),
    /** A share (0 to 1) as a percent: one decimal below 10%, whole above ("38%", "2.5%"). */
    share: (fraction: number) => {
      const p = fraction * 100;
      if (p > 0 && p < 0.1) return messages.t("reach.lessThan", { percent: format.percentOf(0.1) });
      return format.percentOf(p >= 10 ? Math.floor(p) : Math.floor(p * 10) / 10);
    },
    /** A group's trend: its chart, summary and deltas in this locale. */
    trend: (data: TrendData) => trendView(data, locale, words),
  };
}

/** The orders of a locale's pages and tables, by `by`. */
function orderHelpers(locale: Locale, by: Measure) {
  const { format } = locale;
  /** The percent to 4 decimals (what tables.js and the order compare), -0.5 with nothing. */
  const sortValue = (t: Counts) => {
    const m = measure(t, by);
    return m.whole > 0 ? Math.round((m.part * 1e6) / m.whole) / 1e4 : -0.5;
  };
  const nameOf = (item: Named): string =>
    item.name !== undefined
      ? item.code !== undefined
        ? format.languageName(item.code, item.name)
        : item.name
      : item.languageName !== undefined && item.language !== undefined
        ? format.languageName(item.language, item.languageName)
        : (item.componentName ?? "");
  return {
    /**
     * A copy of the list, most translated first (ties by name in the locale's order), those with
     * no strings after, unusable ones last: the order the pages show without script.
     */
    byPercent: <T extends Named>(list: readonly T[]): T[] =>
      byProgress(
        list,
        (item) => progressBy(item.tally, by),
        nameOf,
        (a, b) => format.compare(a, b),
      ),
    /** The `data-sort` value of a percent cell: the exact percent, -0.5 with no strings. */
    sortKey: (t: Counts) => String(sortValue(t)),
    /**
     * ` data-sort="-0.5"` for a percent cell with no strings, else nothing: tables.js sorts by the
     * shown percent, which is a number except for "–" (the attribute on 100,000 rows cost ~2 MB).
     */
    sortAttr: (t: Counts) => (measure(t, by).whole > 0 ? "" : ` data-sort="${sortValue(t)}"`),
  };
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
  const own = {
    href,
    file: (target: string) => hrefFrom(parts, target),
    page: (t: { pageDir: string }) => href(translationPath(t.pageDir, translationPages)),
  };
  // The locale's helpers as the prototype, not copied: a site of 100,000 pages makes one of these
  // for each, and copying some forty functions into each cost more than its links.
  return Object.assign(Object.create(shared) as Shared, own);
}
