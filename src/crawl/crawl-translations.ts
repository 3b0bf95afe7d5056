import { WeblateRoutes } from "../weblate/routes.js";
import { ComponentStatistics } from "./component-statistics.js";
import { createCrawlState, type CrawlSettings, type CrawlState } from "./crawl-state.js";
import { expandInstance, expandProjects } from "./expand-wildcards.js";
import type { Fetched } from "./fetched.js";
import { fetchComponent, fetchSharedRecords } from "./fetch-translations.js";
import { confirmRemovals } from "./confirm-removals.js";
import { finishCrawl } from "./missing.js";
import type { HttpClient } from "./http-client.js";

export { joinComponent, joinProject, listedComponentPath } from "./join.js";
export type { CrawlSettings, Fetched };

/**
 * Fetches every configured translation, in phases over one state (crawl-state.ts): wildcards are
 * expanded (the whole instance from the instance-wide list, a project's components from its
 * component list); the records many translations share are asked for; each component's
 * translations come through its list, with the component record joined in, when it has two or
 * more wanted or a wildcard; the rest, and what the lists lack, from the detail endpoint. Each
 * translation is fetched once, and one failure never stops the others: it becomes that triple's
 * error. A new endpoint is a new phase here, and its routes in weblate/routes.ts.
 */
export async function crawlTranslations<T>(
  client: HttpClient,
  settings: CrawlSettings,
  handle: (fetched: Fetched) => T,
): Promise<T[]> {
  if (!settings.statistics) {
    const { state, results } = createCrawlState(client, settings, handle);
    await crawl(state);
    return results;
  }
  // Each body waits for its component's statistics row (one request per component) before it is
  // handled.
  const statistics = new ComponentStatistics(
    client,
    new WeblateRoutes(settings.baseUrl),
    settings.pageSize,
  );
  const { state, results } = createCrawlState(client, settings, (fetched) =>
    fetched.body === undefined
      ? Promise.resolve(handle(fetched))
      : statistics
          .rowFor(fetched.triple)
          .then((row) => handle(row === undefined ? fetched : { ...fetched, statistics: row })),
  );
  await crawl(state);
  return Promise.all(results);
}

async function crawl(state: CrawlState): Promise<void> {
  if (state.instance) await expandInstance(state, state.instance);
  await expandProjects(state);
  const components = fetchSharedRecords(state);
  await Promise.all(components.map((w) => fetchComponent(state, w)));
  await finishCrawl(state);
  await confirmRemovals(state);
}
