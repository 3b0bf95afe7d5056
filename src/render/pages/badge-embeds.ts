import type { SiteOptions } from "../../config/schema.js";
import type { BadgeData } from "../../badges/badge-data.js";
import { encodePath, translationAddress } from "../../site/site-paths.js";
import { siteBase } from "./widget-embeds.js";
import { htmlAttributeText, markdownText } from "../../text/markdown-text.js";

export interface BadgeEmbeds {
  svg: string;
  json: string;
  endpoint: string;
  markdown: string;
  html: string;
  shieldsMarkdown: string;
}

/**
 * The badge's Markdown alone (what a translation's page shows), as badgeEmbeds writes it: a
 * translation page need not make the other five snippets.
 */
export function badgeMarkdown(
  target: { badge: BadgeData; badgeBase: string; pageDir: string },
  site: SiteOptions,
): string {
  const base = siteBase(site);
  return markdownSnippet(
    target.badge,
    base + encodePath(`${target.badgeBase}.svg`),
    base + encodePath(`${target.pageDir}/`),
  );
}

/** `[![alt](image)](page)`, the alt text (the badge's words) escaped once per distinct text. */
function markdownSnippet(badge: BadgeData, image: string, page: string): string {
  const words = `${badge.label}: ${badge.message}`;
  let alt = markdownAlts.get(words);
  if (alt === undefined) {
    alt = markdownText(words);
    if (markdownAlts.size >= 10_000) markdownAlts.clear();
    markdownAlts.set(words, alt);
  }
  return `[![${alt}](${image})](${page})`;
}

// A site's badges say a few hundred distinct things.
const markdownAlts = new Map<string, string>();

/**
 * Copy-paste snippets for a badge, with absolute addresses when `site.url` is known; the badge
 * links to its page (a translation's row of its component's page on a site without translation
 * pages).
 */
export function badgeEmbeds(
  target: { badge: BadgeData; badgeBase: string; pageDir: string },
  site: SiteOptions,
  translationPages = true,
): BadgeEmbeds {
  const base = siteBase(site);
  const at = (path: string) => base + encodePath(path);
  const svg = at(`${target.badgeBase}.svg`);
  const json = at(`${target.badgeBase}.json`);
  const page = at(translationAddress(target.pageDir, translationPages));
  const endpoint = `https://img.shields.io/endpoint?url=${encodeURIComponent(json)}`;
  const alt = `${target.badge.label}: ${target.badge.message}`;
  return {
    svg,
    json,
    endpoint,
    markdown: markdownSnippet(target.badge, svg, page),
    html: `<a href="${page}"><img src="${svg}" alt="${htmlAttributeText(alt)}"></a>`,
    shieldsMarkdown: `[![${markdownText(alt)}](${endpoint})](${page})`,
  };
}
