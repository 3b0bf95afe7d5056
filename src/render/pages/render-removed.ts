import { errorBadge } from "../../badges/badge-data.js";
import { badgeSvg } from "../../badges/badge-svg.js";
import { endpointBadgeText } from "../../badges/badge-json.js";
import { componentLabel, parseTripleString, WILDCARD, type Triple } from "../../config/triple.js";
import { toMinute, type History } from "../../history/history.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import {
  componentDir,
  fileSegment,
  projectBadgesDir,
  projectDir as projectDirOf,
} from "../../site/site-paths.js";
import { columnsChartSvg, rowsChartSvg } from "../../widgets/chart-svg.js";
import { matrixSvg } from "../../widgets/matrix-svg.js";
import { ogPng } from "../../widgets/og-image.js";
import type { SiteModel } from "../model/site-view.js";
import { feedFile } from "./render-history.js";
import { badgeFiles } from "./render-badges.js";
import type { PlannedPages } from "./render-pages.js";
import type { SiteLocales } from "../../i18n/site-locales.js";
import { widgetWords } from "../model/badge-text.js";
import { recordedNames } from "../model/changes-view.js";
import { widgetPaths } from "./render-widgets.js";
import { projectLanguageBadgeBase, removedReadme } from "./render-readme.js";

// A translation removed from the server (its list, fetched whole, no longer holds it) keeps every
// URL the site published for it for `history.keepRemovedDays`: its page says it was removed and
// when, with a link to its project; its badges say "removed" in grey, so no README shows a
// broken image the morning after a slug is renamed. A component or project removed whole keeps
// its page, badges, charts (a project its badges page, as a site split by project had it, and its
// README table too) the same way. Then the files go. What is removed, and when, is the history's
// `gone`: the minute each translation was first missing from a run that listed it.

const fromMinute = (minute: number) => new Date(minute * 60_000);

export interface RemovedOptions {
  /** How many days a removed translation's files are kept. */
  keepRemovedDays: number;
  /** Whether the config still tracks a translation (then the server removed it). */
  tracked?: (triple: Triple) => boolean;
  /** How many translations this run recorded as removed (the tally's `removed`). */
  inRun?: number;
}

/** A removed translation as its page and badges tell it. */
export interface RemovedView {
  key: string;
  triple: Triple;
  /**
   * What was removed, by the names the history kept (Changes.names), slugs where none was ever
   * known: "Orbit Notes / Website / German".
   */
  names: { project: string; component: string; language: string };
  /** The names joined: "Orbit Notes / Website / German". */
  label: string;
  /** When the first run that no longer found it ran (ISO). */
  at: string;
  /** Until when its files are kept (ISO). */
  until: string;
  /** "server": its Weblate no longer lists it; "config": the config no longer tracks it. */
  why: "server" | "config" | "unknown";
}

/** The translations removed within `keepRemovedDays` of the history's last run, by key. */
export function recentlyRemoved(
  model: SiteModel,
  history: History,
  options: RemovedOptions,
): RemovedView[] {
  if (!history.lastRun) return [];
  const cutoff = toMinute(history.lastRun) - options.keepRemovedDays * 1440;
  const out: RemovedView[] = [];
  const named = recordedNames(history.runs.flatMap((run) => run.changes.names ?? []));
  for (const [key, minute] of [...history.gone].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (minute < cutoff || model.findRow(key)) continue;
    const triple = parseTripleString(key).triple;
    if (!triple || triple.component === WILDCARD || triple.language === WILDCARD) continue;
    const { project, component, language } = triple;
    const names = {
      project: named("project", project) ?? project,
      component: named("component", `${project}/${component}`) ?? componentLabel(component),
      language: named("language", language) ?? language,
    };
    out.push({
      key,
      triple,
      names,
      label: [names.project, names.component, names.language].join(" / "),
      at: fromMinute(minute).toISOString(),
      until: fromMinute(minute + options.keepRemovedDays * 1440).toISOString(),
      why: !options.tracked ? "unknown" : options.tracked(triple) ? "server" : "config",
    });
  }
  return out;
}

/** Tells whether a key is met for the first time (then notes it). */
function firstTimes(): (key: string) => boolean {
  const done = new Set<string>();
  return (key) => !done.has(key) && done.add(key).has(key);
}

/**
 * The files of the recently removed translations, and of their components and projects when
 * the site has nothing left of them. `claim` checks each translation's files against the site's
 * (a live translation's file is never replaced); one that cannot have them is left out.
 */
