import type { ComponentView, ProjectView, SiteModel, TranslationRow } from "../model/site-model.js";
import type { Locale } from "../../i18n/catalogs.js";
import type { SiteLocale } from "../../i18n/site-locales.js";
import { badgeEmbeds } from "./badge-embeds.js";
import { badgeVariants } from "./render-widgets.js";
import type { ViewHelpers } from "./view-helpers.js";
import { widgetEmbeds } from "./widget-embeds.js";

// What badges/index.html shows besides the site's pages: every widget of each project and counted
// component, and one translation's badge in all its forms. The titles are the page's words, the
// alternative texts the badges' (the words in the pictures).

/** The widgets of every project and counted component, for badges/index.html. */
export function widgetGroups(model: SiteModel, h: ViewHelpers, locale: SiteLocale, badges: Locale) {
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
  return model.projects.flatMap((p) => [
    { id: widgetAnchor(model, p), name: p.name, widgets: withVariants(p, "project") },
    ...p.components
      .filter((c) => c.counted)
      .map((c) => ({
        id: widgetAnchor(model, p, c),
        name: `${p.name} / ${c.name}`,
        widgets: withVariants(c, "component"),
      })),
  ]);
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
  return {
    name: `${t.projectName} / ${t.componentName} / ${h.langName(t.language, t.languageName)}`,
    path: `${t.badgeBase}.svg`,
    embeds: badgeEmbeds(t, site),
    // The same badge in each other metric the config asks for (site.badgeMetrics).
    variants: badgeVariants(site).map((v) => ({
      heading: h.measure.variantHeading(v.by.metric),
      text: h.measure.variantText(
        v.by.metric,
        h.code(`badges/PROJECT/COMPONENT/LANGUAGE${v.suffix}.svg`),
      ),
      path: `${row.badgeBase}${v.suffix}.svg`,
      embeds: badgeEmbeds(
        {
          ...row,
          badgeBase: row.badgeBase + v.suffix,
          badge: row.tally ? badgeText.measured(row.tally, v.by, site.thresholds) : row.badge,
        },
        site,
      ),
    })),
  };
}

/**
 * The id of a project's or component's section on badges/index.html: "p1", "p1c3" (indexes, as
 * slugs may hold any character).
 */
export function widgetAnchor(
  model: SiteModel,
  project: ProjectView,
  component?: ComponentView,
): string {
  const p = model.projects.indexOf(project);
  return component ? `p${p}c${project.components.indexOf(component)}` : `p${p}`;
}
