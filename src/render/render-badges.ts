import { endpointBadgeText } from "../badges/badge-json.js";
import { badgeSvg } from "../badges/badge-svg.js";
import type { BadgeData } from "../badges/badge-data.js";
import type { FileToWrite as PlannedFile } from "./write-files.js";
import type { SiteModel } from "./site-model.js";

/** JSON (shields.io endpoint) and SVG badges for every translation, component and project. */
export function planBadges(model: SiteModel): PlannedFile[] {
  const files: PlannedFile[] = [];
  const svgCache = new Map<string, string>();
  // Many badges say the same thing: each distinct SVG is drawn once.
  const svgOf = (badge: BadgeData) => {
    const key = `${badge.label}\u0000${badge.message}\u0000${badge.color}`;
    let svg = svgCache.get(key);
    if (svg === undefined) {
      svg = badgeSvg(badge, model.site.badgeStyle);
      svgCache.set(key, svg);
    }
    return svg;
  };
  const add = (base: string, badge: BadgeData) => {
    files.push({ path: `${base}.json`, render: () => endpointBadgeText(badge, model.site.cacheSeconds, model.site.badgeStyle) });
    files.push({ path: `${base}.svg`, render: () => svgOf(badge) });
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
