import type { History } from "../../history/history.js";
import { historyFiles } from "../../history/history-parts.js";
import type { SiteLocale, SiteLocales } from "../../i18n/site-locales.js";
import { SITE_FILE } from "../../site/site-paths.js";
import { atomFeed } from "./feed.js";
import { buildHistoryView } from "../model/history-view.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { SiteModel } from "../model/site-view.js";
import { localModel } from "./render-pages.js";
import { underLocale } from "./view-helpers.js";

/**
 * Adds the history to the model (trends and changes for the pages, feed paths for their links)
 * and plans its files: data/history.json and its parts (history/history-parts.ts), and in each
 * locale's folder feed.xml and <project>/feed.xml for each project.
 */
export function planHistoryFiles(
  model: SiteModel,
  history: History,
  locales: SiteLocales,
): PlannedFile[] {
  const view = buildHistoryView(model, history);
  if (view) model.history = view;
  // data/history.json, the index, and data/history/<project>.json, a part per project.
  const files: PlannedFile[] = historyFiles(history).map((f) => ({
    path: `data/${f.path}`,
    render: f.render,
  }));
  // Paths from a locale's root: each locale has its feeds in its own words.
  model.feed = SITE_FILE.feed;
  const projects = model.projects.filter((project) => {
    const path = `${project.pageDir}/feed.xml`;
    // A component whose slug is "feed.xml" has a folder there: that project goes without a feed.
    if (project.components.some((c) => c.pageDir === path || c.pageDir.startsWith(`${path}/`)))
      return false;
    project.feed = path;
    return true;
  });
  for (const locale of locales.pages) {
    files.push(feedFile(model, history, locale));
    for (const p of projects)
      files.push(feedFile(model, history, locale, { ...p, slug: p.project }));
  }
  return files;
}

/** A locale's feed: the site's, or a project's (its slug, folder and name; a removed one's too). */
export function feedFile(
  model: SiteModel,
  history: History,
  locale: SiteLocale,
  project?: { slug: string; pageDir: string; name: string },
): PlannedFile {
  const at = (path: string) => underLocale(locale.folder, path);
  const path = at(project ? `${project.pageDir}/feed.xml` : SITE_FILE.feed);
  const render = () => {
    const local = localModel(model, locale);
    return atomFeed(local, history, {
      path,
      pagePath: at(project ? `${project.pageDir}/index.html` : SITE_FILE.index),
      title: project
        ? locale.messages.t("site.pageTitle", { page: project.name, site: local.title })
        : local.title,
      project: project?.slug,
      locale,
    });
  };
  return { path, render };
}
