import type { SiteOptions } from "../../config/schema.js";
import type { BadgeData } from "../../badges/badge-data.js";
import { encodePath, translationPath } from "../../site/site-paths.js";
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
 * Copy-paste snippets for a badge, with absolute addresses when `site.url` is known; the badge
 * links to its page (a translation's row of its component's page on a site without translation
 * pages).
 */
export function badgeEmbeds(
  target: { badge: BadgeData; badgeBase: string; pageDir: string },
  site: SiteOptions,
  translationPages = true,
): BadgeEmbeds {
  const base = site.url
    ? site.url.endsWith("/")
      ? site.url
      : `${site.url}/`
    : "https://USER.github.io/REPO/";
  const at = (path: string) => base + encodePath(path);
  const svg = at(`${target.badgeBase}.svg`);
  const json = at(`${target.badgeBase}.json`);
  const page = at(
    translationPages
      ? `${target.pageDir}/`
      : translationPath(target.pageDir, false).replace("/index.html#", "/#"),
  );
  const endpoint = `https://img.shields.io/endpoint?url=${encodeURIComponent(json)}`;
  const alt = `${target.badge.label}: ${target.badge.message}`;
  return {
    svg,
    json,
    endpoint,
    markdown: `[![${markdownText(alt)}](${svg})](${page})`,
    html: `<a href="${page}"><img src="${svg}" alt="${htmlAttributeText(alt)}"></a>`,
    shieldsMarkdown: `[![${markdownText(alt)}](${endpoint})](${page})`,
  };
}
