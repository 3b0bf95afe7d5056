import { listPage } from "./list-answer.js";
import { WeblateRoutes } from "../weblate/routes.js";

// The stand-in's change log: Weblate logs every modification (a string translated, strings
// added or removed by a repository update, a component created or renamed) as a Change, served
// at `/api/projects/<p>/changes/`, paged, filtered by `timestamp_after` and `timestamp_before`.
// Here a change is logged for each translation whose record differs between two sets of records
// the stand-in serves, stamped with the server's clock, as the server would have logged it. The
// whole server's log (`/api/changes/`) holds every project's changes. As on Weblate, a removed
// component's change is logged on its project and names no component (its record is gone), and
// a removed translation's names its component but no translation.

interface LoggedChange {
  id: number;
  timestamp: string;
  action: number;
  actionName: string;
  project: string;
  component: string;
  language: string;
  /** What is gone: "component" (then the change names neither it nor a translation) or one. */
  removed?: "component" | "translation";
}

export class ChangeLog {
  private readonly changes: LoggedChange[] = [];

  /**
   * Logs a change for every translation (by "project/component path/language") added, removed or
   * changed between `before` and `after`.
   */
  diff(before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>): void {
    const timestamp = new Date().toISOString();
    const components = new Set([...after.keys()].map((k) => k.slice(0, k.lastIndexOf("/"))));
    const removedComponents = new Set<string>();
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const old = before.get(key);
      const now = after.get(key);
      if (JSON.stringify(old) === JSON.stringify(now)) continue;
      const [action, actionName] =
        old === undefined
          ? [5, "Translation added"]
          : now === undefined
            ? [0, "Removed"]
            : [2, "Translation changed"];
      const first = key.indexOf("/");
      const last = key.lastIndexOf("/");
      const component = key.slice(0, last);
      const gone = now === undefined && !components.has(component);
      if (gone && removedComponents.has(component)) continue;
      if (gone) removedComponents.add(component);
      this.changes.push({
        id: this.changes.length + 1,
        timestamp,
        action,
        actionName,
        project: key.slice(0, first),
        component: key.slice(first + 1, last),
        language: key.slice(last + 1),
        ...(now === undefined ? { removed: gone ? "component" : "translation" } : {}),
      });
    }
  }

  /**
   * A project's changes (every project's, when undefined) as Weblate's API pages them; undefined
   * for a page past the end.
   */
  page(url: URL, project: string | undefined, baseUrl: string, defaultSize: number): unknown {
    const after = Date.parse(url.searchParams.get("timestamp_after") ?? "");
    const before = Date.parse(url.searchParams.get("timestamp_before") ?? "");
    const routes = new WeblateRoutes(baseUrl);
    const items = this.changes
      .filter(
        (c) =>
          (project === undefined || c.project === project) &&
          (Number.isNaN(after) || Date.parse(c.timestamp) >= after) &&
          (Number.isNaN(before) || Date.parse(c.timestamp) <= before),
      )
      .map((c) => ({
        unit: null,
        component: c.removed === "component" ? null : routes.component(c.project, c.component),
        translation: c.removed ? null : routes.translation(c),
        user: null,
        author: null,
        timestamp: c.timestamp,
        action: c.action,
        target: c.removed === "component" ? c.component : "",
        id: c.id,
        action_name: c.actionName,
        url: `${routes.api}/changes/${c.id}/`,
      }));
    return listPage(url, items, defaultSize);
  }
}
