import { segmentProblem, WILDCARD, type Triple } from "../config/triple.js";
import type { CrawlState } from "./crawl-state.js";
import { fetchList } from "./fetch-list.js";
import type { Fetched } from "./fetched.js";
import { crawlInstance } from "./instance-list.js";
import { fallbackNote } from "./list-fallbacks.js";
import { joinComponent, languageCodeOf } from "./join.js";
import { inShard, usesList, type ComponentWork } from "./plan.js";
import { isRefused, RequestError, statusOf } from "../http/request-error.js";
import { field } from "../model/json.js";
import { asError } from "../model/errors.js";

// The phases after the wildcards: the records many translations share are asked for first, then
// each component's translations come through its list, and what no list gave through the
// detail endpoint, one request per translation.

/**
 * Whether a component's translations come through its list (all of them, or two or more, that a
 * list can still give).
 */
function throughList(state: CrawlState, w: ComponentWork): boolean {
  return usesList(w) && !state.detailOnly.has(`${w.project}/${w.component}`);
}

/**
 * Starts the requests for the records the lists of this shard's components will need; returns
 * those components. Two or more components of one project to fetch through their lists: their
 * component records come from the project's component list, one request instead of one each,
 * sent beside the translation lists (with the project record, which that list leaves out).
 * Should it fail, each component asks its own endpoint.
 */
export function fetchSharedRecords(state: CrawlState): ComponentWork[] {
  const { records } = state;
  const mine = [...state.work.values()].filter((w) =>
    inShard(w.project, w.component, state.settings.shard),
  );
  const needed = new Map<string, number>();
  for (const w of mine) {
    if (throughList(state, w) && !records.has(w.project, w.component))
      needed.set(w.project, (needed.get(w.project) ?? 0) + 1);
  }
  for (const [project, count] of needed) if (count >= 2) records.loadProjectList(project);
  for (const w of mine)
    if (throughList(state, w)) records.prefetchProjectFor(w.project, w.component);
  return mine;
}

/** A component's translations: through its list where that pays, then what is left one by one. */
export async function fetchComponent(state: CrawlState, w: ComponentWork): Promise<void> {
  const left = throughList(state, w) ? await state.lists(() => fetchThroughList(state, w)) : null;
  await fetchDetails(state, w, left ?? w.languages);
}

/** Settles what the component's list gives; returns the languages left for the detail endpoint. */
async function fetchThroughList(state: CrawlState, w: ComponentWork): Promise<string[]> {
  const listUrl = state.routes.componentTranslations(w.project, w.component);
  const component = state.records.componentFor(w.project, w.component).then(
    (record) => ({ record }),
    (error: Error) => ({ error }),
  );
  let items: unknown[];
  try {
    items = await fetchList(state.client, listUrl, state.settings.pageSize);
  } catch (error) {
    // No list: the named languages still come one by one; "all of them" another way, if any.
    if (w.allLanguages) await allWithoutList(state, w, asError(error), await component);
    return w.languages;
  }
  const joined = await component;
  // No component record anywhere: the translations the list names come one by one from the detail
  // endpoint.
  const join =
    "record" in joined ? (item: unknown) => joinComponent(item, joined.record) : undefined;
  const list = listItems(state, w, listUrl, join);
  return state.queue.run(items, list.each, list.left);
}

/**
 * Settles each wanted item of a component's list; `left` names the languages then still to fetch.
 */
function listItems(
  state: CrawlState,
  w: ComponentWork,
  listUrl: string,
  join: ((item: unknown) => unknown) | undefined,
) {
  const named = new Set(w.languages);
  const found = new Set<string>();
  const viaDetail: string[] = [];
  const each = (item: unknown, index: number) => {
    const code = languageCodeOf(item);
    if (code === undefined || segmentProblem(code)) {
      const error = new RequestError(
        "invalid-response",
        listUrl,
        `list item ${index} has no usable language code`,
      );
      state.settle({
        triple: { project: w.project, component: w.component, language: WILDCARD },
        error,
      });
      return;
    }
    const languageCode = field(item, "language_code");
    const wanted =
      w.allLanguages ||
      named.has(code) ||
      (typeof languageCode === "string" && named.has(languageCode));
    if (!wanted || found.has(code)) return;
    found.add(code);
    if (typeof languageCode === "string") found.add(languageCode);
    if (join)
      state.settle({
        triple: { project: w.project, component: w.component, language: code },
        body: join(item),
      });
    else viaDetail.push(code);
  };
  return {
    each,
    left: () => {
      // What the whole list lacks and only a wildcard asked for, the server does not have.
      const lacking = w.languages.filter((l) => !found.has(l));
      for (const language of lacking.filter((l) => w.optional?.includes(l)))
        skip(state, { project: w.project, component: w.component, language });
      return [...viaDetail, ...lacking.filter((l) => !w.optional?.includes(l))];
    },
  };
}

/**
 * A component's translations when its own list failed: with the list refused or missing (403,
 * 404) while the component exists, from the instance-wide list; else the wildcard fails (as a
 * missing name, when the component is not there).
 */
async function allWithoutList(
  state: CrawlState,
  w: ComponentWork,
  error: Error,
  component: { record: unknown } | { error: Error },
): Promise<void> {
  const key = `${w.project}/${w.component}`;
  const gone = "error" in component && statusOf(component.error) === 404 ? component.error : null;
  if (!gone && isRefused(error)) {
    const only = (project: string, path: string) => project === w.project && path === w.component;
    const outcome = await crawlInstance(state, { allLanguages: true, languages: [] }, only);
    if (!outcome.error && outcome.languages.has(key)) {
      state.settings.onNote?.(fallbackNote(key, "translation", error, "translations"));
      return;
    }
  }
  state.fail({ project: w.project, component: w.component, language: WILDCARD }, gone ?? error);
}

/** A translation a wildcard asked for that the server positively lacks: skipped, with a note. */
function skip(state: CrawlState, triple: Triple): void {
  const key = `${triple.project}\n${triple.language}`;
  state.skipped.set(key, [...(state.skipped.get(key) ?? []), triple.component]);
}

/** The last phase: one request per translation, for what no list gave. */
async function fetchDetails(
  state: CrawlState,
  w: ComponentWork,
  languages: readonly string[],
): Promise<void> {
  await Promise.all(
    languages.map(async (language) => {
      const triple = { project: w.project, component: w.component, language };
      // Settled outside the try: what handling the result throws (a spool that cannot be written)
      // stops the crawl, not this translation.
      const fetched: Fetched = await state.client.getJson(state.routes.translation(triple)).then(
        ({ body }) => ({ triple, body }),
        (error: Error) => ({ triple, error }),
      );
      if (fetched.error === undefined) state.settle(fetched);
      // A component without a translation a wildcard asked for: skipped, not failed.
      else if (w.optional?.includes(language) && statusOf(fetched.error) === 404)
        skip(state, triple);
      else state.fail(triple, fetched.error);
    }),
  );
}
