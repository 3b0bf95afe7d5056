import { componentLabel } from "../config/triple.js";
import { field, str } from "../model/json.js";
import type { WeblateRoutes } from "../weblate/routes.js";
import type { CrawlState } from "./crawl-state.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "../http/http-client.js";
import { crawlInstance } from "./instance-list.js";
import { listedComponentPath } from "./join.js";
import { mergeProjectWork, type ProjectWork } from "./plan.js";
import { isRefused, statusOf } from "../http/request-error.js";

// The other ways to a project's translations when its component list fails with 404 or 403 (seen
// on real servers: a list a proxy does not pass, or one the token may not read, while the
// project and its translations can be had): the instance's component list, whose items embed
// their project, then the instance's translation list. A project that is not there at all (its
// own record answers 404) is a missing name instead, told with what the server has. `init` asks
// the same lists in the same order (componentsElsewhere), so what it keeps, `build` can crawl.

/** The other ways to a project's components, in the order they are tried. */
export type OtherWay = "components" | "translations";
const WAYS: readonly OtherWay[] = ["components", "translations"];
/** The other ways, as the note that says which one was taken names them. */
export const OTHER_WAYS: Record<OtherWay, string> = {
  components: "the server's component list (/api/components/)",
  translations: "the server's translation list (/api/translations/)",
};

/** The instance-wide component list, fetched once a crawl. */
const componentLists = new WeakMap<CrawlState, Promise<unknown[]>>();

/**
 * Reaches a project's translations another way after its component list failed with `error`.
 * Returns undefined when they were reached (its components planned, or its translations settled),
 * else the error that fails the wildcard. Which way was taken is a note (--verbose).
 */
export async function projectWithoutList(
  state: CrawlState,
  project: ProjectWork,
  error: Error,
): Promise<Error | undefined> {
  if (!isRefused(error)) return error;
  const record = await state.client.getJson(state.routes.project(project.project)).then(
    () => undefined,
    (failure: Error) => failure,
  );
  if (statusOf(record) === 404) return record;
  const note = (way: OtherWay) =>
    state.settings.onNote?.(fallbackNote(`${project.project}/*`, "component", error, way));
  const components = await instanceComponents(state).then(
    (items) => items.filter((item) => projectSlugOf(item) === project.project),
    () => [],
  );
  if (components.length > 0) {
    for (const path of state.records.remember(project.project, components))
      mergeProjectWork(state.work, project, path);
    note("components");
    return undefined;
  }
  const only = (p: string) => p === project.project;
  const outcome = await crawlInstance(state, project, only);
  if (outcome.error || !outcome.projects.has(project.project)) return error;
  note("translations");
  return undefined;
}

/**
 * The note saying that a list (`what`: "component" or "translation") of `scope` failed and which
 * other way reached its translations.
 */
export function fallbackNote(scope: string, what: string, error: Error, way: OtherWay): string {
  const status = statusOf(error);
  const label = scope.split("/").map(componentLabel).join("/");
  return (
    `${label}: its ${what} list answered ${status ?? "with an error"}; its translations were ` +
    `reached through ${OTHER_WAYS[way]} instead`
  );
}

/**
 * A project's component paths from the instance-wide lists, in the order the crawl tries them
 * (for `init`, which has no crawl): the component list, else the translation list. Undefined when
 * neither names the project. `lists` keeps each list fetched once across projects.
 */
export async function componentsElsewhere(
  client: HttpClient,
  routes: WeblateRoutes,
  pageSize: number,
  project: string,
  lists: Map<OtherWay, Promise<unknown[]>>,
): Promise<{ paths: string[]; way: OtherWay } | undefined> {
  for (const way of WAYS) {
    let items = lists.get(way);
    if (!items) {
      items = fetchList(client, routes.collection(way), pageSize);
      lists.set(way, items);
    }
    const listed = await items.catch(() => []);
    const paths = new Set<string>();
    for (const item of listed) {
      const component = way === "components" ? item : field(item, "component");
      if (projectSlugOf(component) !== project) continue;
      const path = listedComponentPath(component);
      if (path !== undefined) paths.add(path);
    }
    if (paths.size > 0) return { paths: [...paths].sort(), way };
  }
  return undefined;
}

function instanceComponents(state: CrawlState): Promise<unknown[]> {
  let items = componentLists.get(state);
  if (!items) {
    items = fetchList(state.client, state.routes.collection("components"), state.settings.pageSize);
    componentLists.set(state, items);
  }
  return items;
}

function projectSlugOf(component: unknown): string | undefined {
  return str(field(field(component, "project"), "slug"));
}
