import { endpointBadgeText } from "../../badges/badge-json.js";
import { badgeSvg } from "../../badges/badge-svg.js";
import type { BadgeData } from "../../badges/badge-data.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { SiteModel } from "../model/site-model.js";
import type { SiteOptions } from "../../config/schema.js";
import type { Counts } from "../../model/counts.js";
import { badgeVariants } from "./render-widgets.js";

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

/** What is badged: its path without extension, its counts, its badge in the site's measure. */
export interface Badged {
  badgeBase: string;
  tally?: Counts;
  badge: BadgeData;
  /** Last known good numbers: each variant says how old, as the site's badge does. */
  stale?: { asOf: string };
}

/**
 * The badge files of `target`: the site's own, and one per variant (another metric,
 * site.badgeMetrics) under its suffix, in the badges' words (`model.badgeText`). An error badge
 * is the same in every variant.
 */
export function measuredBadgeFiles(
  add: BadgeFiles,
  model: Pick<SiteModel, "site" | "badgeText" | "generatedAt">,
  target: Badged,
): PlannedFile[] {
  const { site, badgeText: text } = model;
  const files = add(target.badgeBase, target.badge);
  for (const v of badgeVariants(site)) {
    let badge = target.badge;
    if (target.tally && !badge.isError) {
      badge = text.measured(target.tally, v.by, site.thresholds);
      if (target.stale) badge = text.stale(badge, target.stale.asOf, model.generatedAt);
    }
    files.push(...add(target.badgeBase + v.suffix, badge));
  }
  return files;
}

/** The badges of every project and component (the translations' come with their pages). */
export function planBadges(
  model: SiteModel,
  add: BadgeFiles = badgeFiles(model.site),
): PlannedFile[] {
  const files: PlannedFile[] = [];
  const badges = (target: Badged) => files.push(...measuredBadgeFiles(add, model, target));
  for (const project of model.projects) {
    badges(project);
    for (const component of project.components) badges(component);
  }
  return files;
}
