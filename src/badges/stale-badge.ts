import type { BadgeData } from "./badge-data.js";

// Last known good data on a badge: the earlier run's percent with its age, "85% (3d ago)", drawn
// with a grey border (badge-svg.ts) so it reads as old at a glance.

/** "3 days ago", "5 hours ago", "12 minutes ago": how old `asOf` is at `now`. */
export function staleAge(asOf: string, now: string): string {
  const { n, unit } = age(asOf, now);
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/** How old `asOf` is at `now`, in the largest unit that reads well. */
function age(asOf: string, now: string): { n: number; unit: "day" | "hour" | "minute" } {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(asOf)) / 60_000));
  if (minutes >= 2880) return { n: Math.floor(minutes / 1440), unit: "day" };
  if (minutes >= 120) return { n: Math.floor(minutes / 60), unit: "hour" };
  return { n: minutes, unit: "minute" };
}

/** Short form for the badge: "3d ago", "5h ago", "12m ago". */
function shortAge(asOf: string, now: string): string {
  const { n, unit } = age(asOf, now);
  return `${n}${unit[0]} ago`;
}

export function staleBadge(badge: BadgeData, asOf: string, now: string): BadgeData {
  return { ...badge, message: `${badge.message} (${shortAge(asOf, now)})`, stale: true };
}
