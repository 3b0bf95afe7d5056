import { makeBadge } from "badge-maker";
import type { BadgeData } from "./badge-data.js";

/** The SVG of a badge, drawn by badge-maker (shields.io's own renderer), flat style. */
export function badgeSvg(badge: BadgeData): string {
  return makeBadge({ label: badge.label, message: badge.message, color: badge.color, style: "flat" });
}
