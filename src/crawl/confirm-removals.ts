import {
  componentPathProblem,
  covers,
  segmentProblem,
  WILDCARD,
  type Triple,
} from "../config/triple.js";
import type { CrawlState } from "./crawl-state.js";
import { inShard } from "./plan.js";
import { statusOf } from "../http/request-error.js";
import { asError } from "../model/errors.js";

// The crawl's last word on the whole server (`*/*/*`, `*/*/<language>`): a translation the
// previous run had that no list of this run gave is taken as removed only once the server says
// so. A list read whole can still lack one that is there: a translation removed before the page
// being read and another added after it, between two page requests, leave the count equal and no
// item repeated, and the one pushed onto a page already read is on no page. So each such
// translation is asked of the server, the fewest requests first: its project's record when no
// translation of the project was listed (a 404 removes all of the project's at once), else its
// component's when none of the component was, else its own detail endpoint. A 404 confirms the
// removal (nothing is settled, so the run lacks it); a translation that answers is settled as
// fetched; any other answer (an error, a timeout, the crawl's deadline) settles it as failed, so
// its last known good data is carried (stale) and the next run asks again. Requests go through
// the crawl's client: its concurrency, rate limits and deadline bound them.

/** Translations to confirm, by project, then component path: their language codes. */
type Doubts = Map<string, Map<string, string[]>>;

/** Asks the server about each translation the previous run had that this run's lists lacked. */
export async function confirmRemovals(state: CrawlState): Promise<void> {
  const doubts = impliedRemovals(state);
  if (doubts.size === 0) return;
  const components = new Set(state.settledComponents());
  const projects = new Set([...components].map((key) => key.slice(0, key.indexOf("\n"))));
  const { routes } = state;
  await Promise.all(
    [...doubts].map(async ([project, byComponent]) => {
      const triples = [...byComponent].flatMap(([component, languages]) =>
        languages.map((language) => ({ project, component, language })),
      );
      if (!projects.has(project) && (await settledBy(state, routes.project(project), triples)))
        return;
      await Promise.all(
        [...byComponent].map(async ([component, languages]) => {
          const mine = languages.map((language) => ({ project, component, language }));
          const url = routes.component(project, component);
          if (!components.has(`${project}\n${component}`) && (await settledBy(state, url, mine)))
            return;
          await Promise.all(mine.map((triple) => confirmTranslation(state, triple)));
        }),
      );
    }),
  );
}

/** The previous run's translations a whole-server wildcard covers and this run did not settle. */
function impliedRemovals(state: CrawlState): Doubts {
  const doubts: Doubts = new Map();
  const { instance, settings } = state;
  const previous = settings.previous;
  if (!instance || !previous) return doubts;
  const named = new Set(instance.languages);
  for (const t of previous()) {
    if (t.project === WILDCARD || t.component === WILDCARD || t.language === WILDCARD) continue;
    if (!instance.allLanguages && !named.has(t.language)) continue;
    // A previous site is untrusted: only slugs are asked for.
    if (segmentProblem(t.project) || componentPathProblem(t.component)) continue;
    if (segmentProblem(t.language)) continue;
    if (!inShard(t.project, t.component, settings.shard) || state.isSettled(t)) continue;
    // Under a scope that failed this run, the carry step keeps it stale anyway.
    if (state.failedScopes.some((scope) => covers(scope, t))) continue;
    const components = doubts.get(t.project) ?? new Map<string, string[]>();
    doubts.set(t.project, components);
    const languages = components.get(t.component) ?? [];
    components.set(t.component, languages);
    languages.push(t.language);
  }
  return doubts;
}

/**
 * Whether asking `url` settled the doubt about `triples`: a 404 confirms their removal, another
 * failure settles them as failed; an answer leaves them to be asked one level down.
 */
async function settledBy(state: CrawlState, url: string, triples: Triple[]): Promise<boolean> {
  try {
    await state.client.getJson(url);
    return false;
  } catch (error) {
    if (statusOf(error) !== 404)
      for (const triple of triples) state.settle({ triple, error: asError(error) });
    return true;
  }
}

async function confirmTranslation(state: CrawlState, triple: Triple): Promise<void> {
  const fetched = await state.client.getJson(state.routes.translation(triple)).then(
    ({ body }) => ({ triple, body }),
    (error: Error) => ({ triple, error }),
  );
  if ("error" in fetched && statusOf(fetched.error) === 404) return;
  state.settle(fetched);
}
