import type { ComponentView, ProjectView, SiteModel, TranslationRow } from "../model/site-view.js";
import type { Locale } from "../../i18n/catalogs.js";
import type { SiteLocale } from "../../i18n/site-locales.js";
import { badgeEmbeds, translationBadgeAlt } from "./badge-embeds.js";
import { badgeVariants } from "./render-widgets.js";
import type { ViewHelpers } from "./view-helpers.js";
import { widgetEmbeds } from "./widget-embeds.js";
import { projectBadgesDir } from "../../site/site-paths.js";

// What badges/index.html shows besides the site's pages: every widget of each project and counted
// component, and one translation's badge in all its forms. The titles are the page's words, the
// alternative texts the badges' (the words in the pictures).

/**
 * The widgets of `projects` (every project by default) and, with `components`, of their counted
 * components, for badges/index.html or a project's own badges page.
 */
export function widgetGroups(
  model: SiteModel,
  h: ViewHelpers,
  locale: SiteLocale,
  badges: Locale,
  projects: readonly ProjectView[] = model.projects,
  components = true,
) {
  const words = {
    page: h,
    pagePercent: (n: number) => locale.format.percentOf(n),
    badges,
    label: model.badgeText.label,
  };
  // Each widget in the site's measure, then in each other metric the config asks for.
  const withVariants = (target: ProjectView | ComponentView, kind: "project" | "component") => [
    ...widgetEmbeds(target, model.site, kind, words),
    ...badgeVariants(model.site).flatMap((v) => widgetEmbeds(target, model.site, kind, words, v)),
  ];
  // badges/index.html (every project) keeps the ids its sections had before they were names.
  const index = projects === model.projects;
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
 * How many components' widgets badges/index.html shows at most before it is split by project: a
 * component counts once per metric its widgets are drawn in (site.badgeMetrics). A component's
 * widgets take some 3 KB of the page a metric, so the page stays under some 300 KB plus its
 * projects' widgets: what a phone loads at once. At 5,000 components it would be 16 MB.
 */
export const BADGES_PAGE_COMPONENTS = 100;

/**
 * Whether badges/index.html is split by project (more than BADGES_PAGE_COMPONENTS components'
 * widgets): it keeps each project's widgets and the translation example, and each project's
 * components have their widgets on the project's own badges page (`projectBadgesDir`).
 */
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
 * A translation's badge in all its forms, for badges/index.html: the translation pages show only
 * the Markdown.
 */
export function translationExample(model: SiteModel, h: ViewHelpers) {
  let t: TranslationRow | undefined;
  for (const c of model.projects.flatMap((p) => p.components)) {
    t = c.translations.find((r) => !r.notStarted);
    if (t) break;
  }
  if (!t) return undefined;
  const { site, badgeText } = model;
  const row = t;
  const badgeBase = `badges/${t.pageDir}`;
  return {
    name: `${t.projectName} / ${t.componentName} / ${h.langName(t.language, t.languageName)}`,
    path: `${badgeBase}.svg`,
    embeds: badgeEmbeds(
      { ...t, badgeBase, alt: translationBadgeAlt(badgeText, t) },
      site,
      model.detail.translationPages,
    ),
    // The same badge in each other metric the config asks for (site.badgeMetrics).
    variants: badgeVariants(site).map((v) => ({
      heading: h.measure.variantHeading(v.by.metric),
      text: h.measure.variantText(
        v.by.metric,
        h.code(`badges/PROJECT/COMPONENT/LANGUAGE${v.suffix}.svg`),
      ),
      path: `${badgeBase}${v.suffix}.svg`,
      embeds: badgeEmbeds(
        {
          ...row,
          badgeBase: badgeBase + v.suffix,
          alt: translationBadgeAlt(badgeText, row, v.by),
        },
        site,
        model.detail.translationPages,
      ),
    })),
  };
}

/**
 * The id of a project's or component's section on badges/index.html and on a project's badges
 * page: "p-" and the project's folder, "c-" and the component's ("c-project/docs/usage"). Made of
 * file segments (percent-encoded), so an id and a fragment alike, and the same from run to run
 * whatever comes or goes beside it. badges/index.html keeps the ids of before (positions: "p3",
 * "p3c7", `old` in widgetGroups) as extra ids, for the links published with them.
 */
export function widgetAnchor(project: ProjectView, component?: ComponentView): string {
  return component ? `c-${component.pageDir}` : `p-${project.pageDir}`;
}
