import type { CrawlState } from "./crawl-state.js";
import { fetchList } from "./fetch-list.js";
import { crawlInstance } from "./instance-list.js";
import { mergeProjectWork, type ProjectWork } from "./plan.js";
import { isRefused, RequestError } from "./request-error.js";
import { field, str } from "../model/json.js";

// The other ways to a project's translations when its component list fails with 404 or 403 (seen
// on real servers: a list a proxy does not pass, or one the token may not read, while the
// project and its translations can be had): the instance's component list, whose items embed
// their project, then the instance's translation list. A project that is not there at all (its
// own record answers 404) is a missing name instead, told with what the server has.

/** The instance-wide component list, fetched once a crawl. */
const componentLists = new WeakMap<CrawlState, Promise<unknown[]>>();

/**
 * Reaches a project's translations another way after its component list failed with `error`.
 * Returns undefined when they were reached (its components planned, or its translations settled),
 * else the error that fails the wildcard.
 */
export async function projectWithoutList(
  state: CrawlState,
  project: ProjectWork,
  failure: unknown,
): Promise<Error | undefined> {
  const error = failure instanceof Error ? failure : new Error(String(failure));
  if (!isRefused(error)) return error;
  const record = await state.client.getJson(state.routes.project(project.project)).then(
    () => undefined,
    (failure: Error) => failure,
  );
  if (record instanceof RequestError && record.status === 404) return record;
  const components = await instanceComponents(state).then(
    (items) => items.filter((item) => projectOf(item) === project.project),
    () => [],
  );
  if (components.length > 0) {
    for (const path of state.records.remember(project.project, components))
      mergeProjectWork(state.work, project, path);
    return undefined;
  }
  const outcome = await crawlInstance(
    state,
    { allLanguages: project.allLanguages, languages: project.languages },
    (p) => p === project.project,
  );
  return outcome.error || !outcome.projects.has(project.project) ? error : undefined;
}

function instanceComponents(state: CrawlState): Promise<unknown[]> {
  let items = componentLists.get(state);
  if (!items) {
    items = fetchList(state.client, state.routes.collection("components"), state.settings.pageSize);
    componentLists.set(state, items);
  }
  return items;
}

function projectOf(component: unknown): string | undefined {
  return str(field(field(component, "project"), "slug"));
}
