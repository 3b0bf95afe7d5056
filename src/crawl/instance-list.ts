import { componentPathProblem, segmentProblem, WILDCARD } from "../config/triple.js";
import { translationOfLink } from "../weblate/routes.js";
import type { CrawlState } from "./crawl-state.js";
import { fetchList } from "./fetch-list.js";
import { hasProject, joinProject, languageOf, listedComponentPath, sameJson } from "./join.js";
import { inShard, type InstanceWork } from "./plan.js";
import { RequestError } from "./request-error.js";
import { field, isJson, type Json } from "../model/json.js";
import { asError } from "../model/errors.js";

// "*/*/*" and "*/*/<language>": every translation of the server from `/api/translations/`, whose
// items embed the component and its project, as the detail endpoint has them: ceil(N/1000)
// requests for N translations.

export interface InstanceOutcome {
  /** Why the list could not be read; the caller falls back to the per-project endpoints. */
  error?: Error;
  /** Projects the list holds translations of (every shard's). */
  projects: Set<string>;
  /** Per "project/component path": the language codes (and repository codes) the list holds. */
  languages: Map<string, Set<string>>;
}

interface Located {
  item: Json;
  project: string;
  component: string;
  language: string;
}

/** The instance-wide list, fetched once a crawl (the wildcard's, or a fallback's). */
const instanceLists = new WeakMap<CrawlState, Promise<unknown[]>>();
export function instanceItems(state: CrawlState): Promise<unknown[]> {
  let items = instanceLists.get(state);
  if (!items) {
    items = fetchList(
      state.client,
      state.routes.collection("translations"),
      state.settings.pageSize,
    );
    instanceLists.set(state, items);
  }
  return items;
}

/**
 * Reads the instance-wide list and settles the wanted translations of this shard; `only` keeps
 * the items of some components (a fallback for a project or component whose own list failed).
 */
export async function crawlInstance(
  state: CrawlState,
  want: InstanceWork,
  only?: (project: string, component: string) => boolean,
): Promise<InstanceOutcome> {
  const outcome: InstanceOutcome = { projects: new Set(), languages: new Map() };
  const url = state.routes.collection("translations");
  let items: unknown[];
  try {
    items = await instanceItems(state);
  } catch (error) {
    return { ...outcome, error: asError(error) };
  }
  const named = new Set(want.languages);
  const mine: Located[] = [];
  const everyone: Located[] = [];
  items.forEach((raw, index) => {
    const located = locate(raw);
    if (!located) {
      // An item the list cannot place fails the whole-instance wildcard, not a fallback's scope.
      if (only) return;
      const error = new RequestError(
        "invalid-response",
        url,
        `list item ${index} has no usable project, component or language`,
      );
      if (inShard(WILDCARD, WILDCARD, state.settings.shard))
        for (const language of wantedLanguages(want))
          state.settle({ triple: { project: WILDCARD, component: WILDCARD, language }, error });
      return;
    }
    everyone.push(located);
    const { item, project, component, language } = located;
    if (only && !only(project, component)) return;
    outcome.projects.add(project);
    const codes = outcome.languages.get(`${project}/${component}`) ?? new Set<string>();
    outcome.languages.set(`${project}/${component}`, codes);
    codes.add(language);
    const languageCode = item.language_code;
    if (typeof languageCode === "string") codes.add(languageCode);
    const wanted =
      want.allLanguages ||
      named.has(language) ||
      (typeof languageCode === "string" && named.has(languageCode));
    if (wanted && inShard(project, component, state.settings.shard)) mine.push(located);
  });
  // What is missing is told from this list's names, with no other list asked (server-names.ts).
  state.names.knowInstance(everyone);
  await settleItems(state, mine);
  return outcome;
}

/**
 * Settles the located items, each with its component (and that component's project) joined as the
 * detail endpoint has it.
 */
async function settleItems(state: CrawlState, mine: Located[]): Promise<void> {
  // Older servers embed a shorter component, maybe without its project: the project record joins
  // in.
  const lacking = new Set(mine.filter((m) => !hasProject(m.item.component)).map((m) => m.project));
  await Promise.all([...lacking].map((project) => state.records.projectRecord(project)));
  const projects = new Map<string, unknown>();
  for (const project of lacking) projects.set(project, await state.records.projectRecord(project));
  // ...and a shorter component than the detail endpoint's: the whole record joins in instead (from
  // the project's component list, one request a project), so a translation has the same record,
  // and the same verdict, whichever way it came.
  const whole = await wholeComponents(state, mine);

  // Equal components become one object, so validation checks each component once, as it does for a
  // component's list.
  const shared = new Map<string, { raw: unknown; joined: unknown }>();
  await state.queue.run(
    mine,
    (entry) => {
      const { item, project, component, language } = entry;
      const key = `${project}/${component}`;
      let known = shared.get(key);
      if (!known || !sameJson(known.raw, item.component)) {
        const full = whole.get(key);
        const joined =
          full !== undefined
            ? full
            : hasProject(item.component) || projects.get(project) === undefined
              ? item.component
              : joinProject(item.component, projects.get(project));
        known = { raw: item.component, joined };
        shared.set(key, known);
      }
      state.settle({
        triple: { project, component, language },
        body: known.joined === item.component ? item : { ...item, component: known.joined },
      });
    },
    () => undefined,
  );
}

/**
 * The whole component records, by "project/component path", of the items whose embedded component
 * is shorter than the detail endpoint's (it lacks `translations_url`, which every whole component
 * record has); a component whose record cannot be had keeps what the list gave.
 */
async function wholeComponents(state: CrawlState, mine: Located[]): Promise<Map<string, unknown>> {
  const short = new Map<string, Located>();
  for (const m of mine) {
    const component = m.item.component;
    if (component === null || typeof component !== "object" || "translations_url" in component)
      continue;
    short.set(`${m.project}/${m.component}`, m);
    // Its project, when it carries one, spares the project's own request.
    state.records.keepProjectOf(m.project, component);
  }
  for (const project of new Set([...short.values()].map((m) => m.project)))
    state.records.loadProjectList(project);
  const out = new Map<string, unknown>();
  await Promise.all(
    [...short].map(async ([key, m]) => {
      const record = await state.records
        .componentFor(m.project, m.component)
        .catch(() => undefined);
      if (record !== null && typeof record === "object" && "translations_url" in record)
        out.set(key, record);
    }),
  );
  return out;
}

export function wantedLanguages(want: InstanceWork): string[] {
  return [...(want.allLanguages ? [WILDCARD] : []), ...want.languages];
}

/**
 * Where an item of the instance list belongs: its component's project and path and its language,
 * from the objects it embeds, else from its own API link (`/api/translations/<p>/<c>/<l>/`).
 */
function locate(raw: unknown): Located | undefined {
  if (!isJson(raw)) return undefined;
  const item = raw;
  const link = translationOfLink(item.url);
  const component = item.component;
  const projectSlug = field(field(component, "project"), "slug");
  const project = typeof projectSlug === "string" ? projectSlug : link?.project;
  const path = listedComponentPath(component) ?? link?.component;
  const language = languageOf(item) ?? link?.language;
  if (project === undefined || path === undefined || language === undefined) return undefined;
  if (segmentProblem(project) || componentPathProblem(path) || segmentProblem(language))
    return undefined;
  return { item, project, component: path, language };
}
