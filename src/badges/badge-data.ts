import type { Thresholds } from "../config/schema.js";

/** What a badge says, before it becomes JSON or SVG. */
export interface BadgeData {
  label: string;
  message: string;
  color: string;
  isError?: true;
  /** Last known good numbers of an earlier run: the SVG gets a grey border. */
  stale?: true;
}

/** The words of a badge in the language of the badge files (`site.badges.locale`). */
export interface BadgeWords {
  /** A whole percent, 0 to 100, as the locale writes it: "58%", "58 %", "٥٨٪". */
  percent(whole: number): string;
  /** What a badge of a translation with no strings says. */
  noStrings: string;
}

/**
 * The translated share as a whole percent, floored: 100 only when every string is translated
 * (99.6 is 99, unlike a rounding 100). A translation with 0 strings says "no strings" (see
 * progressBadge): it is neither done nor behind.
 */
export function wholePercent(translated: number, total: number): number {
  if (total <= 0) return 100;
  return Math.floor((translated * 100) / total);
}

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

export function progressBadge(
  label: string,
  translated: number,
  total: number,
  thresholds: Thresholds,
  words: BadgeWords,
): BadgeData {
  if (total <= 0) return { label, message: words.noStrings, color: "lightgrey" };
  const percent = (translated * 100) / total;
  return {
    label,
    message: words.percent(wholePercent(translated, total)),
    color: percentColor(percent, thresholds),
  };
}

/**
 * A badge for a translation that could not be read: grey, one or two words, never a broken image.
 */
export function errorBadge(label: string, text: string): BadgeData {
  return { label, message: text, color: "lightgrey", isError: true };
}
