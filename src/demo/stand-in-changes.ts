import { listPage } from "../weblate/list-page.js";
import { WeblateRoutes } from "../weblate/routes.js";

// The stand-in's change log: Weblate logs every modification (a string translated, strings
// added or removed by a repository update, a component created or renamed) as a Change, served
// at `/api/projects/<p>/changes/`, paged, filtered by `timestamp_after` and `timestamp_before`.
// Here a change is logged for each translation whose record differs between two sets of records
// the stand-in serves, stamped with the server's clock, as the server would have logged it. The
// whole server's log (`/api/changes/`) holds every project's changes.

interface LoggedChange {
  id: number;
  timestamp: string;
  action: number;
  actionName: string;
  project: string;
  component: string;
  language: string;
}

export class ChangeLog {
  private readonly changes: LoggedChange[] = [];

  /**
   * Logs a change for every translation (by "project/component path/language") added, removed or
   * changed between `before` and `after`.
   */
  diff(before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>): void {
    const timestamp = new Date().toISOString();
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const old = before.get(key);
      const now = after.get(key);
      if (JSON.stringify(old) === JSON.stringify(now)) continue;
      const [action, actionName] =
        old === undefined
          ? [5, "Translation added"]
          : now === undefined
            ? [0, "Resource updated"]
            : [2, "Translation changed"];
      const first = key.indexOf("/");
      const last = key.lastIndexOf("/");
      this.changes.push({
        id: this.changes.length + 1,
        timestamp,
        action,
        actionName,
        project: key.slice(0, first),
        component: key.slice(first + 1, last),
        language: key.slice(last + 1),
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
        component: routes.component(c.project, c.component),
        translation: routes.translation(c),
        user: null,
        author: null,
        timestamp: c.timestamp,
        action: c.action,
        target: "",
        id: c.id,
        action_name: c.actionName,
        url: `${routes.api}/changes/${c.id}/`,
      }));
    return listPage(url, items, defaultSize);
  }
}
