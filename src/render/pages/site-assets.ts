import { readFileSync } from "node:fs";
import { must } from "../../model/must.js";
import type { Eta } from "eta";
import type { Locale } from "../../i18n/catalogs.js";
import type { SiteLocale, SiteLocales } from "../../i18n/site-locales.js";
import type { SiteModel } from "../model/site-view.js";
import { encodePath, SITE_FILE, translationPath } from "../../site/site-paths.js";
import { localeHelpers, underLocale, type ViewHelpers } from "./view-helpers.js";
import { siteBase } from "./embeds.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";

// The files every locale shares: the style sheet, the icon, the 404 page (GitHub Pages serves the
// root's for any missing address, so it is in the default locale, with links to the others), and
// the table script, one copy per locale with its words in it.

/** The table script of a locale's pages: assets/tables.js for the default, tables.<tag>.js else. */
export function tablesScriptPath(locale: SiteLocale): string {
  return locale.folder === "" ? "tables.js" : `tables.${locale.folder}.js`;
}

/** The line of tables.js that holds its words. */
const MESSAGES_LINE = /^( *)var MESSAGES = .*;$/m;

/** tables.js with `locale`'s words: the catalog's "tables" messages, as JSON. */
function tablesScript(source: string, locale: Locale): string {
  if (!MESSAGES_LINE.test(source)) throw new Error("tables.js has no MESSAGES line");
  const keys = "sortBy sorted ascending descending filterLanguages filterComponents shown";
  const words = Object.fromEntries(
    keys.split(" ").map((key) => [key, locale.messages.source(`tables.${key}`)]),
  );
  // "</" cannot end the script early: the JSON is inside a file, but kept safe for inlining too.
  const json = JSON.stringify(words).replace(/</g, "\\u003c");
  return source.replace(MESSAGES_LINE, (_, indent: string) => `${indent}var MESSAGES = ${json};`);
}

export function planSiteAssets(
  model: SiteModel,
  locales: SiteLocales,
  eta: Eta,
  templatesDir: string,
): PlannedFile[] {
  const asset = (name: string) => readFileSync(`${templatesDir}assets/${name}`, "utf8");
  const css = asset("style.css");
  const files: PlannedFile[] = [
    { path: "404.html", render: () => notFound(eta, model, locales, css) },
    { path: "assets/style.css", render: () => css },
  ];
  for (const locale of locales.pages)
    files.push({
      path: `assets/${tablesScriptPath(locale)}`,
      render: () => tablesScript(asset("tables.js"), locale),
    });
  files.push({ path: "assets/favicon.svg", render: () => asset("favicon.svg") });
  files.push({ path: SITE_FILE.moved, render: () => asset("moved.js") });
  files.push({ path: ".nojekyll", render: () => "" });
  return files;
}

/**
 * GitHub Pages serves 404.html for a missing page at any depth, so relative links would point
 * elsewhere: its links are absolute, under `site.url`, or from the host's root without it (right
 * for a user site or a custom domain). Its styles are inline for the same reason.
 */
function notFound(eta: Eta, siteModel: SiteModel, locales: SiteLocales, css: string): string {
  const locale = must(locales.pages[0], "the default locale");
  const model = { ...siteModel, title: siteModel.site.title ?? locale.messages.t("site.title") };
  const root = model.site.url ? siteBase(model.site) : "/";
  const shared = localeHelpers(locale, model.generatedAt, model.site);
  const absolute = (target: string) => root + encodePath(target);
  const links = localeLinks(locales, locale, (l) =>
    absolute(l.folder === "" ? "index.html" : `${l.folder}/index.html`),
  );
  const pages = siteModel.detail.translationPages;
  const h: ViewHelpers = {
    ...shared,
    href: absolute,
    file: absolute,
    page: (t) => absolute(translationPath(t.pageDir, pages)),
  };
  // Without translation pages, a translation page's old address leads to its row: the component
  // folders.
  const moved = pages
    ? undefined
    : inEveryLocale(
        locales,
        siteModel.projects.flatMap((p) => p.components.map((c) => c.pageDir)),
      );
  return eta.render("@pages/404", {
    model,
    h,
    root,
    moved,
    // A project's badges page that is not there (a site split by project in a run before, at any
    // size since, or a project without one) leads to the whole page, badges/index.html, whose ids
    // are its: the badges folders whose folders' addresses do so.
    badgesMoved: inEveryLocale(locales, ["badges"]),
    loc: { tag: locale.tag, dir: locale.dir },
    // Each locale's overview, for a reader who came for one.
    locales: links && { links },
    pageTitle: h.t("site.pageTitle", { page: h.t("notFound.title"), site: model.title }),
    description: h.t("notFound.description", { site: model.title }),
    crumbs: [{ text: model.title, href: h.href("index.html") }],
    inlineCss: css,
  });
}

/**
 * The folders of 404.html's ways to where an old address's content is now (moved.js), in every
 * locale's, as JSON in the page.
 */
function inEveryLocale(locales: SiteLocales, dirs: string[]): string {
  const all = locales.pages.flatMap((l) => dirs.map((dir) => underLocale(l.folder, dir)));
  return JSON.stringify(all).replace(/</g, "\\u003c");
}

/**
 * The page in each of the site's locales, for the language switcher (`hrefOf`: its address);
 * none on a site of one locale.
 */
export function localeLinks(
  locales: SiteLocales,
  current: SiteLocale,
  hrefOf: (locale: SiteLocale) => string,
) {
  if (locales.pages.length < 2) return undefined;
  return locales.pages.map((l) => ({
    tag: l.tag,
    name: l.ownName,
    dir: l.dir,
    href: hrefOf(l),
    current: l === current,
  }));
}
