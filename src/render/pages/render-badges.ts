import { endpointBadgeText } from "../../badges/badge-json.js";
import { badgeSvg, type BadgeDrawing } from "../../badges/badge-svg.js";
import type { BadgeData } from "../../badges/badge-data.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { Badged, SiteModel } from "../model/site-view.js";
import type { SiteOptions } from "../../config/schema.js";
import { badgeVariants } from "./render-widgets.js";

/** The two files of a badge under `base`: JSON (shields.io endpoint) and SVG. */
export type BadgeFiles = ((base: string, badge: BadgeData, kind?: string) => PlannedFile[]) & {
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
  const drawn = new Map<string, string>();
  const svg = (badge: BadgeData) => {
    const how = drawing();
    const key = [badge.label, badge.message, badge.color, badge.stale ?? "", how].join("\u0000");
    let text = drawn.get(key);
    if (text === undefined) {
      text = badgeSvg(badge, site.badgeStyle, how);
      if (drawn.size < 10_000) drawn.set(key, text);
    }
    return text;
  };
  const json = (badge: BadgeData) => endpointBadgeText(badge, site.cacheSeconds, site.badgeStyle);
  const files = (base: string, badge: BadgeData, kind?: string): PlannedFile[] => [
    { path: `${base}.json`, render: () => json(badge), kind },
    { path: `${base}.svg`, render: () => svg(badge), kind },
  ];
  return Object.assign(files, {
    bytes: (badge: BadgeData) => Buffer.byteLength(json(badge)) + Buffer.byteLength(svg(badge)),
  });
}

/**
 * The badge files of `target`: the site's own, then one per variant (another metric,
 * site.badgeMetrics) under its suffix, in the badges' words (`model.badgeText`). An error badge
 * is the same in every variant.
 */
export function measuredBadgeFiles(
  add: BadgeFiles,
  model: Pick<SiteModel, "site" | "badgeText" | "generatedAt">,
  target: Badged,
  kind?: string,
): PlannedFile[] {
  const { site, badgeText: text } = model;
  const files = add(target.badgeBase, target.badge, kind);
  for (const v of badgeVariants(site)) {
    let badge = target.badge;
    if (target.tally && !badge.isError) {
      badge = text.measured(target.tally, v.by, site.thresholds);
      if (target.stale) badge = text.stale(badge, target.stale.asOf, model.generatedAt);
    }
    files.push(...add(target.badgeBase + v.suffix, badge, kind));
  }
  return files;
}

/**
 * The badges of every project and component (the translations' come with their pages), made as
 * they are asked for: a site of 5,000 components has 10,000 of these files and more, not held
 * while they wait to be written.
 */
export function* planBadges(
  model: SiteModel,
  add: BadgeFiles = badgeFiles(model.site),
): Generator<PlannedFile> {
  const kind = "project and component badges";
  for (const project of model.projects) {
    yield* measuredBadgeFiles(add, model, project, kind);
    for (const component of project.components)
      yield* measuredBadgeFiles(add, model, component, kind);
  }
}
