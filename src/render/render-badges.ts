import { endpointBadgeText } from "../badges/badge-json.js";
import { badgeSvg } from "../badges/badge-svg.js";
import type { BadgeData } from "../badges/badge-data.js";
import type { SiteFile } from "./render-site.js";
import type { SiteModel } from "./site-model.js";

/** JSON (shields.io endpoint) and SVG badges for every translation, component and project. */
export function renderBadges(model: SiteModel): SiteFile[] {
  const files: SiteFile[] = [];
  const svgCache = new Map<string, string>();
  const add = (base: string, badge: BadgeData) => {
    const key = `${badge.label}\u0000${badge.message}\u0000${badge.color}`;
    let svg = svgCache.get(key);
    if (svg === undefined) {
      svg = badgeSvg(badge);
      svgCache.set(key, svg);
    }
    files.push({ path: `${base}.json`, content: endpointBadgeText(badge, model.site.cacheSeconds) });
    files.push({ path: `${base}.svg`, content: svg });
  };
  for (const project of model.projects) {
    add(project.badgeBase, project.badge);
    for (const component of project.components) {
      add(component.badgeBase, component.badge);
      for (const t of component.translations) add(t.badgeBase, t.badge);
    }
  }
  return files;
}
