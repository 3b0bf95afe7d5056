import { segmentProblem, tripleKey, WILDCARD, type Triple } from "../config/triple.js";
import { ComponentRecords } from "./component-records.js";
import type { Fetched } from "./fetched.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "./http-client.js";
import { crawlInstance, wantedLanguages } from "./instance-list.js";
import { joinComponent, languageOf } from "./join.js";
import { addProjectWork, inShard, mergeProjectWork, planCrawl, usesList, type ComponentWork, type InstanceWork, type Shard } from "./plan.js";
import { RequestError } from "./request-error.js";
import { SliceQueue } from "./slices.js";

export { joinComponent, joinProject, listedComponentPath } from "./join.js";

export type { Fetched };

export interface CrawlSettings {
  baseUrl: string;
  translations: readonly Triple[];
  pageSize: number;
  shard?: Shard;
  /** Called after each triple is settled. */
  onProgress?: (settled: number) => void;
}

/**
 * Fetches every configured translation. The whole instance ("*" for project and component) comes
 * from the instance-wide list. A component with two or more wanted languages, or a wildcard,
 * comes through its list endpoint, with the component record joined in (from the project's
 * component list, with the project record joined into that, when two or more components of the
 * project need one; else from the component's own endpoint); a single translation, or one the
 * lists lack or cannot give, through the detail endpoint. Each translation is fetched once, and
 * one failure never stops the others: it becomes that triple's error.
 */
