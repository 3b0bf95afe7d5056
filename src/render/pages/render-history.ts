import type { History } from "../../history/history.js";
import { serializeHistory } from "../../history/history-file.js";
import { SITE_FILE } from "../../site/site-paths.js";
import { atomFeed } from "./feed.js";
import { buildHistoryView } from "../model/history-view.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import type { SiteModel } from "../model/site-model.js";

/**
 * Adds the history to the model (trends and changes for the pages, feed paths for their links)
 * and plans its files: data/history.json, feed.xml, and <project>/feed.xml for each project.
 */
export function planHistoryFiles(model: SiteModel, history: History): PlannedFile[] {
  const view = buildHistoryView(model, history);
  if (view) model.history = view;
  const files: PlannedFile[] = [
    { path: SITE_FILE.history, render: () => serializeHistory(history) },
  ];
  model.feed = SITE_FILE.feed;
  files.push({
    path: model.feed,
    render: () =>
      atomFeed(model, history, {
        path: SITE_FILE.feed,
        pagePath: SITE_FILE.index,
        title: model.title,
      }),
  });
  for (const project of model.projects) {
    const path = `${project.pageDir}/feed.xml`;
    // A component whose slug is "feed.xml" has a folder there: that project goes without a feed.
    if (project.components.some((c) => c.pageDir === path || c.pageDir.startsWith(`${path}/`)))
      continue;
    project.feed = path;
    files.push({
      path,
      render: () =>
        atomFeed(model, history, {
          path,
          pagePath: `${project.pageDir}/index.html`,
          title: `${project.name} - ${model.title}`,
          project: project.project,
        }),
    });
  }
  return files;
}
