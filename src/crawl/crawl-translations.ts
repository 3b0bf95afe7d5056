import { WeblateRoutes } from "../weblate/routes.js";
import { ComponentStatistics } from "./component-statistics.js";
import { CrawlState, type CrawlSettings } from "./crawl-state.js";
import { expandInstance, expandProjects } from "./expand-wildcards.js";
import type { Fetched } from "./fetched.js";
import { fetchComponent, fetchSharedRecords } from "./fetch-translations.js";
import { confirmRemovals } from "./confirm-removals.js";
import { finishCrawl } from "./missing.js";
import type { HttpClient } from "../http/http-client.js";

/**
 * Fetches every configured translation, in phases over one state (crawl-state.ts): wildcards are
 * expanded (the whole instance from the instance-wide list, a project's components from its
 * component list); the records many translations share are asked for; each component's
 * translations come through its list, with the component record joined in, when it has two or
 * more wanted or a wildcard; the rest, and what the lists lack, from the detail endpoint. Each
 * translation is fetched once, and one failure never stops the others: it becomes that triple's
 * error. A new endpoint is a new phase here, and its routes in weblate/routes.ts.
 */
export async function crawlTranslations(
  client: HttpClient,
  settings: CrawlSettings,
  handle: (fetched: Fetched) => void,
): Promise<void> {
  // With statistics, each body waits for its component's statistics row (one request per
  // component) before it is handled. Only the handlings still waiting are held; the first that
  // failed is thrown once the crawl is done, as the crawl without statistics throws its handler's.
  const routes = new WeblateRoutes(settings.baseUrl);
  const statistics = new ComponentStatistics(client, routes, settings.pageSize);
  const waiting = new Set<Promise<void>>();
  const failures: unknown[] = [];
  const withStatistics = (fetched: Fetched) => {
    if (fetched.body === undefined) return handle(fetched);
    const handled = statistics
      .rowFor(fetched.triple)
      .then((row) => handle(row === undefined ? fetched : { ...fetched, statistics: row }));
    waiting.add(handled);
    handled.then(
      () => waiting.delete(handled),
      (error: unknown) => {
        failures.push(error);
        waiting.delete(handled);
      },
    );
  };
  await crawl(new CrawlState(client, settings, settings.statistics ? withStatistics : handle));
  await Promise.allSettled([...waiting]);
  // A refused token or an address that is not Weblate's API ends the run in one line.
  if (client.runError) throw client.runError;
  if (failures.length > 0) throw failures[0];
}

async function crawl(state: CrawlState): Promise<void> {
  if (state.instance) await expandInstance(state, state.instance);
  await expandProjects(state);
  const components = fetchSharedRecords(state);
  await Promise.all(components.map((w) => fetchComponent(state, w)));
  await finishCrawl(state);
  await confirmRemovals(state);
}
