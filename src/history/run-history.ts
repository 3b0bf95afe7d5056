import type { Config } from "../config/load-config.js";
import type { SnapshotEntry, SnapshotHeader } from "../snapshot/snapshot.js";
import { emptyHistory, type Changes, type History } from "./history.js";
import { countsOf, mergeRun, type RunEntry } from "./merge-run.js";

/** What the site is rendered with when history is on: the run merged into the history. */
export interface HistoryRun {
  history: History;
  /**
   * This run's changes; undefined when the run was merged before (a re-render of the same
   * snapshot).
   */
  changes?: Changes;
}

/**
 * Merges a run's entries (read once, in any number: a snapshot file's, streamed) into the previous
 * site's history (`previous`), or a new one. `header` is the run's snapshot header.
 */
export function mergeHistory(
  header: SnapshotHeader,
  entries: Iterable<SnapshotEntry>,
  previous: History | undefined,
  options: Pick<Config, "history" | "site">,
): HistoryRun {
  const history = previous ?? emptyHistory(header.source.baseUrl);
  const changes = mergeRun(history, header.generatedAt, runEntries(entries), {
    threshold: options.history.alertBelow ?? options.site.thresholds.brightgreen,
    measure: options.site,
  });
  return { history, ...(changes ? { changes } : {}) };
}

function* runEntries(entries: Iterable<SnapshotEntry>): Generator<RunEntry> {
  for (const e of entries) {
    // Wildcards that could not be expanded are not translations: they have no history.
    if (e.component === "*" || e.language === "*") continue;
    yield {
      project: e.project,
      component: e.component,
      language: e.language,
      ...(e.status === "ok" ? { counts: countsOf(e.record, e.statistics) } : {}),
    };
  }
}
