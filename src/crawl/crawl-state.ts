import pLimit, { type LimitFunction } from "p-limit";
import { WILDCARD, type Triple } from "../config/triple.js";
import type { Shard } from "../model/shard.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { ComponentRecords } from "./component-records.js";
import type { Fetched } from "./fetched.js";
import type { HttpClient } from "../http/http-client.js";
import { planCrawl, type ComponentWork, type InstanceWork, type ProjectWork } from "./plan.js";
import { RequestError } from "../http/request-error.js";
import { ServerNames } from "./server-names.js";
import { SliceQueue } from "./slices.js";
import { TripleSet } from "./triple-set.js";

/** Lists ahead per request slot: enough to keep every slot busy, few enough to hold little. */
const LISTS_PER_SLOT = 2;

export interface CrawlSettings {
  baseUrl: string;
  translations: readonly Triple[];
  pageSize: number;
  shard?: Shard;
  /** Each translation's row of its component's statistics joins its body (crawl.statistics). */
  statistics?: boolean;
  /** Told of what the crawl noted about the config's patterns (components a wildcard skipped). */
  onNote?: (line: string) => void;
  /** Called after each triple is settled. */
  onProgress?: (settled: number) => void;
  /**
   * The previous run's translations, read afresh on each call: what a wildcard of the whole
   * server no longer lists is asked of the server before it is taken as removed
   * (confirm-removals.ts).
   */
  previous?: () => Iterable<Triple>;
}

/**
 * What the phases of a crawl share: the plan they narrow down (wildcards expanded, work done
 * dropped), the records fetched once for many translations, and `settle`, which hands each
 * triple's outcome on exactly once.
 */
export interface CrawlState {
  readonly client: HttpClient;
  readonly routes: WeblateRoutes;
  readonly settings: CrawlSettings;
  /** Component and project records joined into list items. */
  readonly records: ComponentRecords;
  /** List items are handled (validated) one list at a time, in slices. */
  readonly queue: SliceQueue;
  /**
   * Lists being fetched or waiting to be handled, at most two per request slot: when validating is
   * slower than the server answers, fetched lists would otherwise pile up (a 100,000-translation
   * crawl held most of its records waiting), so memory stays flat at any size.
   */
  readonly lists: LimitFunction;
  /** The whole instance ("*" for project and component), when asked for. */
  readonly instance: InstanceWork | undefined;
  /** Component wildcards ("project/*") still to expand. */
  readonly projects: ProjectWork[];
  /** What is left to fetch, per "project/component path". */
  readonly work: Map<string, ComponentWork>;
  /** Components whose remaining languages no list has: asked of the detail endpoint directly. */
  readonly detailOnly: Set<string>;
  /**
   * Hands on one triple's outcome as soon as it arrives (validated, in a crawl, while later
   * requests are still on the way); a triple settled before is ignored.
   */
  settle(fetched: Fetched): void;
  /**
   * Hands on a failure, or holds it until the end of the crawl when a name the server lacks may
   * explain it (a 404: missing.ts adds what the server has instead).
   */
  fail(triple: Triple, error: Error): void;
  /** Failures held for an explanation. */
  readonly missing: { triple: Triple; error: Error }[];
  /** Translations a wildcard asked for that the server positively lacks, by "project\nlanguage". */
  readonly skipped: Map<string, string[]>;
  /** Whether a translation of `project` (any, for "*") in `language` was settled. */
  hasSettled(project: string, language: string): boolean;
  /** Whether this translation was settled. */
  isSettled(triple: Triple): boolean;
  /** The components ("project\ncomponent path") a translation of which was settled. */
  settledComponents(): Iterable<string>;
  /** The wildcards settled as failed (their previous translations are carried as stale). */
  readonly failedScopes: Triple[];
  /** What the server has, asked when something is missing. */
  readonly names: ServerNames;
}

/**
 * A fresh state for the configured triples; `handle` takes each triple's outcome as it is settled
 * (nothing of it is kept here: a million translations are a million outcomes).
 */
export function createCrawlState(
  client: HttpClient,
  settings: CrawlSettings,
  handle: (fetched: Fetched) => void,
): CrawlState {
  const routes = new WeblateRoutes(settings.baseUrl);
  const plan = planCrawl(settings.translations);
  let count = 0;
  // Per component, the languages settled, a bit each (a million translations in kilobytes).
  const settled = new TripleSet();
  const state: CrawlState = {
    client,
    routes,
    settings,
    records: new ComponentRecords(client, routes, settings.pageSize),
    queue: new SliceQueue(),
    lists: pLimit(Math.max(4, client.concurrency * LISTS_PER_SLOT)),
    instance: plan.instance,
    projects: plan.projects,
    work: new Map(plan.components.map((c) => [`${c.project}/${c.component}`, c])),
    detailOnly: new Set(),
    missing: [],
    skipped: new Map(),
    names: new ServerNames(client, routes, settings.pageSize),
    failedScopes: [],
    fail(triple, error) {
      if (error instanceof RequestError && error.status === 404)
        state.missing.push({ triple, error });
      else state.settle({ triple, error });
    },
    hasSettled(project, language) {
      return settled.hasLanguage(
        language,
        (key) => project === WILDCARD || key.startsWith(`${project}\n`),
      );
    },
    isSettled: (t) => settled.has(`${t.project}\n${t.component}`, t.language),
    settledComponents: () => settled.components(),
    settle(fetched) {
      const { project, component, language } = fetched.triple;
      if (!settled.add(`${project}\n${component}`, language)) return;
      if (fetched.error && [project, component, language].includes(WILDCARD))
        state.failedScopes.push(fetched.triple);
      handle(fetched);
      count += 1;
      settings.onProgress?.(count);
    },
  };
  return state;
}
