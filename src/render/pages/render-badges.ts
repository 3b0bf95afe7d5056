import { endpointBadgeText } from "../../badges/badge-json.js";
import { badgeSvg, type BadgeDrawing } from "../../badges/badge-svg.js";
import type { BadgeData } from "../../badges/badge-data.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { Badged, SiteModel } from "../model/site-view.js";
import type { SiteOptions } from "../../config/schema.js";
import { badgeVariants } from "./render-widgets.js";
import { must } from "../../model/must.js";

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
  // Most translations share their badge's object with many others (the rows' table of badges):
  // its JSON is written once for all of them.
  const jsonCache = new WeakMap<BadgeData, string>();
  const json = (badge: BadgeData) => {
    let text = jsonCache.get(badge);
    if (text === undefined) {
      text = endpointBadgeText(badge, site.cacheSeconds, site.badgeStyle);
      jsonCache.set(badge, text);
    }
    return text;
  };
  const files = (base: string, badge: BadgeData): PlannedFile[] => [
    new BadgeFile(`${base}.json`, badge, json),
    new BadgeFile(`${base}.svg`, badge, svgOf),
  ];
  return Object.assign(files, {
    bytes: (badge: BadgeData) => Buffer.byteLength(json(badge)) + Buffer.byteLength(svgOf(badge)),
  });
}

/**
 * One file of a badge, drawn when it is written. A class, so that its `render` is one function
 * for all: a site plans a few hundred thousand project and component badges (200 projects x 200
 * languages make 80,000 project-language badge files), and a closure a file took some 400 bytes
 * more of the heap. Its `kind` is set in place (a spread copy would lose `render`).
 */
class BadgeFile {
  kind?: string;

  constructor(
    readonly path: string,
    private readonly badge: BadgeData,
    private readonly draw: (badge: BadgeData) => string,
  ) {}

  render(): string {
    return this.draw(this.badge);
  }
}

/** Each of `files` of the kind `kind` (in place); the same list. */
export function ofKind(files: PlannedFile[], kind: string): PlannedFile[] {
  for (const f of files) f.kind = kind;
  return files;
}

/**
 * The badges of `target` in each of its forms: the site's own, then one per variant (another
 * metric, site.badgeMetrics; badgeVariants' order), in the badges' words (`model.badgeText`). An
 * error badge is the same in every variant.
 */
export function badgeForms(
  model: Pick<SiteModel, "site" | "badgeText" | "generatedAt">,
  target: Omit<Badged, "badgeBase">,
): BadgeData[] {
  const { site, badgeText: text } = model;
  const forms = [target.badge];
  for (const v of badgeVariants(site)) {
    let badge = target.badge;
    if (target.tally && !badge.isError) {
      badge = text.measured(target.tally, v.by, site.thresholds);
      if (target.stale) badge = text.stale(badge, target.stale.asOf, model.generatedAt);
    }
    forms.push(badge);
  }
  return forms;
}

/** The files of a badge in each of its forms (badgeForms), under `base` and its variants'. */
export function formFiles(
  add: BadgeFiles,
  site: SiteOptions,
  base: string,
  forms: readonly BadgeData[],
): PlannedFile[] {
  const files = add(base, must(forms[0]));
  badgeVariants(site).forEach((v, i) => {
    files.push(...add(base + v.suffix, must(forms[i + 1])));
  });
  return files;
}

/**
 * The badge files of `target`: the site's own, and one per variant (another metric,
 * site.badgeMetrics) under its suffix, in the badges' words (`model.badgeText`).
 */
export function measuredBadgeFiles(
  add: BadgeFiles,
  model: Pick<SiteModel, "site" | "badgeText" | "generatedAt">,
  target: Badged,
): PlannedFile[] {
  return formFiles(add, model.site, target.badgeBase, badgeForms(model, target));
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
    yield* ofKind(measuredBadgeFiles(add, model, project), kind);
    for (const component of project.components)
      yield* ofKind(measuredBadgeFiles(add, model, component), kind);
  }
}
