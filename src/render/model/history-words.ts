import type { Locale } from "../../i18n/catalogs.js";
import type { ChangeDetail, ChangeItem, ChangesView, TrendData } from "./site-view.js";
import { trendChartSvg } from "./trend-chart.js";
import { capitalize, type MeasureWords } from "./measure-words.js";

// The history in one locale's words: the trend chart with its summary and deltas, the changes'
// names and details. Shared by the pages (history partials) and the Atom feeds.

/** A delta as a row of the deltas table shows it: formatted, or undefined beyond the history. */
export interface DeltaView {
  label: string;
  translated?: string;
  total?: string;
  percent?: string;
}

export interface TrendView {
  /**
   * The chart; "" with one point or none (no change recorded since the history began: a flat line
   * says no more than `unchanged`, and on a site of 100,000 pages would double each page).
   */
  svg: string;
  /** With one point: "No change since ...", said instead of the chart and its deltas. */
  unchanged?: string;
  summary: string;
  /** What the points count: "translated words", "total words". */
  done: string;
  total: string;
  /** The deltas table's headings: its done, total and percent columns. */
  headings: [string, string, string];
  deltas: DeltaView[];
}

/** A group's trend as its page shows it, in `locale`; `words`: the site's measure in it. */
export function trendView(data: TrendData, locale: Locale, words: MeasureWords): TrendView {
  const { messages: m, format: f } = locale;
  const { points, end, used } = data;
  const done = words.done(used);
  const total = words.total(used);
  const first = points[0];
  const now = [...points].reverse().find((p) => p.at <= end);
  const summary =
    now && first
      ? m.t("history.trendSummary", {
          start: f.day(first.at),
          end: f.day(end),
          done,
          total,
          translatedBefore: first.translated,
          translatedNow: now.translated,
          totalBefore: first.total,
          totalNow: now.total,
          changes: m.t("history.changes", { count: points.length }),
          note: words.note(used),
        })
      : m.t("history.noHistory");
  const unchanged =
    points.length === 1 && first
      ? m.t("history.unchanged", {
          start: f.day(first.at),
          done,
          total,
          translatedNow: f.int(first.translated),
          totalNow: f.int(first.total),
          note: words.note(used),
        })
      : points.length === 0
        ? summary
        : undefined;
  return {
    ...(unchanged === undefined ? {} : { unchanged }),
    // One chart per page: the same id on every page, whatever order the pages are written in.
    svg:
      unchanged !== undefined
        ? ""
        : trendChartSvg(points, end, "trend", summary, {
            title: capitalize(m.t("history.trendTitle", { done, total }), locale.tag),
            locale: locale.tag,
            count: (n) => f.int(n),
            day: (minute) => f.day(minute),
            dayTime: (minute) => f.dayTime(minute),
            rtl: locale.dir === "rtl",
          }),
    summary,
    done,
    total,
    headings: [
      capitalize(done, locale.tag),
      capitalize(total, locale.tag),
      m.t(used.progress === "approved" ? "history.deltaPercentApproved" : "history.deltaPercent"),
    ],
    deltas: data.deltas.map((d) => {
      const label =
        d.days === undefined ? m.t("history.sinceLastRun") : m.t("history.days", { count: d.days });
      if (d.translated === undefined || d.total === undefined || d.percent === undefined)
        return { label };
      return {
        label,
        translated: f.delta(d.translated),
        total: f.delta(d.total),
        percent: m.t("history.points", { value: f.deltaDecimal(d.percent) }),
      };
    }),
  };
}

/** The groups of the changes, each with its heading, in `locale`. */
export function changeGroups(v: ChangesView, locale: Locale): [string, ChangeItem[]][] {
  const { messages: m, format: f } = locale;
  return [
    [m.t("history.reached100", { percent: f.percentOf(100) }), v.reached100],
    [m.t("history.fellBelow", { percent: f.percentOf(v.threshold) }), v.fellBelow],
    [m.t("history.newStrings"), v.newStrings],
    [m.t("history.added"), v.added],
    // A removal under the heading of its reason: the server's, the config's, or not known.
    [m.t("history.removedFromServer"), v.removed.filter((i) => removedWhy(i) === "server")],
    [m.t("history.noLongerTracked"), v.removed.filter((i) => removedWhy(i) === "config")],
    [m.t("history.removed"), v.removed.filter((i) => removedWhy(i) === "unknown")],
  ];
}

const removedWhy = (i: ChangeItem) => (i.detail.kind === "removed" ? i.detail.why : undefined);

/** What a change item is called: its translation, its component, its project, or its key. */
export function changeName(item: ChangeItem, locale: Locale): string {
  const { messages: m, format: f } = locale;
  const t = item.translation;
  if (t)
    return m.t("history.itemName", {
      language: f.languageName(t.language, t.languageName),
      component: t.componentName,
      project: t.projectName,
    });
  if (item.component)
    return m.t("history.componentName", {
      component: item.component.name,
      project: item.component.projectName,
    });
  return item.project?.name ?? item.text;
}

/** What changed: "from 85.2%", "+3 strings", "now tracked". */
export function changeDetail(detail: ChangeDetail, locale: Locale): string {
  const { messages: m, format: f } = locale;
  switch (detail.kind) {
    case "reached":
      return m.t("history.fromPercent", { percent: f.percentOf(detail.previous) });
    case "fell":
      return m.t("history.percentChange", {
        from: f.percentOf(detail.previous),
        to: f.percentOf(detail.percent),
      });
    case "newStrings":
      return m.t("history.addedStrings", { count: detail.added });
    case "added":
      return m.t("history.nowTracked");
    case "removed":
      // Its reason is the heading it stands under (changeGroups).
      if (detail.whole === "project")
        return m.t("history.removedProject", { count: detail.translations ?? 0 });
      if (detail.whole === "component")
        return m.t("history.removedComponent", { count: detail.translations ?? 0 });
      return m.t("history.removedTranslation");
  }
}