export function planRemoved(
  model: SiteModel,
  history: History,
  pages: readonly Pick<PlannedPages, "pageFile" | "home">[],
  locales: SiteLocales,
  claim: (triple: Triple) => string | undefined,
  options: RemovedOptions,
): PlannedFile[] {
  const removed = recentlyRemoved(model, history, options).filter((r) => !claim(r.triple));
  const kit = removedKit(model, pages, locales);
  const projects = new Map(model.projects.map((p) => [p.project, p]));
  const liveLanguages = new Set(model.languages.map((l) => l.code));
  const first = firstTimes();
  for (const r of removed) {
    const { project, component, language } = r.triple;
    const projectDir = projectDirOf(project, model.site);
    const componentPath = `${projectDir}/${componentDir(component)}`;
    const dir = `${componentPath}/${fileSegment(language)}`;
    kit.page(dir, "translation", r, r.label, `badges/${dir}`);
    kit.badges(`badges/${dir}`);
    const live = projects.get(project);
    // The project's badge for the language (badges/languages/<l>/<p>), when it went whole; the
    // language's page, when the site has no translation left in it.
    if (
      !live?.languages.some((l) => l.code === language) &&
      first(JSON.stringify(["pair", project, language]))
    ) {
      kit.badges(projectLanguageBadgeBase(project, language));
      if (!liveLanguages.has(language) && first(JSON.stringify(["language", language])))
        kit.page(`languages/${fileSegment(language)}`, "language", r, r.names.language);
    }
    if (
      !live?.components.some((c) => c.component === component) &&
      first(JSON.stringify(["component", project, component]))
    ) {
      const name = `${r.names.project} / ${r.names.component}`;
      kit.page(componentPath, "component", r, name, `badges/${componentPath}`);
      kit.badges(`badges/${componentPath}`);
      kit.widgets(`badges/${componentPath}`, name, false, r.at);
    }
    if (!live && first(JSON.stringify(["project", project])))
      addRemovedProject(kit, model, history, locales, r);
  }
  return kit.files;
}

/** A removed project's pages, README, badges, widgets and feeds. */
function addRemovedProject(
  kit: RemovedKit,
  model: SiteModel,
  history: History,
  locales: SiteLocales,
  r: RemovedView,
): void {
  const { project } = r.triple;
  const projectDir = projectDirOf(project, model.site);
  const name = r.names.project;
  kit.page(projectDir, "project", r, name, `badges/${projectDir}`);
  kit.page(projectBadgesDir(projectDir), "project", r, name, `badges/${projectDir}`);
  kit.files.push({
    path: `${projectBadgesDir(projectDir)}/README.md`,
    render: () => removedReadme(model, { ...r, project, name }, kit.badgeAlt),
  });
  kit.badges(`badges/${projectDir}`);
  kit.widgets(`badges/${projectDir}`, name, true, r.at);
  for (const locale of locales.pages)
    kit.files.push(feedFile(model, history, locale, { slug: project, pageDir: projectDir, name }));
}

type RemovedKit = ReturnType<typeof removedKit>;

/** What a removed translation's files are made with, and the list they are added to. */
function removedKit(
  model: SiteModel,
  pages: readonly Pick<PlannedPages, "pageFile" | "home">[],
  locales: SiteLocales,
) {
  const files: PlannedFile[] = [];
  const badgeFilesOf = badgeFiles(model.site);
  // Badges and widgets in the badges' locale, pages in each of the site's.
  const badge = errorBadge(model.badgeText.label, locales.badges.messages.t("badge.removed"));
  const projects = new Map(model.projects.map((p) => [p.project, p]));
  const badgeAlt = `${badge.label}: ${badge.message}`;
  /** `badgePath`: where its badge is, without extension (a language page has none). */
  const page = (dir: string, what: string, r: RemovedView, name: string, badgePath?: string) => {
    const project = projects.get(r.triple.project);
    const link = project
      ? { href: `${project.pageDir}/index.html`, text: project.name, ours: true }
      : {
          href: `${model.baseUrl}/projects/${encodeURIComponent(r.triple.project)}/`,
          text: r.names.project,
          ours: false,
        };
    for (const locale of pages)
      files.push(
        locale.pageFile(dir, "@pages/removed", (h) => ({
          title: h.t("removed.title", { name }),
          description: h.t("removed.description", { name, date: h.when(r.at) }),
          crumbs: [locale.home(h), { text: h.t("removed.title", { name }) }],
          data: { removed: { ...r, what, name, link, badgePath, badgeAlt } },
        })),
      );
  };
  const widgets = (base: string, title: string, project: boolean, at: string) =>
    void files.push(...removedWidgets(model, locales, badge, { base, title, project, at }));
  const badges = (base: string) => void files.push(...badgeFilesOf(base, badge));
  return { files, badgeAlt, page, widgets, badges };
}

/**
 * A removed component's or project's widgets: empty charts titled "removed", and its count badge
 * saying so; a project's also an empty matrix and a sharing image.
 */
function removedWidgets(
  model: SiteModel,
  locales: SiteLocales,
  badge: ReturnType<typeof errorBadge>,
  of: { base: string; title: string; project: boolean; at: string },
): PlannedFile[] {
  const said = locales.badges.messages;
  const words = widgetWords(locales.badges, model.site);
  const paths = widgetPaths(of.base);
  const chart = {
    title: said.t("widgets.removedTitle", { title: of.title }),
    items: [],
    options: model.site.widgets,
  };
  const chartInput = { ...chart, thresholds: model.site.thresholds, words };
  const files: PlannedFile[] = [
    { path: paths.chart, render: () => rowsChartSvg(chartInput) },
    { path: paths.columns, render: () => columnsChartSvg(chartInput) },
    { path: paths.count, render: () => badgeSvg(badge, model.site.badgeStyle) },
    {
      path: paths.countJson,
      render: () => endpointBadgeText(badge, model.site.cacheSeconds, model.site.badgeStyle),
    },
  ];
  if (!of.project) return files;
  files.push({
    path: paths.matrix,
    render: () => matrixSvg({ ...chartInput, languages: [], rows: [] }),
  });
  files.push({
    path: paths.og,
    render: () =>
      ogPng({
        kicker: model.title,
        title: chart.title,
        percent: undefined,
        subtitle: said.t("widgets.ogRemoved", { date: locales.badges.format.dateTime(of.at) }),
        languages: [],
        words,
      }),
  });
  return files;
}
