import { LocaleFormat } from "../i18n/locale-format.js";
import type { BadgeData } from "./badge-data.js";

// Last known good data on a badge: the earlier run's percent with its age, "85% (3d ago)", drawn
// with a grey border (badge-svg.ts) so it reads as old at a glance.

const english = new LocaleFormat("en");

/**
 * The badge of last known good data: `message` says the earlier percent with its age, in the
 * badges' locale (English by default: "85% (3d ago)", the age as Intl's narrow relative time).
 */
export function staleBadge(
  badge: BadgeData,
  asOf: string,
  now: string,
  message: (percent: string, asOf: string, now: string) => string = (percent) =>
    `${percent} (${english.ago(asOf, now, "narrow")})`,
): BadgeData {
  return { ...badge, message: message(badge.message, asOf, now), stale: true };
}
