import type { Locale } from "../../i18n/catalogs.js";
import type { ChangeDetail, ChangeItem, ChangesView, Delta, TrendData } from "./site-view.js";
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
   * The chart: a single run's point, a flat line for a series that never changed; "" with no
   * point.
   */
  svg: string;
  /** The trend in one sentence: the chart's text alternative, and its caption. */
  summary: string;
  /** What the points count: "translated words", "total words". */
  done: string;
  total: string;
  /** The deltas table's headings: its done, total and percent columns. */
  headings: [string, string, string];
  /** None when none reaches back (a single run: nothing to compare). */
  deltas: DeltaView[];
}

/** The trend in one sentence: no point yet, a single run, no change since the first, or a span. */
function trendSummary(data: TrendData, locale: Locale, words: MeasureWords): string {
  const { messages: m, format: f } = locale;
  const { points, end, used } = data;
  const first = points[0];
  const now = points.findLast((p) => p.at <= end);
  if (!first || !now) return m.t("history.noHistory");
  const { translated: translatedNow, total: totalNow } = now;
  const [done, total] = [words.done(used), words.total(used)];
  const shared = { start: f.day(first.at), done, total, translatedNow, totalNow };
  const note = words.note(used);
  // A second run in the first one's minute that changed nothing here is no first run.
  const unchanged = first.at < end || data.previous !== undefined;
  if (points.length === 1 && unchanged) return m.t("history.unchanged", { ...shared, note });
  if (points.length === 1)
    return m.t("history.oneRun", { ...shared, note, percent: f.percent(now.translated, totalNow) });
  // Runs on one day: from its first run's time to its last's, not "From Nov 20 to Nov 20".
  const time = (at: number) => f.dateTime(new Date(at * 60_000).toISOString());
  const when = f.day(first.at) === f.day(end) ? time : (at: number) => f.day(at);
  return m.t("history.trendSummary", {
    ...shared,
    start: when(first.at),
    end: when(end),
    translatedBefore: first.translated,
    totalBefore: first.total,
    points: m.t("history.recordedPoints", { count: points.length }),
    note,
  });
}

/** A delta as a row shows it: since the last run or some days, signed, in points for percents. */
function deltaView(d: Delta, { messages: m, format: f }: Locale): DeltaView {
  const label =
    d.days === undefined ? m.t("history.sinceLastRun") : m.t("history.days", { count: d.days });
  if (d.translated === undefined || d.total === undefined || d.percent === undefined)
    return { label };
  const percent = m.t("history.points", { value: f.deltaDecimal(d.percent) });
  return { label, translated: f.delta(d.translated), total: f.delta(d.total), percent };
}

/** A group's trend as its page shows it, in `locale`; `words`: the site's measure in it. */
export function trendView(data: TrendData, locale: Locale, words: MeasureWords): TrendView {
  const { messages: m, format: f, tag } = locale;
  const [done, total] = [words.done(data.used), words.total(data.used)];
  const summary = trendSummary(data, locale, words);
  const compared = data.deltas.some((d) => d.translated !== undefined);
  return {
    // One chart per page: the same id on every page, whatever order the pages are written in.
    svg: !data.points.length
      ? ""
      : trendChartSvg(data.points, data.end, "trend", summary, {
          title: capitalize(m.t("history.trendTitle", { done, total }), tag),
          format: f,
          rtl: locale.dir === "rtl",
        }),
    summary,
    done,
    total,
    headings: [
      capitalize(done, tag),
      capitalize(total, tag),
      m.t(
        data.used.progress === "approved" ? "history.deltaPercentApproved" : "history.deltaPercent",
      ),
    ],
    deltas: compared ? data.deltas.map((d) => deltaView(d, locale)) : [],
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
