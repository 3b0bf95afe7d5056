import { componentPathProblem, segmentProblem } from "../config/triple.js";
import { translationOfLink } from "../weblate/routes.js";
import type { CrawlState } from "./crawl-state.js";
import type { InstanceWork } from "./plan.js";
import { hasProject, joinProject, languageOf, listedComponentPath, sameJson } from "./join.js";
import { field, isJson, type Json } from "../model/json.js";

// The items of the instance-wide list (`/api/translations/`): where each belongs, and how the
// wanted ones are settled with their component (and its project) joined in as the detail
// endpoint has them, a page (or a whole list) at a time.

/** What reading the instance list (or a fallback's share of it) found. */
export interface InstanceOutcome {
  /** Why the list could not be read; the caller falls back to the per-project endpoints. */
  error?: Error;
  /** Projects the list holds translations of (every shard's). */
  projects: Set<string>;
  /**
   * Per "project/component path" the crawl also has other work for (or the fallback's scope): the
   * language codes (and repository codes) the list holds.
   */
  languages: Map<string, Set<string>>;
}

/** An item of the instance list with the names it belongs under. */
export interface Located {
  item: Json;
  project: string;
  component: string;
  language: string;
}

/**
 * Settles the located items, each with its component (and that component's project) joined as the
 * detail endpoint has it.
 */
export async function settleItems(state: CrawlState, mine: Located[]): Promise<void> {
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

/**
 * Where an item of the instance list belongs: its component's project and path and its language,
 * from the objects it embeds, else from its own API link (`/api/translations/<p>/<c>/<l>/`).
 */
export function locate(raw: unknown): Located | undefined {
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

/** Whether the work wants the item's language (by its code or its repository code). */
export function isWanted(want: InstanceWork, named: Set<string>, located: Located): boolean {
  const languageCode = located.item.language_code;
  return (
    want.allLanguages ||
    named.has(located.language) ||
    (typeof languageCode === "string" && named.has(languageCode))
  );
}

/** Notes the item's language (and its repository code) under its component. */
export function listedLanguages(outcome: InstanceOutcome, key: string, located: Located): void {
  const codes = outcome.languages.get(key) ?? new Set<string>();
  outcome.languages.set(key, codes);
  codes.add(located.language);
  const languageCode = located.item.language_code;
  if (typeof languageCode === "string") codes.add(languageCode);
}
