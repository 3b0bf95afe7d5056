import type { History } from "../../history/history.js";
import { historyFiles } from "../../history/history-parts.js";
import type { SiteLocale, SiteLocales } from "../../i18n/site-locales.js";
import { SITE_FILE } from "../../site/site-paths.js";
import { atomFeed } from "./feed.js";
import { buildHistoryView } from "../model/history-view.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { ProjectView, SiteModel } from "../model/site-view.js";
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
  for (const locale of locales.pages) files.push(...feedFiles(model, history, locale, projects));
  return files;
}

/** A locale's feeds: the site's, and each project's that can have one. */
function feedFiles(
  model: SiteModel,
  history: History,
  locale: SiteLocale,
  projects: ProjectView[],
): PlannedFile[] {
  const local = () => localModel(model, locale);
  const at = (path: string) => underLocale(locale.folder, path);
  const feed = { locale, id: locale.folder };
  const files: PlannedFile[] = [
    {
      path: at(SITE_FILE.feed),
      render: () =>
        atomFeed(local(), history, {
          ...feed,
          path: at(SITE_FILE.feed),
          pagePath: at(SITE_FILE.index),
          title: local().title,
        }),
    },
  ];
  for (const project of projects) {
    const path = at(`${project.pageDir}/feed.xml`);
    files.push({
      path,
      render: () =>
        atomFeed(local(), history, {
          ...feed,
          path,
          pagePath: at(`${project.pageDir}/index.html`),
          title: locale.messages.t("site.pageTitle", { page: project.name, site: local().title }),
          project: project.project,
        }),
    });
  }
  return files;
}
