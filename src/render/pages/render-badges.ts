import { endpointBadgeText } from "../../badges/badge-json.js";
import { badgeSvg } from "../../badges/badge-svg.js";
import type { BadgeData } from "../../badges/badge-data.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { SiteModel } from "../model/site-model.js";
import type { SiteOptions } from "../../config/schema.js";

/** The two files of a badge: JSON (shields.io endpoint) and SVG. */
export type BadgeFiles = (base: string, badge: BadgeData) => PlannedFile[];

/** Plans badge files; many badges say the same thing, so each distinct SVG is drawn once. */
export function badgeFiles(site: SiteOptions): BadgeFiles {
  const svgCache = new Map<string, string>();
  const svgOf = (badge: BadgeData) => {
    const key = [badge.label, badge.message, badge.color, badge.stale ?? ""].join("\u0000");
    let svg = svgCache.get(key);
    if (svg === undefined) {
      svg = badgeSvg(badge, site.badgeStyle);
      if (svgCache.size < 10_000) svgCache.set(key, svg);
    }
    return svg;
  };
  return (base, badge) => [
    {
      path: `${base}.json`,
      render: () => endpointBadgeText(badge, site.cacheSeconds, site.badgeStyle),
    },
    { path: `${base}.svg`, render: () => svgOf(badge) },
  ];
}

/** The badges of every project and component (the translations' come with their pages). */
export function planBadges(
  model: SiteModel,
  add: BadgeFiles = badgeFiles(model.site),
): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (const project of model.projects) {
    files.push(...add(project.badgeBase, project.badge));
    for (const component of project.components)
      files.push(...add(component.badgeBase, component.badge));
  }
  return files;
}
