import type { SiteOptions } from "../../config/schema.js";
import type { Locale } from "../../i18n/catalogs.js";
import { encodePath } from "../../site/site-paths.js";
import { htmlAttributeText, markdownText } from "../../text/markdown-text.js";
import { widgetPaths } from "./render-widgets.js";
import type { Measure } from "../../model/measure.js";
import type { ViewHelpers } from "./view-helpers.js";

export interface WidgetEmbed {
  /** What the widget is ("Chart, a row per language"). */
  title: string;
  /** The file inside the site, for a preview on the page. */
  path: string;
  markdown: string;
  html: string;
}

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

/**
 * Copy-paste snippets for the widgets of a project or component (`target.badgeBase`), linking to
 * its page (the default locale's). `matrix` only for a project. The titles are in the page's
 * words (`words.page`), the alternative texts in the widgets' own (`words.badges`,
 * `site.badges.locale`), as the pictures are.
 */
export function widgetEmbeds(
  target: { name: string; badgeBase: string; pageDir: string },
  site: SiteOptions,
  kind: "project" | "component",
  words: {
    page: Pick<ViewHelpers, "t" | "measure">;
    pagePercent: (n: number) => string;
    badges: Locale;
    /** The badges' label (site.badgeLabel, or "translated" in their words). */
    label: string;
  },
  variant?: { suffix: string; by: Measure },
): WidgetEmbed[] {
  const base = siteBase(site);
  const page = base + encodePath(`${target.pageDir}/`);
  const suffix = variant?.suffix ?? "";
  const paths = widgetPaths(target.badgeBase, suffix);
  // A variant's widgets say what they count: "Badge, in words".
  const title = (key: string, params?: Record<string, string>) => {
    const plain = words.page.t(key, params);
    return variant ? words.page.measure.titleIn(plain, variant.by.metric) : plain;
  };
  const b = words.badges.messages;
  const name = target.name;
  const count = site.widgets.countPercent;
  const rows = b.t("widgets.altRows", { name });
  const list: [string, string, string][] = [
    [
      title("badges.widgetBadge"),
      `${target.badgeBase}${suffix}.svg`,
      b.t("widgets.altBadge", { label: words.label, name }),
    ],
    [title("badges.widgetRows"), paths.chart, rows],
    [title("badges.widgetColumns"), paths.columns, rows],
    [
      title("badges.widgetCount", { percent: words.pagePercent(count) }),
      paths.count,
      b.t("widgets.altCount", { name, percent: words.badges.format.percentOf(count) }),
    ],
  ];
  if (kind === "project")
    list.push([title("badges.widgetMatrix"), paths.matrix, b.t("widgets.altMatrix", { name })]);
  return list.map(([title, path, alt]) => snippets(title, path, alt, base, page));
}

/** A widget's snippets: a name from the server is one line of text in either, never markup. */
function snippets(title: string, path: string, alt: string, base: string, page: string) {
  const url = base + encodePath(path);
  return {
    title,
    path,
    markdown: `[![${markdownText(alt)}](${url})](${page})`,
    html: `<a href="${page}"><img src="${url}" alt="${htmlAttributeText(alt)}"></a>`,
  };
}
