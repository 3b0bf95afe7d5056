import { componentLabel, WILDCARD, type Triple } from "../config/triple.js";
import type { CrawlState } from "./crawl-state.js";
import { RequestError } from "../http/request-error.js";

// The crawl's last phase: what the server does not have, said with what it has. A failure the
// server answered 404 (a translation, a component's list, a project) was held back: it is handed
// on now with which part of the triple is not on the server and what close to it is (the lists
// are fetched only here, and only when something is missing). A wildcard with a named language
// that reached no translation at all (`p/<any>/pt_br`, `<any>/<any>/pt_br`) fails with the same
// hint, instead of leaving nothing behind; one that skipped some components is noted.

/** Settles the held failures with their explanations, and judges the wildcards by language. */
export async function finishCrawl(state: CrawlState): Promise<void> {
  const held = state.missing.splice(0);
  const failures = await Promise.all(
    held.map(async ({ triple, error }) => ({ triple, error: await explain(state, triple, error) })),
  );
  for (const failure of failures) state.settle(failure);
  // Sharded, a wildcard's other translations may be in other shards: no verdict on it here.
  if (state.settings.shard && state.settings.shard.count > 1) return;
  for (const scope of namedLanguageWildcards(state.settings.translations)) {
    if (state.hasSettled(scope.project, scope.language)) continue;
    const url =
      scope.project === WILDCARD
        ? state.routes.collection("translations")
        : state.routes.projectLanguages(scope.project);
    const where =
      scope.project === WILDCARD ? "the server" : `no component of project "${scope.project}"`;
    const said =
      (await state.names.explain(scope)) ??
      `${where} has ${scope.project === WILDCARD ? "no translation" : "a translation"} ` +
        `in "${scope.language}"`;
    state.settle({ triple: scope, error: new RequestError("not-found", url, said, 404) });
  }
  for (const [key, components] of state.skipped) {
    const [project = "", language = ""] = key.split("\n");
    if (!state.hasSettled(project, language)) continue;
    const have =
      components.length === 1 ? "1 component has" : `${components.length} components have`;
    state.settings.onNote?.(
      `${project}/*/${language}: ${have} no translation in "${language}", ` +
        `skipped: ${components.map(componentLabel).sort().join(", ")}`,
    );
  }
}

/** The error with which part of the triple the server lacks, when its lists tell. */
async function explain(state: CrawlState, triple: Triple, error: Error): Promise<Error> {
  if (!(error instanceof RequestError)) return error;
  const hint = await state.names.explain(triple);
  return hint === undefined
    ? error
    : new RequestError(error.kind, error.url, `${error.detail}; ${hint}`, error.status);
}

/** The configured wildcards that name a language: `p/<any>/de` and `<any>/<any>/de`. */
function namedLanguageWildcards(triples: readonly Triple[]): Triple[] {
  return triples.filter((t) => t.component === WILDCARD && t.language !== WILDCARD);
}
