import type { Eta } from "eta";
import { encodePath } from "../../site/site-paths.js";
import type { SiteModel } from "../model/site-model.js";
import { viewHelpers, type ViewHelpers } from "./view-helpers.js";
import { siteBase } from "./widget-embeds.js";

/**
 * GitHub Pages serves 404.html for a missing page at any depth, so relative links would point
 * elsewhere: its links are absolute, under `site.url`, or from the host's root without it (right
 * for a user site or a custom domain). Its styles are inline for the same reason.
 */
export function notFound(eta: Eta, model: SiteModel, css: string): string {
  const root = model.site.url ? siteBase(model.site) : "/";
  const h: ViewHelpers = { ...viewHelpers(""), href: (target) => root + encodePath(target) };
  // Without translation pages, a translation page's old address leads to its row (moved.js).
  const moved = model.detail.translationPages
    ? undefined
    : JSON.stringify(model.projects.flatMap((p) => p.components.map((c) => c.pageDir))).replace(
        /</g,
        "\\u003c",
      );
  return eta.render("@pages/404", {
    model,
    h,
    root,
    moved,
    pageTitle: `Page not found - ${model.title}`,
    description: `${model.title}: page not found.`,
    crumbs: [{ text: model.title, href: h.href("index.html") }],
    inlineCss: css,
  });
}
