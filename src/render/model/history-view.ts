import { clipSlug } from "../../weblate/record-view.js";
import { counted } from "../../text/plural.js";
import { tripleKey } from "../../config/triple.js";
import {
  measureCounters,
  pointAt,
  pointCount,
  toMinute,
  type Counter,
  type Changes,
  type History,
} from "../../history/history.js";
import type {
  ChangeItem,
  ChangesView,
  ComponentView,
  Delta,
  LanguageView,
  ProjectView,
  SiteHistoryView,
  SiteModel,
  TranslationRow,
  TrendView,
} from "./site-view.js";
import { trendChartSvg, type ChartPoint } from "./trend-chart.js";
import { must } from "../../model/must.js";
import { fallbackNote, measureWords } from "../../model/measure.js";

// The history as the pages show it: a chart and deltas for any group of translations, and the
// latest run's changes with names. Computed when a page asks, so 10,000 pages hold no charts.

export type { Delta, TrendView, ChangeItem, ChangesView, SiteHistoryView } from "./site-view.js";

const DAY = 24 * 60;
const pct = (p: ChartPoint) => (p.total <= 0 ? 100 : (p.translated * 100) / p.total);

/**
 * The sum of several step series: at each time any of them changes, the sum of the values in force.
 */
export function sumSeries(
  series: readonly (readonly number[])[],
  counters: { part: Counter; whole: Counter } = { part: "translated", whole: "total" },
): ChartPoint[] {
  const events = new Map<number, [number, number]>();
  for (const flat of series) {
    let total = 0;
    let translated = 0;
    for (let i = 0; i < pointCount(flat); i++) {
      const p = pointAt(flat, i);
      const e = events.get(p.at) ?? [0, 0];
      e[0] += p[counters.whole] - total;
      e[1] += p[counters.part] - translated;
      events.set(p.at, e);
      total = p[counters.whole];
      translated = p[counters.part];
    }
  }
  const out: ChartPoint[] = [];
  let total = 0;
  let translated = 0;
  for (const at of [...events.keys()].sort((a, b) => a - b)) {
    const [dt, dtr] = must(events.get(at));
    total += dt;
    translated += dtr;
    if (out.length && dt === 0 && dtr === 0) continue;
    out.push({ at, total, translated });
  }
  return out;
}

function at(points: readonly ChartPoint[], minute: number): ChartPoint | undefined {
  let found: ChartPoint | undefined;
  for (const p of points) {
    if (p.at > minute) break;
    found = p;
  }
  return found;
}

