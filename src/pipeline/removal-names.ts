import { tripleKey } from "../config/triple.js";
import type { HistoryRun } from "../history/run-history.js";
import type { Changes } from "../history/history.js";
import { MAX_CHANGE_ITEMS } from "../history/merge-run.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { recordView } from "../weblate/record-view.js";

// A removal is told by the names its reader knew: only the previous run's records hold them (this
// run has nothing of what went). Read in one pass of the previous snapshot when the run removed
// anything, and kept with the run's changes in the history, so the feed's older entries keep them.

/**
 * Puts the names of the projects, components and languages `run` removed translations of, as the
 * previous snapshot's records give them, into its changes and into its record in the history.
 */
export function nameRemovals(
  run: Pick<HistoryRun, "history" | "changes">,
  previous: SnapshotSource | undefined,
): void {
  const { changes, history } = run;
  if (!changes?.removed.length || !previous) return;
  const removed = new Set(changes.removed);
  const names = new Map<string, NonNullable<Changes["names"]>[number]>();
  const name = (of: "project" | "component" | "language", key: string, text?: string) => {
    if (text && names.size < MAX_CHANGE_ITEMS) names.set(`${of} ${key}`, { of, key, name: text });
  };
  for (const e of previous.entries()) {
    if (!removed.has(tripleKey(e))) continue;
    const view = recordView(e.record ?? e.carried?.record);
    name("project", e.project, view.component.project.name);
    name("component", `${e.project}/${e.component}`, view.component.name);
    name("language", e.language, view.language.name);
  }
  changes.names = [...names.values()];
  const record = history.runs.at(-1);
  if (record && record.at === history.lastRun) record.changes.names = changes.names;
}
