import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { SiteLocale } from "../../i18n/site-locales.js";
import { projectBadgesDir } from "../../site/site-paths.js";
import type { Measure } from "../../model/measure.js";
import type { ComponentView, ProjectView, SiteModel } from "../model/site-view.js";
import { badgeEmbeds, translationBadgeAlt, widgetEmbeds } from "./embeds.js";
import { badgeVariants, widgetPaths } from "./render-widgets.js";
import type { ViewHelpers } from "./view-helpers.js";

// badges/index.html, whole or split by project. Whole, it shows every project's and counted
// component's widgets and one translation's badge in all its forms. Over BADGES_PAGE_COMPONENTS
// (a large instance: 5,000 components made a 16 MB page) it keeps the projects' widgets and the
// translation's example, and each project's components have theirs on the project's own page,
// badges/<project>/index.html, rendered when it is written, one project at a time (a project
// with counted components: the others have nothing to add to the index). A link to a component's
// widgets (badges/index.html#c-p/c, or #p3c7 before the ids were names) still finds its id on
// badges/index.html: the link to the component's widgets on its project's page. The titles are
// the page's words, the alternative texts the badges' (the words in the pictures).

export interface Crumb {
  text: string;
  href?: string;
}

/** What a page shows beyond its path: computed when it is written. */
export interface Described {
  title: string;
  /** What a search engine or a link preview shows. */
  description: string;
  /** Its Open Graph picture, when not the site's. */
  image?: string;
  crumbs: Crumb[];
  data: Record<string, unknown>;
}

/**
 * Makes a page's planned file: in `dir`, from `template`, what it shows computed when written
 * (its kind and weight: for the budget).
 */
export type PageFile = (
  dir: string,
  template: string,
  describe: (h: ViewHelpers) => Described,
  kind?: string,
  weight?: number,
) => PlannedFile;

/**
 * How many components' widgets badges/index.html shows at most before it is split by project: a
 * component counts once per metric its widgets are drawn in (site.badgeMetrics). A component's
 * widgets take some 3 KB of the page a metric, so the page stays under some 300 KB plus its
 * projects' widgets: what a phone loads at once. At 5,000 components it would be 16 MB.
 */
const BADGES_PAGE_COMPONENTS = 100;

/** Whether badges/index.html is split by project (more than BADGES_PAGE_COMPONENTS). */
export function badgesPageSplit(model: Pick<SiteModel, "projects" | "site">): boolean {
  let components = 0;
  for (const p of model.projects) for (const c of p.components) if (c.counted) components++;
  return components * (1 + badgeVariants(model.site).length) > BADGES_PAGE_COMPONENTS;
}

/**
 * The page that shows a component's widgets, from the site's root (without the locale's folder):
 * badges/index.html, or its project's badges page on a split site (badgesPageSplit).
 */
export function componentBadgesPage(project: ProjectView, split: boolean): string {
  return split ? `${projectBadgesDir(project.pageDir)}/index.html` : "badges/index.html";
}

/**
 * The id of a project's or component's section on badges/index.html and on a project's badges
 * page: "p-" and the project's folder, "c-" and the component's ("c-project/docs/usage"). Made of
 * file segments (percent-encoded), so an id and a fragment alike, and the same from run to run
 * whatever comes or goes beside it. badges/index.html keeps the ids of before (positions: "p3",
 * "p3c7", `old`) as extra ids, for the links published with them.
 */
export function widgetAnchor(project: ProjectView, component?: ComponentView): string {
  return component ? `c-${component.pageDir}` : `p-${project.pageDir}`;
}

// A project without counted components has no widgets beyond those on the index: no page.
const hasPage = (p: ProjectView) => p.components.some((c) => c.counted);

/** The badges page, or the index and each project's badges page, of one locale. */
export function planBadgesPages(
  model: SiteModel,
  locale: SiteLocale,
  pageFile: PageFile,
): PlannedFile[] {
  // What the page's size grows with, for the budget's scaling: its sections.
  const sections = model.projects.reduce((n, p) => n + 1 + p.components.length, 0);
  const split = badgesPageSplit(model);
  const describe = (h: ViewHelpers): Described => ({
    title: h.t("badges.title"),
    description: h.t("badges.description", { site: model.title }),
    crumbs: [{ text: h.t("badges.title") }],
    data: {
      groups: split
        ? indexGroups(model, h, locale)
        : widgetGroups(model, locale, model.projects, true, true),
      example: translationExample(model, h),
      ...(split ? { split } : {}),
    },
  });
  const index = pageFile("badges", "@pages/badges", describe, "other pages and assets", sections);
  if (!split) return [index];
  return [index, ...model.projects.filter(hasPage).map(projectBadgesPage(model, locale, pageFile))];
}

