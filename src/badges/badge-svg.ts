import { makeBadge } from "badge-maker";
import type { BadgeStyle } from "../config/schema.js";
import type { BadgeData } from "./badge-data.js";

/**
 * The SVG of a badge, drawn by badge-maker (shields.io's own renderer, which measures its text), in
 * the site's style.
 */
export function badgeSvg(badge: BadgeData, style: BadgeStyle = "flat"): string {
  const svg = makeBadge({ label: badge.label, message: badge.message, color: badge.color, style });
  return badge.stale ? withGreyBorder(svg) : svg;
}

/**
 * The stale variant: a grey border drawn over the badge's edge, inside its own width and height.
 */
function withGreyBorder(svg: string): string {
  const width = Number(/^<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]);
  const height = Number(/^<svg[^>]* height="([\d.]+)"/.exec(svg)?.[1]);
  if (!width || !height) return svg;
  const border =
    `<rect class="stale-border" x="1" y="1" width="${width - 2}" ` +
    `height="${height - 2}" rx="2" fill="none" stroke="#9f9f9f" stroke-width="2"/>`;
  return svg.replace(/<\/svg>$/, `${border}</svg>`);
}
