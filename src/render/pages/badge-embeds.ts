import type { SiteOptions } from "../../config/schema.js";
import type { Measure } from "../../model/measure.js";
import { encodePath, translationAddress } from "../../site/site-paths.js";
import type { BadgeText } from "../model/badge-text.js";
import { MeasureWords } from "../model/measure-words.js";
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

/** Where a badge is and what its snippets say of it. */
export interface BadgeTarget {
  badgeBase: string;
  pageDir: string;
  /** The alternative text (badgeAlt). */
  alt: string;
}

/**
 * A badge's alternative text in the badges' words: what it shows and whose ("translated: Orbit
 * Notes / Application / Czech"), as Weblate's and shields' snippets have it. Never its number or
 * its age: a snippet pasted into a README keeps its text while the picture follows every run.
 * `by` is a variant's measure (site.badgeMetrics); the site's label otherwise.
 */
export function badgeAlt(text: BadgeText, names: readonly string[], by?: Measure): string {
  const label = by ? new MeasureWords(text.locale, by).done(by) : text.label;
  return text.locale.messages.t("widgets.altBadge", { label, name: names.join(" / ") });
}

/** A translation's badgeAlt: its project, component and language by name. */
export function translationBadgeAlt(
  text: BadgeText,
  t: { projectName: string; componentName: string; language: string; languageName: string },
  by?: Measure,
): string {
  const language = text.locale.format.languageName(t.language, t.languageName);
  return badgeAlt(text, [t.projectName, t.componentName, language], by);
}

/**
 * The badge's Markdown alone (what a translation's page shows), as badgeEmbeds writes it: a
 * translation page need not make the other five snippets.
 */
export function badgeMarkdown(target: BadgeTarget, site: SiteOptions): string {
  const base = siteBase(site);
  return markdownSnippet(
    target.alt,
    base + encodePath(`${target.badgeBase}.svg`),
    base + encodePath(`${target.pageDir}/`),
  );
}

/** `[![alt](image)](page)`. */
function markdownSnippet(alt: string, image: string, page: string): string {
  return `[![${markdownText(alt)}](${image})](${page})`;
}

/**
 * Copy-paste snippets for a badge, with absolute addresses when `site.url` is known; the badge
 * links to its page (a translation's row of its component's page on a site without translation
 * pages).
 */
export function badgeEmbeds(
  target: BadgeTarget,
  site: SiteOptions,
  translationPages = true,
): BadgeEmbeds {
  const base = siteBase(site);
  const at = (path: string) => base + encodePath(path);
  const svg = at(`${target.badgeBase}.svg`);
  const json = at(`${target.badgeBase}.json`);
  const page = at(translationAddress(target.pageDir, translationPages));
  const endpoint = `https://img.shields.io/endpoint?url=${encodeURIComponent(json)}`;
  return {
    svg,
    json,
    endpoint,
    markdown: markdownSnippet(target.alt, svg, page),
    html: `<a href="${page}"><img src="${svg}" alt="${htmlAttributeText(target.alt)}"></a>`,
    shieldsMarkdown: markdownSnippet(target.alt, endpoint, page),
  };
}
