import { setImmediate } from "node:timers/promises";
import { CATEGORY_SEPARATOR, componentPathProblem, componentSlugOf, segmentProblem, WILDCARD, type Triple } from "../config/triple.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "./http-client.js";
import { inShard, mergeProjectWork, planCrawl, usesList, type ComponentWork, type ProjectWork, type Shard } from "./plan.js";
import { RequestError } from "./request-error.js";

/**
 * Handling list items (validating them) runs in slices of about this many ms, so responses are
 * read and requests sent in between. Against 1 ms, 0.3 ms gained a little in a crawl of 100 lists
 * of 200 (six interleaved runs each: 0.81-0.88 s against 0.85-0.92 s) and lost nothing at 10 lists.
 */
const SLICE_MS = 0.3;

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
 * wildcard, comes through its list endpoint (with the component record joined in: from the
 * project's component list when two or more components of the project need one, else from the
 * component's own endpoint); a single translation, or one the list lacks or cannot give, through
 * the detail endpoint. One failure never stops the others: it becomes that triple's error.
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
  let handling: Promise<unknown> = Promise.resolve();

  await Promise.all(plan.projects.map(async (project) => {
    try {
      const components = await fetchList(client, projectComponentsUrl(project.project), settings.pageSize);
      for (const path of rememberComponents(project.project, components)) mergeProjectWork(work, project, path);
    } catch (error) {
      if (!inShard(project.project, WILDCARD, settings.shard)) return;
      for (const language of projectLanguages(project)) settle({ triple: { project: project.project, component: WILDCARD, language }, error: error as Error });
    }
  }));

  const mine = [...work.values()].filter((w) => inShard(w.project, w.component, settings.shard));
  // Two or more components of one project to fetch through their lists: their component records
  // come from the project's component list, one request instead of one each, sent beside the
  // translation lists. Should it fail, each component asks its own endpoint.
  const needed = new Map<string, number>();
  for (const w of mine) {
    if (usesList(w) && !componentRecords.has(`${w.project}/${w.component}`)) needed.set(w.project, (needed.get(w.project) ?? 0) + 1);
  }
  const projectLists = new Map<string, Promise<unknown>>();
  for (const [project, count] of needed) {
    if (count < 2) continue;
    projectLists.set(project, fetchList(client, projectComponentsUrl(project), settings.pageSize).then((components) => rememberComponents(project, components), () => undefined));
  }
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

  function projectComponentsUrl(project: string): string {
    return `${api}/projects/${enc(project)}/components/`;
  }

  /** Keeps the component records of a project's list for the join; returns their paths (slugs, or category paths). */
  function rememberComponents(project: string, components: unknown[]): string[] {
    const paths: string[] = [];
    for (const component of components) {
      const path = listedComponentPath(component);
      if (path === undefined) continue;
      paths.push(path);
      if (!componentRecords.has(`${project}/${path}`)) componentRecords.set(`${project}/${path}`, component);
    }
    return paths;
  }

  /** Settles what the component's list gives; returns the named languages it did not give. */
  async function fetchThroughList(w: ComponentWork): Promise<string[]> {
    const base = `${api}/components/${enc(w.project)}/${enc(w.component)}/`;
    let component: unknown;
    let items: unknown[];
    try {
      const record = async () => {
        await projectLists.get(w.project);
        return componentRecords.get(`${w.project}/${w.component}`) ?? (await client.getJson(base)).body;
      };
      [component, items] = await Promise.all([record(), fetchList(client, `${base}translations/`, settings.pageSize)]);
    } catch (error) {
      // No list: the named languages still come one by one; "all of them" cannot.
      if (w.allLanguages) settle({ triple: { project: w.project, component: w.component, language: WILDCARD }, error: error as Error });
      return w.languages;
    }
    // One list at a time: were several handled side by side, each would take its slice in every
    // turn of the event loop, and responses would wait that much longer to be read.
    const turn = handling.then(() => settleItems(w, base, items, component));
    handling = turn.catch(() => undefined);
    return turn;
  }

  async function settleItems(w: ComponentWork, base: string, items: unknown[], component: unknown): Promise<string[]> {
    const found = new Set<string>();
    const named = new Set(w.languages);
    let sliceStart = performance.now();
    for (let index = 0; index < items.length; index++) {
      // Handling a record (validating it) takes the main thread; between slices the event loop
      // reads the responses that have come in and sends the requests waiting for a slot.
      if (performance.now() - sliceStart >= SLICE_MS) {
        await setImmediate();
        sliceStart = performance.now();
      }
      const item = items[index];
      const code = languageOf(item);
      if (code === undefined || segmentProblem(code)) {
        const error = new RequestError("invalid-response", `${base}translations/`, `list item ${index} has no usable language code`);
        settle({ triple: { project: w.project, component: w.component, language: WILDCARD }, error });
        continue;
      }
      const languageCode = (item as { language_code?: unknown }).language_code;
      const wanted = w.allLanguages || named.has(code) || (typeof languageCode === "string" && named.has(languageCode));
      if (!wanted || found.has(code)) continue;
      found.add(code);
      if (typeof languageCode === "string") found.add(languageCode);
      settle({ triple: { project: w.project, component: w.component, language: code }, body: joinComponent(item, component) });
    }
    return w.languages.filter((l) => !found.has(l));
  }
}

/**
 * The path a listed component is asked for by: its slug, or for a component inside categories
 * (newer servers) the category slugs and its own joined by "%2F", as its own API link has them
 * (`.../api/components/<project>/docs%252Fusage/`). Undefined when it has no usable slug.
 */
export function listedComponentPath(component: unknown): string | undefined {
  if (component === null || typeof component !== "object") return undefined;
  const { slug, url } = component as { slug?: unknown; url?: unknown };
  if (typeof slug !== "string" || segmentProblem(slug)) return undefined;
  if (typeof url !== "string" || !url.includes(CATEGORY_SEPARATOR_IN_PATH)) return slug;
  const segment = /\/api\/components\/[^/?#]+\/([^/?#]+)\/(?:[?#]|$)/.exec(url)?.[1];
  if (segment === undefined) return slug;
  let path: string;
  try {
    path = decodeURIComponent(segment);
  } catch {
    return slug;
  }
  // The link must name this very component, at a usable path; else the slug is all there is.
  return componentSlugOf(path) === slug && !componentPathProblem(path) ? path : slug;
}

/** "%2F" as it appears in a link's path once encoded again. */
const CATEGORY_SEPARATOR_IN_PATH = encodeURIComponent(CATEGORY_SEPARATOR);

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
  // Items come with `language` first, as the detail endpoint has it: a spread copies the rest in
  // one go (and keeps a "__proto__" key as data), several times faster than the loop below.
  for (const first in source) {
    if (first === "language" && Object.hasOwn(source, first)) return { language: source.language, component, ...source };
    break;
  }
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