export function buildHistoryView(model: SiteModel, history: History): SiteHistoryView | undefined {
  if (!history.lastRun) return undefined;
  const end = toMinute(history.lastRun);
  const previous = history.previousRun ? toMinute(history.previousRun) : undefined;
  const trend = (translations: readonly TranslationRow[]): TrendView => {
    const series = translations
      .map((t) => history.series.get(tripleKey(t)))
      .filter((s): s is number[] => s !== undefined);
    // The site's measure where every point has its counters, else strings translated.
    const counters = measureCounters(
      model.site,
      series.flatMap((flat) =>
        Array.from({ length: pointCount(flat) }, (_, i) => pointAt(flat, i)),
      ),
    );
    const points = sumSeries(series, counters);
    const { unit, done } = measureWords(counters.used);
    const now = at(points, end);
    const delta = (label: string, minute: number | undefined): Delta => {
      const then = minute === undefined ? undefined : at(points, minute);
      if (!now || !then) return { label };
      return {
        label,
        translated: now.translated - then.translated,
        total: now.total - then.total,
        percent: Math.round((pct(now) - pct(then)) * 10) / 10,
      };
    };
    const first = points[0];
    const summary =
      now && first
        ? `From ${day(first.at)} to ${day(end)}: ${done} ${unit} went from ` +
          `${first.translated.toLocaleString("en-US")} to ` +
          `${now.translated.toLocaleString("en-US")}, total ${unit} from ` +
          `${first.total.toLocaleString("en-US")} to ${now.total.toLocaleString("en-US")} ` +
          `(${counted(points.length, "change")} recorded)` +
          `${fallbackNote(model.site, counters.used)}.`
        : "No history recorded yet.";
    return {
      // One chart per page: the same id on every page, whatever order the pages are written in.
      svg: trendChartSvg(points, end, "trend", summary),
      summary,
      deltas: [
        delta("since the last run", previous),
        delta("7 days", end - 7 * DAY),
        delta("30 days", end - 30 * DAY),
      ],
    };
  };
  const all = () => model.projects.flatMap((p) => p.components.flatMap((c) => c.translations));
  // `kind` types the call (site-view.ts); the view itself says what it is.
  function trendOf(kind: "site"): TrendView;
  function trendOf(kind: "project", of: ProjectView): TrendView;
  function trendOf(kind: "component", of: ComponentView): TrendView;
  function trendOf(kind: "language", of: LanguageView): TrendView;
  function trendOf(kind: "translation", of: TranslationRow): TrendView;
  function trendOf(
    _kind: string,
    of?: ProjectView | ComponentView | LanguageView | TranslationRow,
  ): TrendView {
    if (of === undefined) return trend(all());
    if ("components" in of) return trend(of.components.flatMap((c) => c.translations));
    if ("translations" in of) return trend(of.translations);
    return trend([of]);
  }
  const run = history.runs.at(-1);
  return {
    lastRun: history.lastRun,
    ...(history.previousRun ? { previousRun: history.previousRun } : {}),
    ...(run && run.at === history.lastRun
      ? { latest: changesView(model, run.at, run.changes) }
      : {}),
    trendOf,
  };
}

const day = (minute: number) => new Date(minute * 60_000).toISOString().slice(0, 10);
const fmt = (n: number) => `${Math.floor(n * 10) / 10}%`;

/**
 * The changes with the names and pages the site has for them (a removed translation has only its
 * key).
 */
export function changesView(
  model: SiteModel,
  runAt: string,
  c: Changes,
  project?: string,
): ChangesView {
  const inProject = (key: string) => project === undefined || key.startsWith(`${project}/`);
  const item = (key: string, detail: string): ChangeItem => {
    const t = model.findRow(key);
    // A key of the previous site's history is text from outside, shown as server text is.
    if (!t) return { text: clipSlug(key), detail };
    return {
      text: `${t.languageName}, ${t.componentName} (${t.projectName})`,
      href: `${t.pageDir}/index.html`,
      lang: t.lang,
      dir: t.dir,
      detail,
    };
  };
  const components = new Map(
    model.projects.flatMap((p) =>
      p.components.map((comp) => [`${comp.project}/${comp.component}`, { comp, p }] as const),
    ),
  );
  return {
    at: runAt,
    threshold: c.threshold,
    reached100: c.reached100
      .filter((r) => inProject(r.key))
      .map((r) => item(r.key, `from ${fmt(r.previous)}`)),
    fellBelow: c.fellBelow
      .filter((r) => inProject(r.key))
      .map((r) => item(r.key, `${fmt(r.previous)} to ${fmt(r.percent)}`)),
    newStrings: c.newStrings
      .filter((r) => project === undefined || r.project === project)
      .map((r) => {
        const found = components.get(`${r.project}/${r.component}`);
        const detail = `+${r.added.toLocaleString("en-US")} string${r.added === 1 ? "" : "s"}`;
        return found
          ? {
              text: `${found.comp.name} (${found.p.name})`,
              href: `${found.comp.pageDir}/index.html`,
              detail,
            }
          : { text: clipSlug(`${r.project}/${r.component}`), detail };
      }),
    added: c.added.filter(inProject).map((k) => item(k, "now tracked")),
    removed: c.removed.filter(inProject).map((k) => item(k, "no longer tracked")),
    omitted: project === undefined ? (c.omitted ?? 0) : 0,
  };
}

export function changeCount(v: ChangesView): number {
  return (
    v.reached100.length +
    v.fellBelow.length +
    v.newStrings.length +
    v.added.length +
    v.removed.length
  );
}
