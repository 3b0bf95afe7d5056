import { clipSlug } from "../../weblate/record-view.js";
import { tripleKey } from "../../config/triple.js";
import { translationPath } from "../../site/site-paths.js";
import { toMinute, type Changes, type History } from "../../history/history.js";
import { sumTrend } from "./trend-sum.js";
import type { RemovedWhy } from "./changes-view.js";
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
  TrendData,
} from "./site-view.js";
import type { ChartPoint } from "./trend-chart.js";

// The history as the pages show it: the points of a chart and the deltas for any group of
// translations, and the latest run's changes with names; words, numbers and dates are each
// locale's (model/history-words.ts). Computed when a page asks, so 10,000 pages hold no charts.

export type { Delta, TrendData, ChangeItem, ChangesView, SiteHistoryView } from "./site-view.js";

const DAY = 24 * 60;
const pct = (p: ChartPoint) => (p.total <= 0 ? 100 : (p.translated * 100) / p.total);

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
  const trend = (translations: Iterable<TranslationRow>): TrendData => {
    // One series decoded at a time; the site's measure where every point has its counters, else
    // strings translated.
    function* series() {
      for (const t of translations) {
        const flat = history.series.get(tripleKey(t));
        if (flat) yield flat;
      }
    }
    const { points, used } = sumTrend(series(), model.site);
    const now = at(points, end);
    const delta = (days: number | undefined, minute: number | undefined): Delta => {
      const then = minute === undefined ? undefined : at(points, minute);
      const span = days === undefined ? {} : { days };
      if (!now || !then) return span;
      return {
        ...span,
        translated: now.translated - then.translated,
        total: now.total - then.total,
        percent: Math.round((pct(now) - pct(then)) * 10) / 10,
      };
    };
    return {
      points,
      end,
      used,
      deltas: [delta(undefined, previous), delta(7, end - 7 * DAY), delta(30, end - 30 * DAY)],
    };
  };
  let siteTrend: TrendData | undefined;
  function* rows(projects: readonly ProjectView[]) {
    for (const p of projects) for (const c of p.components) yield* c.translations;
  }
  // `kind` types the call (site-view.ts); the view itself says what it is.
  function trendOf(kind: "site"): TrendData;
  function trendOf(kind: "project", of: ProjectView): TrendData;
  function trendOf(kind: "component", of: ComponentView): TrendData;
  function trendOf(kind: "language", of: LanguageView): TrendData;
  function trendOf(kind: "translation", of: TranslationRow): TrendData;
  function trendOf(
    _kind: string,
    of?: ProjectView | ComponentView | LanguageView | TranslationRow,
  ): TrendData {
    if (of === undefined) {
      // The overview's, in every locale: summed once.
      siteTrend ??= trend(rows(model.projects));
      return siteTrend;
    }
    if ("components" in of) return trend(rows([of]));
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

/** A percent of a change, floored to one decimal as the pages show percents. */
const floor1 = (n: number) => Math.floor(n * 10) / 10;

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
  const item = (key: string, detail: ChangeItem["detail"]): ChangeItem => {
    const t = model.findRow(key);
    // A key of the previous site's history is text from outside, shown as server text is.
    if (!t) return { text: clipSlug(key), detail };
    return {
      text: key,
      translation: {
        language: t.language,
        languageName: t.languageName,
        componentName: t.componentName,
        projectName: t.projectName,
      },
      href: translationPath(t.pageDir, model.detail.translationPages),
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
  const removed = c.removed.filter(inProject);
  return {
    at: runAt,
    threshold: c.threshold,
    reached100: c.reached100
      .filter((r) => inProject(r.key))
      .map((r) => item(r.key, { kind: "reached", previous: floor1(r.previous) })),
    fellBelow: c.fellBelow
      .filter((r) => inProject(r.key))
      .map((r) =>
        item(r.key, { kind: "fell", previous: floor1(r.previous), percent: floor1(r.percent) }),
      ),
    newStrings: c.newStrings
      .filter((r) => project === undefined || r.project === project)
      .map((r) => {
        const found = components.get(`${r.project}/${r.component}`);
        const detail = { kind: "newStrings", added: r.added } as const;
        return found
          ? {
              text: `${r.project}/${r.component}`,
              component: { name: found.comp.name, projectName: found.p.name },
              href: `${found.comp.pageDir}/index.html`,
              detail,
            }
          : { text: clipSlug(`${r.project}/${r.component}`), detail };
      }),
    added: c.added.filter(inProject).map((k) => item(k, { kind: "added" })),
    removed: removedItems(model, removed, item),
    removedTranslations: removed.length,
    omitted: project === undefined ? (c.omitted ?? 0) : 0,
  };
}

/**
 * The removed translations, one event per component (or project) that went whole, else one per
 * translation. The site no longer has their names: their keys are shown.
 */
function removedItems(
  model: SiteModel,
  keys: string[],
  item: (key: string, detail: ChangeItem["detail"]) => ChangeItem,
): ChangeItem[] {
  const why = (key: string): RemovedWhy =>
    !model.tracked ? "unknown" : model.tracked(key) ? "server" : "config";
  const projects = new Set(model.projects.map((p) => p.project));
  const components = new Set(
    model.projects.flatMap((p) => p.components.map((c) => `${c.project}/${c.component}`)),
  );
  // The key of the whole a removed translation went with, if it did: its project or component.
  const whole = (key: string) => {
    const [project = "", component = ""] = key.split("/");
    if (!projects.has(project)) return project;
    const comp = `${project}/${component}`;
    return components.has(comp) ? undefined : comp;
  };
  const out: ChangeItem[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    const w = whole(key);
    if (w === undefined) out.push(item(key, { kind: "removed", why: why(key) }));
    else if (!seen.has(w)) {
      seen.add(w);
      out.push({ text: clipSlug(w), detail: { kind: "removed", why: why(key) } });
    }
  }
  return out;
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
