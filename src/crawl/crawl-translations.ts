import { segmentProblem, WILDCARD, type Triple } from "../config/triple.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "./http-client.js";
import { inShard, mergeProjectWork, planCrawl, usesList, type ComponentWork, type ProjectWork, type Shard } from "./plan.js";
import { RequestError } from "./request-error.js";

/** What the crawl got for one triple: a body to validate, or the error that stopped it. */
export type Fetched =
  | { triple: Triple; body: unknown; error?: undefined }
  | { triple: Triple; error: Error; body?: undefined };

export interface CrawlSettings {
  baseUrl: string;
  translations: readonly Triple[];
  pageSize: number;
  shard?: Shard;
  /** Called after each triple is settled. */
  onProgress?: (settled: number) => void;
}

/**
 * Fetches every configured translation. A component with two or more wanted languages, or a
 * wildcard, comes through its list endpoint (with the component record joined in); a single
 * translation, or one the list lacks or cannot give, through the detail endpoint. One failure
 * never stops the others: it becomes that triple's error.
 */
export async function crawlTranslations<T = Fetched>(client: HttpClient, settings: CrawlSettings, handle: (fetched: Fetched) => T = (f) => f as T): Promise<T[]> {
  const api = `${settings.baseUrl}/api`;
  const results: T[] = [];
  // Each result is handled (validated, in a crawl) as soon as it arrives, while later requests are still on the way.
  const settle = (entry: Fetched) => {
    results.push(handle(entry));
    settings.onProgress?.(results.length);
  };
  const plan = planCrawl(settings.translations);
  const work = new Map(plan.components.map((c) => [`${c.project}/${c.component}`, c]));
  const componentRecords = new Map<string, unknown>();

  await Promise.all(plan.projects.map(async (project) => {
    try {
      const components = await fetchList(client, `${api}/projects/${enc(project.project)}/components/`, settings.pageSize);
      for (const component of components) {
        const slug = (component as { slug?: unknown } | null)?.slug;
        if (typeof slug !== "string" || segmentProblem(slug)) continue;
        mergeProjectWork(work, project, slug);
        componentRecords.set(`${project.project}/${slug}`, component);
      }
    } catch (error) {
      if (!inShard(project.project, WILDCARD, settings.shard)) return;
      for (const language of projectLanguages(project)) settle({ triple: { project: project.project, component: WILDCARD, language }, error: error as Error });
    }
  }));

  const mine = [...work.values()].filter((w) => inShard(w.project, w.component, settings.shard));
  await Promise.all(mine.map(async (w) => {
    const left = usesList(w) ? await fetchThroughList(w) : w.languages;
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

  /** Settles what the component's list gives; returns the named languages it did not give. */
  async function fetchThroughList(w: ComponentWork): Promise<string[]> {
    const base = `${api}/components/${enc(w.project)}/${enc(w.component)}/`;
    let component: unknown;
    let items: unknown[];
    try {
      [component, items] = await Promise.all([
        componentRecords.get(`${w.project}/${w.component}`) ?? client.getJson(base).then((r) => r.body),
        fetchList(client, `${base}translations/`, settings.pageSize),
      ]);
    } catch (error) {
      // No list: the named languages still come one by one; "all of them" cannot.
      if (w.allLanguages) settle({ triple: { project: w.project, component: w.component, language: WILDCARD }, error: error as Error });
      return w.languages;
    }
    const found = new Set<string>();
    items.forEach((item, index) => {
      const code = languageOf(item);
      if (code === undefined || segmentProblem(code)) {
        const error = new RequestError("invalid-response", `${base}translations/`, `list item ${index} has no usable language code`);
        settle({ triple: { project: w.project, component: w.component, language: WILDCARD }, error });
        return;
      }
      const languageCode = (item as { language_code?: unknown }).language_code;
      const wanted = w.allLanguages || w.languages.includes(code) || (typeof languageCode === "string" && w.languages.includes(languageCode));
      if (!wanted || found.has(code)) return;
      found.add(code);
      if (typeof languageCode === "string") found.add(languageCode);
      settle({ triple: { project: w.project, component: w.component, language: code }, body: joinComponent(item, component) });
    });
    return w.languages.filter((l) => !found.has(l));
  }
}

function projectLanguages(project: ProjectWork): string[] {
  return [...(project.allLanguages ? [WILDCARD] : []), ...project.languages];
}

/** The language a list item is for: language.code (the path code), else language_code. */
function languageOf(item: unknown): string | undefined {
  if (item === null || typeof item !== "object") return undefined;
  const code = (item as { language?: { code?: unknown } }).language?.code;
  if (typeof code === "string") return code;
  const languageCode = (item as { language_code?: unknown }).language_code;
  return typeof languageCode === "string" ? languageCode : undefined;
}

/**
 * A list item with its component record put back where the detail endpoint has it (right after
 * `language`), so a record has the same shape, byte for byte, whichever endpoint it came from.
 */
export function joinComponent(item: unknown, component: unknown): unknown {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
  const source = item as Record<string, unknown>;
  if ("component" in source) return source;
  const out: Record<string, unknown> = {};
  if (!("language" in source)) out.component = component;
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    // A "__proto__" key from JSON.parse is data: kept as such, never made the object's prototype.
    if (key === "__proto__") Object.defineProperty(out, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else out[key] = source[key];
    if (key === "language") out.component = component;
  }
  return out;
}

const enc = (segment: string) => encodeURIComponent(segment);
