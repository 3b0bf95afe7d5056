import type { SiteOptions } from "../../config/schema.js";
import type { Locale } from "../../i18n/catalogs.js";
import type { Measure } from "../../model/measure.js";
import { encodePath, translationAddress } from "../../site/site-paths.js";
import { htmlAttributeText, markdownText } from "../../text/markdown-text.js";
import type { BadgeText } from "../model/badge-text.js";
import { MeasureWords } from "../model/measure-words.js";
import type { SiteModel } from "../model/site-view.js";
import { widgetPaths } from "./render-widgets.js";

// The copy-paste snippets of badges and widgets: Markdown and HTML that link the picture to its
// page, with absolute addresses when `site.url` is known. A name from the server is one line of
// text in either, never markup.

/**
 * The site's public address ("https://USER.github.io/REPO/" until `site.url` is set), ending in
 * "/".
 */
export function siteBase(site: Pick<SiteOptions, "url">): string {
  return site.url
    ? site.url.endsWith("/")
      ? site.url
      : `${site.url}/`
    : "https://USER.github.io/REPO/";
}

/** A picture linked to a page, as Markdown and as HTML. */
function snippets(alt: string, image: string, page: string) {
  return {
    markdown: `[![${markdownText(alt)}](${image})](${page})`,
    html: `<a href="${page}"><img src="${image}" alt="${htmlAttributeText(alt)}"></a>`,
  };
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
 * A badge's snippets; it links to its page (a translation's row of its component's page on a site
 * without translation pages). A translation's page shows only the Markdown.
 */
export function badgeEmbeds(
  target: { badgeBase: string; pageDir: string; alt: string },
  site: SiteOptions,
  translationPages = true,
) {
  const base = siteBase(site);
  const svg = base + encodePath(`${target.badgeBase}.svg`);
  const json = base + encodePath(`${target.badgeBase}.json`);
  const page = base + encodePath(translationAddress(target.pageDir, translationPages));
  const endpoint = `https://img.shields.io/endpoint?url=${encodeURIComponent(json)}`;
  return {
    svg,
    endpoint,
    ...snippets(target.alt, svg, page),
    shieldsMarkdown: snippets(target.alt, endpoint, page).markdown,
  };
}

/**
 * The snippets of the widgets of a project or component (`target.badgeBase`), linking to its page
 * (the default locale's). `matrix` only for a project. The titles are in the page's words
 * (`page`), the alternative texts in the widgets' own (`site.badges.locale`), as the pictures are.
 */
export function widgetEmbeds(
  target: { name: string; badgeBase: string; pageDir: string },
  model: Pick<SiteModel, "site" | "badgeText">,
  kind: "project" | "component",
  page: Locale,
  variant?: { suffix: string; by: Measure },
): { title: string; path: string; markdown: string; html: string }[] {
  const { site } = model;
  const base = siteBase(site);
  const link = base + encodePath(`${target.pageDir}/`);
  const suffix = variant?.suffix ?? "";
  const paths = widgetPaths(target.badgeBase, suffix);
  const measure = new MeasureWords(page, site);
  // A variant's widgets say what they count: "Badge, in words".
  const title = (key: string, params?: Record<string, string>) => {
    const plain = page.messages.t(key, params);
    return variant ? measure.titleIn(plain, variant.by.metric) : plain;
  };
  const b = model.badgeText.locale;
  const name = target.name;
  const count = site.widgets.countPercent;
  const rows = b.messages.t("widgets.altRows", { name });
  const list: [string, string, string][] = [
    [
      title("badges.widgetBadge"),
      `${target.badgeBase}${suffix}.svg`,
      b.messages.t("widgets.altBadge", { label: model.badgeText.label, name }),
    ],
    [title("badges.widgetRows"), paths.chart, rows],
    [title("badges.widgetColumns"), paths.columns, rows],
    [
      title("badges.widgetCount", { percent: page.format.percentOf(count) }),
      paths.count,
      b.messages.t("widgets.altCount", { name, percent: b.format.percentOf(count) }),
    ],
  ];
  if (kind === "project")
    list.push([
      title("badges.widgetMatrix"),
      paths.matrix,
      b.messages.t("widgets.altMatrix", { name }),
    ]);
  return list.map(([title, path, alt]) => ({
    title,
    path,
    ...snippets(alt, base + encodePath(path), link),
  }));
}
