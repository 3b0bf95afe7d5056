import type { SiteOptions } from "../../config/schema.js";
import { encodePath } from "../../site/site-paths.js";
import { widgetPaths } from "./render-widgets.js";
import { measureWords, type Measure } from "../../model/measure.js";

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
export function siteBase(site: SiteOptions): string {
  return site.url
    ? site.url.endsWith("/")
      ? site.url
      : `${site.url}/`
    : "https://USER.github.io/REPO/";
}

/**
 * Copy-paste snippets for the widgets of a project or component (`target.badgeBase`), linking to
 * its page. `matrix` only for a project.
 */
export function widgetEmbeds(
  target: { name: string; badgeBase: string; pageDir: string },
  site: SiteOptions,
  kind: "project" | "component",
  variant?: { suffix: string; by: Measure },
): WidgetEmbed[] {
  const base = siteBase(site);
  const page = base + encodePath(`${target.pageDir}/`);
  const suffix = variant?.suffix ?? "";
  const paths = widgetPaths(target.badgeBase, suffix);
  // A variant's widgets say what they count: "Badge, in words".
  const inUnit = variant ? `, in ${measureWords(variant.by).unit}` : "";
  const list: [string, string, string][] = [
    ["Badge", `${target.badgeBase}${suffix}.svg`, `${site.badgeLabel}: ${target.name}`],
    [
      "Chart, a row per language, most translated first",
      paths.chart,
      `Translation status of ${target.name} by language`,
    ],
    [
      "Chart, a column per language",
      paths.columns,
      `Translation status of ${target.name} by language`,
    ],
    [
      `Languages at ${site.widgets.countPercent}% or more`,
      paths.count,
      `Languages of ${target.name} at ${site.widgets.countPercent}% or more`,
    ],
  ];
  if (kind === "project")
    list.push([
      "Matrix, components x languages",
      paths.matrix,
      `Translation status of ${target.name}, components by language`,
    ]);
  return list.map(([plainTitle, path, alt]) => {
    const title = plainTitle + inUnit;
    const url = base + encodePath(path);
    const safeAlt = alt.replace(/[[\]<>"&]/g, " ");
    return {
      title,
      path,
      markdown: `[![${safeAlt}](${url})](${page})`,
      html: `<a href="${page}"><img src="${url}" alt="${safeAlt}"></a>`,
    };
  });
}
