import { tripleKey } from "../config/triple.js";
import type { HistoryRun } from "../history/merge-run.js";
import { MAX_CHANGE_ITEMS, type Changes } from "../history/history.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { keyParts } from "../render/model/changes-view.js";
import { recordView } from "../weblate/record-view.js";

// A removal is told by the names its reader knew: only the previous run's records hold them (this
// run has nothing of what went). Read in one pass of the previous snapshot when the run removed
// anything, and kept with the run's changes in the history, so the feed's older entries keep them.
// Which projects and components went whole is found once, here, while the run is the latest: a
// later run's site no longer knows what was left then.

/**
 * Puts into `run`'s changes, and its record in the history, the projects and components it
 * removed whole and the names the previous snapshot's records gave what it removed.
 */
export function nameRemovals(
  run: Pick<HistoryRun, "history" | "changes">,
  previous: SnapshotSource | undefined,
): void {
  const { changes, history } = run;
  if (!changes?.removed.length) return;
  changes.wholes = removedWholesOf(changes.removed, run.history);
  // Named: what the history's record keeps (its first MAX_CHANGE_ITEMS removals, sorted).
  const kept = new Set([...changes.removed].sort().slice(0, MAX_CHANGE_ITEMS));
  const names = new Map<string, NonNullable<Changes["names"]>[number]>();
  const name = (of: "project" | "component" | "language", key: string, text?: string) => {
    if (text) names.set(`${of} ${key}`, { of, key, name: text });
  };
  for (const e of previous?.entries() ?? []) {
    if (!kept.has(tripleKey(e))) continue;
    const view = recordView(e.record ?? e.carried?.record);
    name("project", e.project, view.component.project.name);
    name("component", `${e.project}/${e.component}`, view.component.name);
    name("language", e.language, view.language.name);
  }
  changes.names = [...names.values()];
  const record = history.runs.at(-1);
  if (record && record.at === history.lastRun) {
    record.changes.names = changes.names;
    record.changes.wholes = changes.wholes.slice(0, MAX_CHANGE_ITEMS);
  }
}

/** The projects and components of `removed` that have no translation left in the history. */
function removedWholesOf(
  removed: readonly string[],
  history: HistoryRun["history"],
): Changes["wholes"] & {} {
  const live = { project: new Set<string>(), component: new Set<string>() };
  for (const key of history.series.keys()) {
    if (history.gone.has(key)) continue;
    const { project, component } = keyParts(key);
    live.project.add(project);
    live.component.add(`${project}/${component}`);
  }
  const wholes = new Map<string, { of: "project" | "component"; key: string }>();
  for (const key of removed) {
    const { project, component } = keyParts(key);
    const path = `${project}/${component}`;
    if (!live.project.has(project)) wholes.set(`p ${project}`, { of: "project", key: project });
    else if (!live.component.has(path)) wholes.set(`c ${path}`, { of: "component", key: path });
  }
  return [...wholes.values()];
}
