import type { Config } from "../config/load-config.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { carryForward } from "./carry-forward.js";
import { emptyHistory, type Changes, type History } from "./history.js";
import { countsOf, mergeRun, type RunEntry } from "./merge-run.js";
import type { PreviousSite } from "./previous-site.js";

/** What the site is rendered with when history is on: the run merged into the history carried forward. */
export interface HistoryRun {
  snapshot: Snapshot;
  history: History;
  /** This run's changes; undefined when the run was merged before (a re-render of the same snapshot). */
  changes?: Changes;
  /** Translations shown with last known good data. */
  carried: number;
}

/** Carries last known good data forward and merges this run into the previous site's history (or a new one). */
export function applyHistory(snapshot: Snapshot, previous: PreviousSite | undefined, options: Pick<Config, "history" | "site">): HistoryRun {
  const history = previous?.history ?? emptyHistory(snapshot.source.baseUrl);
  const { snapshot: withCarried, carried } = carryForward(snapshot, previous?.snapshot, { staleDays: options.history.staleDays });
  const entries: RunEntry[] = withCarried.translations.map((e) => ({
    project: e.project,
    component: e.component,
    language: e.language,
    ...(e.status === "ok" ? { counts: countsOf(e.record) } : {}),
  }));
  // Wildcards that could not be expanded are not translations: they have no history.
  const real = entries.filter((e) => e.component !== "*" && e.language !== "*");
  const changes = mergeRun(history, snapshot.generatedAt, real, { threshold: options.history.alertBelow ?? options.site.thresholds.brightgreen });
  return { snapshot: withCarried, history, ...(changes ? { changes } : {}), carried };
}