export async function crawlTranslations<T = Fetched>(client: HttpClient, settings: CrawlSettings, handle: (fetched: Fetched) => T = (f) => f as T): Promise<T[]> {
  const api = `${settings.baseUrl}/api`;
  const results: T[] = [];
  const settled = new Set<string>();
  // Each result is handled (validated, in a crawl) as soon as it arrives, while later requests are still on the way.
  const settle = (entry: Fetched) => {
    const key = tripleKey(entry.triple);
    if (settled.has(key)) return;
    settled.add(key);
    results.push(handle(entry));
    settings.onProgress?.(results.length);
  };
  const plan = planCrawl(settings.translations);
  const work = new Map(plan.components.map((c) => [`${c.project}/${c.component}`, c]));
  const projects = plan.projects;
  const records = new ComponentRecords(client, api, settings.pageSize);
  const queue = new SliceQueue();
  /** Components whose remaining languages the instance list lacks: asked of the detail endpoint directly. */
  const detailOnly = new Set<string>();

  if (plan.instance) await crawlWholeInstance(plan.instance);

  await Promise.all(projects.map(async (project) => {
    try {
      const components = await fetchList(client, `${api}/projects/${enc(project.project)}/components/`, settings.pageSize);
      for (const path of records.remember(project.project, components)) mergeProjectWork(work, project, path);
    } catch (error) {
      if (!inShard(project.project, WILDCARD, settings.shard)) return;
      for (const language of wantedLanguages(project)) settle({ triple: { project: project.project, component: WILDCARD, language }, error: error as Error });
    }
  }));

  const mine = [...work.values()].filter((w) => inShard(w.project, w.component, settings.shard));
  const throughList = (w: ComponentWork) => usesList(w) && !detailOnly.has(`${w.project}/${w.component}`);
  // Two or more components of one project to fetch through their lists: their component records
  // come from the project's component list, one request instead of one each, sent beside the
  // translation lists (with the project record, which that list leaves out). Should it fail,
  // each component asks its own endpoint.
  const needed = new Map<string, number>();
  for (const w of mine) {
    if (throughList(w) && !records.has(w.project, w.component)) needed.set(w.project, (needed.get(w.project) ?? 0) + 1);
  }
  for (const [project, count] of needed) if (count >= 2) records.loadProjectList(project);
  for (const w of mine) if (throughList(w)) records.prefetchProjectFor(w.project, w.component);

  await Promise.all(mine.map(async (w) => {
    const left = throughList(w) ? await fetchThroughList(w) : w.languages;
    await Promise.all(left.map(async (language) => {
      const triple = { project: w.project, component: w.component, language };
      try {
        const { body } = await client.getJson(`${api}/translations/${enc(w.project)}/${enc(w.component)}/${enc(language)}/`);
        settle({ triple, body });
      } catch (error) {
        settle({ triple, error: error as Error });
      }
    }));
  }));
  return results;

  /**
   * Settles what the instance-wide list gives and drops the work it covered. Should the list not
   * be readable, every listed project is crawled as "project/*" instead.
   */
  async function crawlWholeInstance(want: InstanceWork): Promise<void> {
    const outcome = await crawlInstance({ client, api, pageSize: settings.pageSize, shard: settings.shard, want, records, queue, settle });
    if (outcome.error) {
      try {
        const listed = await fetchList(client, `${api}/projects/`, settings.pageSize);
        for (const project of listed) {
          const slug = (project as { slug?: unknown } | null)?.slug;
          if (typeof slug === "string" && !segmentProblem(slug)) addProjectWork(projects, slug, want);
        }
      } catch {
        if (!inShard(WILDCARD, WILDCARD, settings.shard)) return;
        for (const language of wantedLanguages(want)) settle({ triple: { project: WILDCARD, component: WILDCARD, language }, error: outcome.error });
      }
      return;
    }
    const covers = (languages: { allLanguages: boolean; languages: string[] }) => want.allLanguages || (!languages.allLanguages && languages.languages.every((l) => want.languages.includes(l)));
    for (let i = projects.length - 1; i >= 0; i--) {
      if (outcome.projects.has(projects[i]!.project) && covers(projects[i]!)) projects.splice(i, 1);
    }
    for (const [key, w] of work) {
      const listed = outcome.languages.get(key);
      if (!listed) continue;
      w.languages = w.languages.filter((l) => !listed.has(l));
      if (!want.allLanguages) continue;
      // The list holds every translation of this component: what it lacks, no other list has.
      w.allLanguages = false;
      detailOnly.add(key);
      if (w.languages.length === 0) work.delete(key);
    }
  }

  /** Settles what the component's list gives; returns the languages left for the detail endpoint. */
  async function fetchThroughList(w: ComponentWork): Promise<string[]> {
    const base = `${api}/components/${enc(w.project)}/${enc(w.component)}/`;
    const component = records.componentFor(w.project, w.component).then((record) => ({ record }), (error: Error) => ({ error }));
    let items: unknown[];
    try {
      items = await fetchList(client, `${base}translations/`, settings.pageSize);
    } catch (error) {
      // No list: the named languages still come one by one; "all of them" cannot.
      if (w.allLanguages) settle({ triple: { project: w.project, component: w.component, language: WILDCARD }, error: error as Error });
      return w.languages;
    }
    const joined = await component;
    // No component record anywhere: the translations the list names come one by one from the detail endpoint.
    const join = "record" in joined ? (item: unknown) => joinComponent(item, joined.record) : undefined;
    const list = listItems(w, base, join);
    return queue.run(items, list.each, list.left);
  }

  /** Settles each wanted item of a component's list; `left` names the languages then still to fetch. */
  function listItems(w: ComponentWork, base: string, join: ((item: unknown) => unknown) | undefined) {
    const named = new Set(w.languages);
    const found = new Set<string>();
    const viaDetail: string[] = [];
    const each = (item: unknown, index: number) => {
      const code = languageOf(item);
      if (code === undefined || segmentProblem(code)) {
        const error = new RequestError("invalid-response", `${base}translations/`, `list item ${index} has no usable language code`);
        settle({ triple: { project: w.project, component: w.component, language: WILDCARD }, error });
        return;
      }
      const languageCode = (item as { language_code?: unknown }).language_code;
      const wanted = w.allLanguages || named.has(code) || (typeof languageCode === "string" && named.has(languageCode));
      if (!wanted || found.has(code)) return;
      found.add(code);
      if (typeof languageCode === "string") found.add(languageCode);
      if (join) settle({ triple: { project: w.project, component: w.component, language: code }, body: join(item) });
      else viaDetail.push(code);
    };
    return { each, left: () => [...viaDetail, ...w.languages.filter((l) => !found.has(l))] };
  }
}

const enc = (segment: string) => encodeURIComponent(segment);