/** A project's own badges page, when the index is split: its components' widgets. */
function projectBadgesPage(model: SiteModel, locale: SiteLocale, pageFile: PageFile) {
  return (project: ProjectView): PlannedFile =>
    pageFile(
      projectBadgesDir(project.pageDir),
      "@pages/badges",
      (h) => ({
        title: h.t("badges.projectTitle", { project: project.name }),
        description: h.t("badges.projectDescription", { project: project.name, site: model.title }),
        image: widgetPaths(project.badgeBase).og,
        crumbs: [
          { text: h.t("badges.title"), href: h.href("badges/index.html") },
          { text: project.name },
        ],
        data: { groups: widgetGroups(model, locale, [project], true, false), project },
      }),
      "project badges pages",
      1 + project.components.filter((c) => c.counted).length,
    );
}

/**
 * The widgets of `projects` and, with `components`, of their counted components; `index`: on
 * badges/index.html, which keeps the ids its sections had before they were names (`old`).
 */
function widgetGroups(
  model: SiteModel,
  locale: SiteLocale,
  projects: readonly ProjectView[],
  components: boolean,
  index: boolean,
) {
  // Each widget in the site's measure, then in each other metric the config asks for.
  const withVariants = (target: ProjectView | ComponentView, kind: "project" | "component") => [
    ...widgetEmbeds(target, model, kind, locale),
    ...badgeVariants(model.site).flatMap((v) => widgetEmbeds(target, model, kind, locale, v)),
  ];
  return projects.flatMap((p, i) => [
    {
      id: widgetAnchor(p),
      ...(index ? { old: `p${i}` } : {}),
      name: p.name,
      widgets: withVariants(p, "project"),
    },
    ...(components ? p.components : []).flatMap((c, j) =>
      c.counted
        ? [
            {
              id: widgetAnchor(p, c),
              ...(index ? { old: `p${i}c${j}` } : {}),
              name: `${p.name} / ${c.name}`,
              widgets: withVariants(c, "component"),
            },
          ]
        : [],
    ),
  ]);
}

/**
 * The split index's groups: each project's widgets and, when it has counted components, a link
 * to its page and its components' links, with the ids their sections have on the whole page.
 */
function indexGroups(model: SiteModel, h: ViewHelpers, locale: SiteLocale) {
  return widgetGroups(model, locale, model.projects, false, true).map((group, i) => {
    const project = model.projects[i];
    if (!project || !hasPage(project)) return group;
    const page = h.href(componentBadgesPage(project, true));
    const components = project.components.flatMap((c, j) => {
      const id = widgetAnchor(project, c);
      return c.counted ? [{ id, old: `p${i}c${j}`, name: c.name, href: `${page}#${id}` }] : [];
    });
    return { ...group, page, components };
  });
}

/** A translation's badge in all its forms, for badges/index.html. */
function translationExample(model: SiteModel, h: ViewHelpers) {
  const t = model.projects
    .flatMap((p) => p.components)
    .map((c) => c.translations.find((r) => !r.notStarted))
    .find((r) => r !== undefined);
  if (!t) return undefined;
  const { site, badgeText } = model;
  const badgeBase = `badges/${t.pageDir}`;
  const embeds = (suffix: string, by?: Measure) =>
    badgeEmbeds(
      { ...t, badgeBase: badgeBase + suffix, alt: translationBadgeAlt(badgeText, t, by) },
      site,
      model.detail.translationPages,
    );
  return {
    name: `${t.projectName} / ${t.componentName} / ${h.langName(t.language, t.languageName)}`,
    path: `${badgeBase}.svg`,
    embeds: embeds(""),
    // The same badge in each other metric the config asks for (site.badgeMetrics).
    variants: badgeVariants(site).map((v) => ({
      heading: h.measure.variantHeading(v.by.metric),
      text: h.measure.variantText(
        v.by.metric,
        h.code(`badges/PROJECT/COMPONENT/LANGUAGE${v.suffix}.svg`),
      ),
      path: `${badgeBase}${v.suffix}.svg`,
      embeds: embeds(v.suffix, v.by),
    })),
  };
}
