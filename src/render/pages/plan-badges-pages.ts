import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { SiteLocale, SiteLocales } from "../../i18n/site-locales.js";
import { projectBadgesDir } from "../../site/site-paths.js";
import type { SiteModel } from "../model/site-view.js";
import {
  badgesPageSplit,
  componentBadgesPage,
  translationExample,
  widgetAnchor,
  widgetGroups,
} from "./badges-page.js";
import * as text from "./page-text.js";
import { widgetPaths } from "./render-widgets.js";
import type { ViewHelpers } from "./view-helpers.js";

// badges/index.html, whole or split by project. Whole, it shows every project's and counted
// component's widgets and one translation's badge in all its forms. Over BADGES_PAGE_COMPONENTS
// (a large instance: 5,000 components made a 16 MB page) it keeps the projects' widgets and the
// translation's example, and each project's components have theirs on the project's own page,
// badges/<project>/index.html, rendered when it is written, one project at a time (a project
// with counted components: the others have nothing to add to the index). A link to a component's
// widgets (badges/index.html#c-p/c, or #p3c7 before the ids were names) still finds its id on
// badges/index.html: the link to the component's widgets on its project's page.

export interface Crumb {
  text: string;
  href?: string;
}

/** What a page shows beyond its path: computed when it is written. */
export type Described = text.PageText & {
  image?: string;
  crumbs: Crumb[];
  data: Record<string, unknown>;
};

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

/** The budget's kind of a project's badges page (the index is one of the site's other pages). */
export const PROJECT_BADGES_KIND = "project badges pages";

type Project = SiteModel["projects"][number];

// A project without counted components has no widgets beyond those on the index: no page.
const hasPage = (p: Project) => p.components.some((c) => c.counted);
const badgesCrumb = (h: ViewHelpers): Crumb => ({ text: h.t("badges.title") });

/** The badges page, or the index and each project's badges page, of one locale. */
export function planBadgesPages(
  model: SiteModel,
  locale: SiteLocale,
  locales: SiteLocales,
  pageFile: PageFile,
  home: (h: ViewHelpers) => Crumb,
): PlannedFile[] {
  // What the page's size grows with, for the budget's scaling: its sections.
  const sections = model.projects.reduce((n, p) => n + 1 + p.components.length, 0);
  const split = badgesPageSplit(model);
  const index = pageFile(
    "badges",
    "@pages/badges",
    (h) => ({
      ...text.badgesText(h, model),
      crumbs: [home(h), badgesCrumb(h)],
      data: split
        ? {
            groups: indexGroups(model, h, locale, locales),
            example: translationExample(model, h),
            split: true,
          }
        : {
            groups: widgetGroups(model, h, locale, locales.badges),
            example: translationExample(model, h),
          },
    }),
    "other pages and assets",
    sections,
  );
  if (!split) return [index];
  return [
    index,
    ...model.projects
      .filter(hasPage)
      .map((project) => projectBadgesPage(model, project, locale, locales, pageFile, home)),
  ];
}

/**
 * The split index's groups: each project's widgets and, when it has counted components, a link
 * to its page and its components' links, with the ids their sections have on the whole page.
 */
function indexGroups(model: SiteModel, h: ViewHelpers, locale: SiteLocale, locales: SiteLocales) {
  return widgetGroups(model, h, locale, locales.badges, model.projects, false).map((group, i) => {
    const project = model.projects[i];
    if (!project || !hasPage(project)) return group;
    const page = h.href(componentBadgesPage(project, true));
    return {
      ...group,
      page,
      components: project.components.flatMap((c, j) =>
        c.counted
          ? [
              {
                id: widgetAnchor(project, c),
                old: `p${i}c${j}`,
                name: c.name,
                href: `${page}#${widgetAnchor(project, c)}`,
              },
            ]
          : [],
      ),
    };
  });
}

/** A project's own badges page: its components' widgets, when the index is split. */
function projectBadgesPage(
  model: SiteModel,
  project: Project,
  locale: SiteLocale,
  locales: SiteLocales,
  pageFile: PageFile,
  home: (h: ViewHelpers) => Crumb,
): PlannedFile {
  return pageFile(
    projectBadgesDir(project.pageDir),
    "@pages/badges",
    (h) => ({
      ...text.projectBadgesText(h, model, project),
      image: widgetPaths(project.badgeBase).og,
      crumbs: [
        home(h),
        { ...badgesCrumb(h), href: h.href("badges/index.html") },
        { text: project.name },
      ],
      data: { groups: widgetGroups(model, h, locale, locales.badges, [project]), project },
    }),
    PROJECT_BADGES_KIND,
    1 + project.components.filter((c) => c.counted).length,
  );
}
