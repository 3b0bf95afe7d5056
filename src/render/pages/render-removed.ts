import { errorBadge, type BadgeData } from "../../badges/badge-data.js";
import { badgeSvg } from "../../badges/badge-svg.js";
import { endpointBadgeText } from "../../badges/badge-json.js";
import { componentLabel, parseTripleString, WILDCARD, type Triple } from "../../config/triple.js";
import { toMinute, type History } from "../../history/history.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import {
  componentDir,
  encodePath,
  fileSegment,
  projectBadgesDir,
  projectDir as projectDirOf,
} from "../../site/site-paths.js";
import { markdownText } from "../../text/markdown-text.js";
import { columnsChartSvg, rowsChartSvg } from "../../widgets/chart-svg.js";
import { matrixSvg } from "../../widgets/matrix-svg.js";
import { ogPng } from "../../widgets/og-image.js";
import type { SiteModel } from "../model/site-view.js";
import type { SiteLocales } from "../../i18n/site-locales.js";
import { widgetWords } from "../model/badge-text.js";
import { recordedNames } from "../model/changes-view.js";
import { siteBase } from "./embeds.js";
import { badgeFiles } from "./render-badges.js";
import { feedFile } from "./render-history.js";
import type { PlannedPages } from "./render-pages.js";
import { projectLanguageBadgeBase } from "./render-readme.js";
import { widgetPaths } from "./render-widgets.js";

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
type RemovedView = ReturnType<typeof recentlyRemoved>[number];

/** The translations removed within `keepRemovedDays` of the history's last run, by key. */
function recentlyRemoved(model: SiteModel, history: History, options: RemovedOptions) {
  if (!history.lastRun) return [];
  const keep = options.keepRemovedDays * 1440;
  const cutoff = toMinute(history.lastRun) - keep;
  const out = [];
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
    const { tracked } = options;
    // "server": its Weblate no longer lists it; "config": the config no longer tracks it.
    const why = !tracked ? "unknown" : tracked(triple) ? "server" : "config";
    out.push({
      key,
      triple,
      names,
      label: [names.project, names.component, names.language].join(" / "),
      // When the first run that no longer found it ran, and until when its files are kept.
      at: fromMinute(minute).toISOString(),
      until: fromMinute(minute + keep).toISOString(),
      why,
    });
  }
  return out;
}

/**
 * The files of the recently removed translations, and of their components and projects when
 * the site has nothing left of them. `claim` checks each translation's files against the site's
 * (a live translation's file is never replaced); one that cannot have them is left out.
 */
export function planRemoved(
  model: SiteModel,
  history: History,
  pages: readonly Pick<PlannedPages, "pageFile">[],
  locales: SiteLocales,
  claim: (triple: Triple) => string | undefined,
  options: RemovedOptions,
): PlannedFile[] {
  const removed = recentlyRemoved(model, history, options).filter((r) => !claim(r.triple));
  const kit = removedKit(model, pages, locales);
  const projects = new Map(model.projects.map((p) => [p.project, p]));
  const liveLanguages = new Set(model.languages.map((l) => l.code));
  // Whether a key is met for the first time (then noted).
  const seen = new Set<string>();
  const first = (...key: string[]) => !seen.has(key.join("\0")) && !!seen.add(key.join("\0"));
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
    if (!live?.languages.some((l) => l.code === language) && first("pair", project, language)) {
      kit.badges(projectLanguageBadgeBase(project, language));
      if (!liveLanguages.has(language) && first("language", language))
        kit.page(`languages/${fileSegment(language)}`, "language", r, r.names.language);
    }
    const c = live?.components.some((c) => c.component === component);
    if (!c && first("component", project, component)) {
      const name = `${r.names.project} / ${r.names.component}`;
      kit.page(componentPath, "component", r, name, `badges/${componentPath}`);
      kit.badges(`badges/${componentPath}`);
      kit.widgets(`badges/${componentPath}`, name, r.at, false);
    }
    if (!live && first("project", project)) addRemovedProject(kit, model, history, locales, r);
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
    render: () => removedReadme(model, r, kit.badgeAlt),
  });
  kit.badges(`badges/${projectDir}`);
  kit.widgets(`badges/${projectDir}`, name, r.at, true);
  for (const locale of locales.pages)
    kit.files.push(feedFile(model, history, locale, { slug: project, pageDir: projectDir, name }));
}

type RemovedKit = ReturnType<typeof removedKit>;

/** What a removed translation's files are made with, and the list they are added to. */
function removedKit(
  model: SiteModel,
  pages: readonly Pick<PlannedPages, "pageFile">[],
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
          crumbs: [{ text: h.t("removed.title", { name }) }],
          data: { removed: { ...r, what, name, link, badgePath, badgeAlt } },
        })),
      );
  };
  const widgets = (base: string, title: string, at: string, project: boolean) =>
    void files.push(...removedWidgets(model, locales, badge, { base, title, at, project }));
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
  badge: BadgeData,
  of: { base: string; title: string; at: string; project: boolean },
): PlannedFile[] {
  const { site } = model;
  const said = locales.badges.messages;
  const words = widgetWords(locales.badges, site);
  const paths = widgetPaths(of.base);
  const title = said.t("widgets.removedTitle", { title: of.title });
  const chart = { title, items: [], options: site.widgets, thresholds: site.thresholds, words };
  const files: PlannedFile[] = [
    { path: paths.chart, render: () => rowsChartSvg(chart) },
    { path: paths.columns, render: () => columnsChartSvg(chart) },
    { path: paths.count, render: () => badgeSvg(badge, site.badgeStyle) },
    {
      path: paths.countJson,
      render: () => endpointBadgeText(badge, site.cacheSeconds, site.badgeStyle),
    },
  ];
  if (!of.project) return files;
  const ogWords = { percent: undefined, languages: [], words };
  const subtitle = said.t("widgets.ogRemoved", { date: locales.badges.format.dateTime(of.at) });
  files.push(
    { path: paths.matrix, render: () => matrixSvg({ ...chart, languages: [], rows: [] }) },
    { path: paths.og, render: () => ogPng({ kicker: model.title, title, subtitle, ...ogWords }) },
  );
  return files;
}

/**
 * The README of a project removed whole (badges/<project>/README.md), kept as its badges and
 * pages are for history.keepRemovedDays: it says so, and when, with the project's badge (which
 * says "removed"), in the badges' words.
 */
function removedReadme(model: SiteModel, r: RemovedView, badgeAlt: string): string {
  const { messages: m, format: f } = model.badgeText.locale;
  const why =
    r.why === "config"
      ? m.markdown("removed.whyConfig")
      : r.why === "server"
        ? m.markdown("removed.whyServer", { server: markdownText(model.baseUrl) })
        : m.markdown("removed.whyUnknown");
  const folder = projectDirOf(r.triple.project, model.site);
  const badge = siteBase(model.site) + encodePath(`badges/${folder}.svg`);
  return `${[
    `# ${m.markdown("removed.title", { name: markdownText(r.names.project) })}`,
    "",
    m.markdown("removed.project", { time: markdownText(f.dateTime(r.at)), why }),
    "",
    m.markdown("removed.until", { time: markdownText(f.dateTime(r.until)) }),
    "",
    m.markdown("removed.badge", { badge: `![${markdownText(badgeAlt)}](${badge})` }),
  ].join("\n")}\n`;
}
