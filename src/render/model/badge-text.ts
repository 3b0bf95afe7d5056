import {
  type BadgeData,
  type BadgeWords,
  errorBadge,
  progressBadge,
} from "../../badges/badge-data.js";
import type { Counts } from "../../model/counts.js";
import { measure, type Measure } from "../../model/measure.js";
import type { SiteOptions, Thresholds } from "../../config/schema.js";
import type { Locale } from "../../i18n/catalogs.js";
import type { FailureKind } from "../../model/failure.js";
import type { WidgetWords } from "../../widgets/chart-svg.js";
import { MeasureWords } from "./measure-words.js";

// What the badge and widget files say, in one locale for the whole site (`site.badges.locale`):
// README addresses stay one per badge, whatever languages the pages are in.

/** The message key of each failure kind's badge text. */
const FAILURE_KEYS: Record<FailureKind, string> = {
  "not-found": "badge.notFound",
  auth: "badge.noAccess",
  "rate-limited": "badge.rateLimited",
  inaccessible: "badge.unreachable",
  "invalid-response": "badge.invalidResponse",
  "too-large": "badge.tooLarge",
  redirect: "badge.redirected",
  locked: "badge.locked",
};

/** The message key of a failure kind's badge text ("badge.error" for a kind not known). */
export function failureKey(kind: string | undefined): string {
  const known = Object.entries(FAILURE_KEYS).find(([name]) => name === kind);
  return known ? known[1] : "badge.error";
}

/** The badges' words, label and failure texts in their locale. */
export interface BadgeText {
  locale: Locale;
  /** `site.badgeLabel`, or "translated" ("approved" with site.progress approved) in its words. */
  label: string;
  /** The grey badge of a group with nothing usable: "no data". */
  noData(): BadgeData;
  /** What an unusable translation's badge says: "invalid", "not found", "error"... */
  failure(status: string, kind: string | undefined): string;
  /**
   * The badge of some counts as `by` counts them: the site's measure (site.metric,
   * site.progress) under the site's label ("approved" where it counts approved), another metric
   * (site.badgeMetrics) under what it counts ("translated strings"); each by what it could count
   * (a project without review counts translated, and says so).
   */
  measured(tally: Counts, by: Measure, thresholds: Thresholds): BadgeData;
  /** A badge of last known good data: "85% (3d ago)". */
  stale(badge: BadgeData, asOf: string, now: string): BadgeData;
}

export function badgeText(locale: Locale, site: SiteOptions): BadgeText {
  const { messages, format } = locale;
  const label =
    site.badgeLabel ??
    messages.t(site.progress === "approved" ? "badge.labelApproved" : "badge.label");
  const translated = site.badgeLabel ?? messages.t("badge.label");
  const words: BadgeWords = {
    percent: (whole) => format.wholePercent(whole),
    noStrings: messages.t("badge.noStrings"),
  };
  return {
    locale,
    label,
    noData: () => errorBadge(label, messages.t("badge.noData")),
    measured(tally, by, thresholds) {
      const m = measure(tally, by);
      const own = by.metric === site.metric && by.progress === site.progress;
      const said = own
        ? m.used.progress === by.progress
          ? label
          : translated
        : new MeasureWords(locale, by).done(m.used);
      return progressBadge(said, m.part, m.whole, thresholds, words);
    },
    failure: (status, kind) => {
      if (status === "invalid") return messages.t("badge.invalid");
      return messages.t(failureKey(kind));
    },
    // The earlier percent with its age, "85% (3d ago)"; drawn with a grey border (badge-svg.ts).
    stale: (badge, asOf, now) => ({
      ...badge,
      message: messages.t("badge.stale", {
        message: badge.message,
        age: format.ago(asOf, now, "narrow"),
      }),
      stale: true,
    }),
  };
}

/**
 * The widgets' words (charts, matrix, pictures) in the badges' locale; `by` is what their percents
 * count (the site's measure, or a badge variant's), named in their titles.
 */
export function widgetWords(locale: Locale, by: Measure): WidgetWords {
  const { messages: m, format: f } = locale;
  const whole = (percent: number) => f.wholePercent(percent);
  const measured = new MeasureWords(locale, by).done(by);
  // "20 of 120 languages" when a chart leaves some out.
  const languagesOf = (shown: number, of = shown) =>
    of > shown
      ? m.t("widgets.languagesOf", { shown, languages: m.t("count.languages", { count: of }) })
      : m.t("count.languages", { count: shown });
  return {
    percent: whole,
    int: (n) => f.int(n),
    noLanguages: m.t("widgets.noLanguages"),
    describe: (title, shown, of) => {
      const first = shown[0];
      const last = shown.at(-1);
      if (!first || !last) return m.t("widgets.noLanguagesTitle", { title });
      const range =
        shown.length === 1
          ? m.t("widgets.rangeOne", { name: first.name, percent: whole(first.percent) })
          : m.t("widgets.range", {
              first: first.name,
              firstPercent: whole(first.percent),
              last: last.name,
              lastPercent: whole(last.percent),
            });
      return m.t("widgets.chartTitle", {
        title,
        measure: measured,
        languages: languagesOf(shown.length, of),
        range,
      });
    },
    matrix: (title, components, languages, of) =>
      m.t("widgets.matrixTitle", {
        title,
        measure: measured,
        components: m.t("count.components", { count: components }),
        languages: languagesOf(languages, of),
      }),
    og: {
      noStrings: m.t("widgets.ogNoStrings"),
      mostTranslated: m.t("widgets.ogMostTranslated"),
      footer: m.t("widgets.ogFooter"),
    },
  };
}
