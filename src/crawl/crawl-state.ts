import pLimit from "p-limit";
import { WILDCARD, type Triple } from "../config/triple.js";
import type { Shard } from "../model/shard.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { ComponentRecords } from "./component-records.js";
import type { Fetched } from "./fetched.js";
import type { HttpClient } from "../http/http-client.js";
import { planCrawl, type ComponentWork } from "./plan.js";
import { statusOf } from "../http/request-error.js";
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
 * triple's outcome on exactly once. `handle` takes each outcome as it is settled (nothing of it
 * is kept here: a million translations are a million outcomes).
 */
export class CrawlState {
  readonly routes: WeblateRoutes;
  readonly records: ComponentRecords;
  /** List items are handled (validated) one list at a time, in slices. */
  readonly queue = new SliceQueue();
  /**
   * Lists being fetched or waiting to be handled, at most two per request slot: when validating is
   * slower than the server answers, fetched lists would otherwise pile up, so memory stays flat.
   */
  readonly lists;
  readonly instance;
  /** Component wildcards ("project/*") still to expand. */
  readonly projects;
  /** What is left to fetch, per "project/component path". */
  readonly work: Map<string, ComponentWork>;
  /** Components whose remaining languages no list has: asked of the detail endpoint directly. */
  readonly detailOnly = new Set<string>();
  /** Failures held until the end, when a name the server lacks may explain them (missing.ts). */
  readonly missing: { triple: Triple; error: Error }[] = [];
  /** Translations a wildcard asked for that the server positively lacks, by "project\nlanguage". */
  readonly skipped = new Map<string, string[]>();
  /** The wildcards settled as failed (their previous translations are carried as stale). */
  readonly failedScopes: Triple[] = [];
  /** What the server has, asked when something is missing. */
  readonly names: ServerNames;
  /** Why the instance list could not be read whole, once tried: later reads are not tried. */
  instanceError: Error | undefined;
  /** Per component, the languages settled. */
  private readonly settled = new TripleSet();

  constructor(
    readonly client: HttpClient,
    readonly settings: CrawlSettings,
    private readonly handle: (fetched: Fetched) => void,
  ) {
    this.routes = new WeblateRoutes(settings.baseUrl);
    const plan = planCrawl(settings.translations);
    this.instance = plan.instance;
    this.projects = plan.projects;
    this.work = new Map(plan.components.map((c) => [`${c.project}/${c.component}`, c]));
    this.records = new ComponentRecords(client, this.routes, settings.pageSize);
    this.names = new ServerNames(client, this.routes, settings.pageSize);
    this.lists = pLimit(Math.max(4, client.concurrency * LISTS_PER_SLOT));
  }

  /** Hands on one triple's outcome as soon as it arrives; a triple settled before is ignored. */
  settle(fetched: Fetched): void {
    const { project, component, language } = fetched.triple;
    if (!this.settled.add(`${project}\n${component}`, language)) return;
    if (fetched.error && [project, component, language].includes(WILDCARD))
      this.failedScopes.push(fetched.triple);
    this.handle(fetched);
    this.settings.onProgress?.(this.settled.size);
  }

  /** Hands on a failure, or holds a 404 until missing.ts adds what the server has instead. */
  fail(triple: Triple, error: Error): void {
    if (statusOf(error) === 404) this.missing.push({ triple, error });
    else this.settle({ triple, error });
  }

  /** Whether a translation of `project` (any, for "*") in `language` was settled. */
  hasSettled(project: string, language: string): boolean {
    return this.settled.hasLanguage(
      language,
      (key) => project === WILDCARD || key.startsWith(`${project}\n`),
    );
  }

  isSettled(t: Triple): boolean {
    return this.settled.has(`${t.project}\n${t.component}`, t.language);
  }

  /** The components ("project\ncomponent path") a translation of which was settled. */
  settledComponents(): Iterable<string> {
    return this.settled.components();
  }
}
