import { endpointBadgeText } from "../../badges/badge-json.js";
import { badgeSvg, type BadgeDrawing } from "../../badges/badge-svg.js";
import type { BadgeData } from "../../badges/badge-data.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { SiteModel } from "../model/site-model.js";
import type { SiteOptions } from "../../config/schema.js";

/** The two files of a badge: JSON (shields.io endpoint) and SVG. */
export type BadgeFiles = ((base: string, badge: BadgeData) => PlannedFile[]) & {
  /** The bytes of a badge's two files, as they would be written now. */
  bytes(badge: BadgeData): number;
};

/**
 * Plans badge files, drawn as `drawing()` says when each is written (the site's budget may draw
 * them plain); many badges say the same thing, so each distinct SVG is drawn once.
 */
export function badgeFiles(
  site: SiteOptions,
  drawing: () => BadgeDrawing = () => "full",
): BadgeFiles {
  const svgCache = new Map<string, string>();
  const svgOf = (badge: BadgeData) => {
    const how = drawing();
    const key = [badge.label, badge.message, badge.color, badge.stale ?? "", how].join("\u0000");
    let svg = svgCache.get(key);
    if (svg === undefined) {
      svg = badgeSvg(badge, site.badgeStyle, how);
      if (svgCache.size < 10_000) svgCache.set(key, svg);
    }
    return svg;
  };
  const json = (badge: BadgeData) => endpointBadgeText(badge, site.cacheSeconds, site.badgeStyle);
  const files = (base: string, badge: BadgeData): PlannedFile[] => [
    { path: `${base}.json`, render: () => json(badge) },
    { path: `${base}.svg`, render: () => svgOf(badge) },
  ];
  return Object.assign(files, {
    bytes: (badge: BadgeData) => Buffer.byteLength(json(badge)) + Buffer.byteLength(svgOf(badge)),
  });
}

/** The badges of every project and component (the translations' come with their pages). */
export function planBadges(
  model: SiteModel,
  add: BadgeFiles = badgeFiles(model.site),
): PlannedFile[] {
  const files: PlannedFile[] = [];
  const kind = "project and component badges";
  for (const project of model.projects) {
    for (const f of add(project.badgeBase, project.badge)) files.push({ ...f, kind });
    for (const component of project.components)
      for (const f of add(component.badgeBase, component.badge)) files.push({ ...f, kind });
  }
  return files;
}
