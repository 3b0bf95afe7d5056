import type { Thresholds } from "../config/schema.js";
import type { Counts } from "../model/counts.js";
import { measure, type Measure } from "../model/measure.js";

/** What a badge says, before it becomes JSON or SVG. */
export interface BadgeData {
  label: string;
  message: string;
  color: string;
  isError?: true;
  /** Last known good numbers of an earlier run: the SVG gets a grey border. */
  stale?: true;
}

/**
 * The translated share as a whole percent, floored: "100%" only when every string is
 * translated (99.6 shows "99%", unlike a rounding "100%"). A translation with 0 strings says
 * "no strings" (see progressBadge): it is neither done nor behind.
 */
export function percentMessage(translated: number, total: number): string {
  if (total <= 0) return "100%";
  return `${Math.floor((translated * 100) / total)}%`;
}

export const NO_STRINGS = "no strings";

/**
 * Colour as Weblate and shields use it: red below `yellow`, yellow below `brightgreen`, then
 * brightgreen.
 */
export function percentColor(
  percent: number,
  thresholds: Thresholds,
): "red" | "yellow" | "brightgreen" {
  if (percent < thresholds.yellow) return "red";
  if (percent < thresholds.brightgreen) return "yellow";
  return "brightgreen";
}

/** The badge of some counts as a measure counts them (site.metric, site.progress). */
export function measuredBadge(
  label: string,
  counts: Counts,
  by: Measure,
  thresholds: Thresholds,
): BadgeData {
  const m = measure(counts, by);
  return progressBadge(label, m.part, m.whole, thresholds);
}

export function progressBadge(
  label: string,
  translated: number,
  total: number,
  thresholds: Thresholds,
): BadgeData {
  if (total <= 0) return { label, message: NO_STRINGS, color: "lightgrey" };
  const percent = total <= 0 ? 100 : (translated * 100) / total;
  return {
    label,
    message: percentMessage(translated, total),
    color: percentColor(percent, thresholds),
  };
}

/**
 * A badge for a translation that could not be read: grey, one or two words, never a broken image.
 */
export function errorBadge(label: string, text: string): BadgeData {
  return { label, message: text, color: "lightgrey", isError: true };
}
