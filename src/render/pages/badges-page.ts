import type { ComponentView, ProjectView, SiteModel } from "../model/site-model.js";
import { badgeEmbeds } from "./badge-embeds.js";
import { widgetEmbeds } from "./widget-embeds.js";

// What badges/index.html shows: every widget with its snippets, and a translation's badge in all
// its forms.

/** The widgets of every project and counted component, for badges/index.html. */
export function widgetGroups(model: SiteModel) {
  return model.projects.flatMap((p) => [
    { id: widgetAnchor(model, p), name: p.name, widgets: widgetEmbeds(p, model.site, "project") },
    ...p.components
      .filter((c) => c.counted)
      .map((c) => ({
        id: widgetAnchor(model, p, c),
        name: `${p.name} / ${c.name}`,
        widgets: widgetEmbeds(c, model.site, "component"),
      })),
  ]);
}

/**
 * A translation's badge in all its forms, for badges/index.html: the translation pages show only
 * the Markdown.
 */
export function translationExample(model: SiteModel) {
  const t = model.projects.flatMap((p) => p.components).find((c) => c.translations.length > 0)
    ?.translations[0];
  return t
    ? {
        name: `${t.projectName} / ${t.componentName} / ${t.languageName}`,
        path: `${t.badgeBase}.svg`,
        embeds: badgeEmbeds(t, model.site, model.detail.translationPages),
      }
    : undefined;
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
