import { makeBadge } from "badge-maker";
import type { BadgeStyle } from "../config/schema.js";
import type { BadgeData } from "./badge-data.js";

/** The SVG of a badge, drawn by badge-maker (shields.io's own renderer, which measures its text), in the site's style. */
export function badgeSvg(badge: BadgeData, style: BadgeStyle = "flat"): string {
  return makeBadge({ label: badge.label, message: badge.message, color: badge.color, style });
}
