import type { BadgeData } from "./badge-data.js";

/**
 * The shields.io endpoint JSON of a badge: exactly the contract, optional keys only when needed.
 */
export function toEndpointBadge(badge: BadgeData, cacheSeconds?: number, style = "flat") {
  return {
    schemaVersion: 1,
    label: badge.label,
    message: badge.message,
    color: badge.color,
    ...(badge.isError ? { isError: true as const } : {}),
    // shields.io draws "flat" unless told otherwise; a query's `style` still overrides this.
    ...(style !== "flat" ? { style } : {}),
    ...(cacheSeconds !== undefined ? { cacheSeconds } : {}),
  };
}

export function endpointBadgeText(badge: BadgeData, cacheSeconds?: number, style?: string): string {
  return `${JSON.stringify(toEndpointBadge(badge, cacheSeconds, style))}\n`;
}
