import { clipForDisplay } from "../../weblate/record-view.js";
import { componentLabel, tripleKey } from "../../config/triple.js";
import { translationPath } from "../../site/site-paths.js";
import { toMinute, type Changes, type History } from "../../history/history.js";
import { sumTrend } from "./trend-sum.js";
import { must } from "../../model/must.js";
import { keyParts, recordedNames, removedGroups, type RemovedWhy } from "./changes-view.js";
import type {
  ChangeItem,
  ChangesView,
  ComponentView,
  Delta,
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
const pointPercent = (p: ChartPoint) => (p.total <= 0 ? 100 : (p.translated * 100) / p.total);

export function buildHistoryView(model: SiteModel, history: History): SiteHistoryView | undefined {
  if (!history.lastRun) return undefined;
  const trend = trendSummer(model, history, history.lastRun);
  let siteTrend: TrendData | undefined;
  function* rows(projects: readonly ProjectView[]) {
    for (const p of projects) for (const c of p.components) yield* c.translations;
  }
  // The view itself says what it is.
  const trendOf: SiteHistoryView["trendOf"] = (_kind, of) => {
    if (of === undefined) {
      // The overview's, in every locale: summed once.
      siteTrend ??= trend(rows(model.projects));
      return siteTrend;
    }
    if ("components" in of) return trend(rows([of]));
    if ("translations" in of) return trend(of.translations);
    return trend([of]);
  };
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

/**
 * The trend of a group of translations up to the run `lastRun`: its points (one series decoded at
 * a time; the site's measure where every point has its counters, else strings translated) and its
 * deltas since the run before, 7 and 30 days.
 */
function trendSummer(
  model: SiteModel,
  history: History,
  lastRun: string,
): (translations: Iterable<TranslationRow>) => TrendData {
  const previous = history.previousRun ? toMinute(history.previousRun) : undefined;
  return (translations) => {
    function* series() {
      for (const t of translations) {
        const flat = history.series.get(tripleKey(t));
        if (flat) yield flat;
      }
    }
    const { points, used } = sumTrend(series(), model.site);
    // The last run's points may sit a minute past its time (a rerun in the minute of the run
    // before, history/merge-run.ts): the last point is the group as the last run left it.
    const now = points.at(-1);
    const end = Math.max(toMinute(lastRun), now?.at ?? 0);
    const delta = (days: number | undefined, minute: number | undefined): Delta => {
      const then = minute === undefined ? undefined : points.findLast((p) => p.at <= minute);
      const span = days === undefined ? {} : { days };
      if (!now || !then) return span;
      return {
        ...span,
        translated: now.translated - then.translated,
        total: now.total - then.total,
        percent: Math.round((pointPercent(now) - pointPercent(then)) * 10) / 10,
      };
    };
    const deltas = [delta(undefined, previous), delta(7, end - 7 * DAY), delta(30, end - 30 * DAY)];
    return { points, end, used, deltas, ...(previous === undefined ? {} : { previous }) };
  };
}

/** A percent of a change, floored to one decimal as the pages show percents. */
const floor1 = (n: number) => Math.floor(n * 10) / 10;

/**
 * The changes with the names and pages the site has for them; what was removed with the names
 * the run that removed it recorded (`c.names`).
 */
export function changesView(
  model: SiteModel,
  runAt: string,
  c: Changes,
  project?: string,
): ChangesView {
  const inProject = (key: string) => project === undefined || key.startsWith(`${project}/`);
  const item = (key: string, detail: ChangeItem["detail"]) => changeItem(model, key, detail);
  const removed = c.removed.filter(inProject);
  const wholes = c.newStrings.length + removed.length > 0 ? wholesOf(model) : undefined;
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
      .map((r) => newStringsItem(must(wholes), r)),
    added: c.added.filter(inProject).map((k) => item(k, { kind: "added" })),
    removed: wholes ? removedItems(model, wholes, removed, c) : [],
    removedTranslations: removed.length,
    omitted: project === undefined ? (c.omitted ?? 0) : 0,
  };
}

/** A translation's change, with its names and page; a key the site has no row for, as it is. */
function changeItem(model: SiteModel, key: string, detail: ChangeItem["detail"]): ChangeItem {
  const t = model.findRow(key);
  // A key of the previous site's history is text from outside, shown as server text is.
  if (!t) return { text: clipForDisplay(key), detail };
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
}

/** The site's projects and components by slug ("project/component"), for the changes' names. */
interface Wholes {
  projects: Map<string, ProjectView>;
  components: Map<string, { comp: ComponentView; p: ProjectView }>;
}

function wholesOf(model: SiteModel): Wholes {
  const projects = new Map(model.projects.map((p) => [p.project, p]));
  const components = new Map(
    model.projects.flatMap((p) =>
      p.components.map((comp) => [`${comp.project}/${comp.component}`, { comp, p }] as const),
    ),
  );
  return { projects, components };
}

/** New strings in a component, with its names and page when the site has it. */
function newStringsItem(wholes: Wholes, r: Changes["newStrings"][number]): ChangeItem {
  const detail = { kind: "newStrings", added: r.added } as const;
  const found = wholes.components.get(`${r.project}/${r.component}`);
  if (!found) return { text: clipForDisplay(`${r.project}/${r.component}`), detail };
  return {
    text: `${r.project}/${r.component}`,
    component: { name: found.comp.name, projectName: found.p.name },
    href: `${found.comp.pageDir}/index.html`,
    detail,
  };
}

/**
 * The removed translations, one item per project or component that went whole, else one per
 * translation; named as the site names them, else as the run that removed them recorded
 * (`names`, text from outside, shown as server text is), else by their slugs.
 */
function removedItems(
  model: SiteModel,
  wholes: Wholes,
  keys: string[],
  { names, wholes: went }: Changes,
): ChangeItem[] {
  const why = (key: string): RemovedWhy =>
    !model.tracked ? "unknown" : model.tracked(key) ? "server" : "config";
  const recorded = recordedNames(names);
  return removedGroups(keys, went).map((g): ChangeItem => {
    const [first = g.key] = g.keys;
    const detail = {
      kind: "removed",
      why: why(first),
      ...(g.whole ? { whole: g.whole, translations: g.keys.length } : {}),
    } as const;
    const { project, component, language } = keyParts(first);
    const projectName =
      wholes.projects.get(project)?.name ?? recorded("project", project) ?? clipForDisplay(project);
    if (g.whole === "project") return { text: projectName, project: { name: projectName }, detail };
    const path = `${project}/${component}`;
    const componentName =
      wholes.components.get(path)?.comp.name ??
      recorded("component", path) ??
      clipForDisplay(componentLabel(component));
    const comp = { name: componentName, projectName };
    if (g.whole === "component") return { text: g.key, component: comp, detail };
    const languageName = recorded("language", language) ?? clipForDisplay(language);
    const translation = { language, languageName, componentName, projectName };
    return { text: g.key, translation, detail };
  });
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
