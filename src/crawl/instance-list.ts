import { WILDCARD } from "../config/triple.js";
import type { CrawlState } from "./crawl-state.js";
import { fetchList, forEachPage, wholeList } from "./fetch-list.js";
import { locate, settleItems, type Located } from "./instance-items.js";
import { inShard, type InstanceWork } from "./plan.js";
import { RequestError } from "./request-error.js";
import { InstanceNames } from "./server-names.js";
import { TripleSet } from "./triple-set.js";
import { asError } from "../model/errors.js";

// "*/*/*" and "*/*/<language>": every translation of the server from `/api/translations/`, whose
// items embed the component and its project, as the detail endpoint has them: ceil(N/1000)
// requests for N translations. Each page is settled as it arrives (into the crawl's spool), and
// only names are kept: the crawl's memory does not grow with the records of the instance.

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

/** Why the instance list could not be read whole, once it was tried this crawl. */
const failures = new WeakMap<CrawlState, Error>();
/** The instance list held whole, for the fallbacks of projects and components (below). */
const heldLists = new WeakMap<CrawlState, Promise<unknown[]>>();

/**
 * Reads the instance-wide list and settles the wanted translations of this shard; `only` keeps
 * the items of some components (a fallback for a project or component whose own list failed).
 */
export function crawlInstance(
  state: CrawlState,
  want: InstanceWork,
  only?: (project: string, component: string) => boolean,
): Promise<InstanceOutcome> {
  const failed = failures.get(state);
  if (failed) return Promise.resolve({ projects: new Set(), languages: new Map(), error: failed });
  return only ? crawlHeld(state, want, only) : crawlStreamed(state, want);
}

/**
 * The whole instance, page by page: each page's wanted items are settled before the page after
 * next is asked for. The list must come whole (fetch-list.ts: every page read, the same `count`
 * on each): a repeat of a translation across pages (the server's list shifted while it was
 * read) is settled once, and the translations must add up to the count. A list that is not
 * whole is an error: what its pages gave stays settled (real answers of the server), the rest of
 * the instance is asked for another way or carried as stale, and nothing is taken as removed.
 */
async function crawlStreamed(state: CrawlState, want: InstanceWork): Promise<InstanceOutcome> {
  const outcome: InstanceOutcome = { projects: new Set(), languages: new Map() };
  const url = state.routes.collection("translations");
  const named = new Set(want.languages);
  const seen = new TripleSet();
  const names = new InstanceNames();
  let unplaced = 0;
  try {
    const read = await forEachPage(state.client, url, state.settings.pageSize, (items, offset) => {
      const mine: Located[] = [];
      items.forEach((raw, index) => {
        const located = locate(raw);
        if (!located) {
          unplaced += 1;
          unplaceable(state, want, url, offset + index);
          return;
        }
        const { project, component, language } = located;
        if (!seen.add(`${project}\n${component}`, language)) return;
        names.add(project, component, language);
        outcome.projects.add(project);
        const key = `${project}/${component}`;
        if (state.work.has(key)) listedLanguages(outcome, key, located);
        if (isWanted(want, named, located) && inShard(project, component, state.settings.shard))
          mine.push(located);
      });
      return settleItems(state, mine);
    });
    wholeList(read, seen.size + unplaced);
  } catch (error) {
    failures.set(state, asError(error));
    return { ...outcome, error: asError(error) };
  }
  // What is missing is told from this list's names, with no other list asked (server-names.ts).
  state.names.knowInstance(names);
  return outcome;
}

/**
 * A fallback's share of the instance list (a project or component whose own list failed): the
 * list is read once a crawl and held whole, since several fallbacks may each want a share.
 */
async function crawlHeld(
  state: CrawlState,
  want: InstanceWork,
  only: (project: string, component: string) => boolean,
): Promise<InstanceOutcome> {
  const outcome: InstanceOutcome = { projects: new Set(), languages: new Map() };
  let items: unknown[];
  try {
    let held = heldLists.get(state);
    if (!held) {
      held = fetchList(
        state.client,
        state.routes.collection("translations"),
        state.settings.pageSize,
      );
      heldLists.set(state, held);
    }
    items = await held;
  } catch (error) {
    return { ...outcome, error: asError(error) };
  }
  const named = new Set(want.languages);
  const names = new InstanceNames();
  const mine: Located[] = [];
  for (const raw of items) {
    const located = locate(raw);
    // An item the list cannot place fails the whole-instance wildcard, not a fallback's scope.
    if (!located) continue;
    const { project, component, language } = located;
    names.add(project, component, language);
    if (!only(project, component)) continue;
    outcome.projects.add(project);
    listedLanguages(outcome, `${project}/${component}`, located);
    if (isWanted(want, named, located) && inShard(project, component, state.settings.shard))
      mine.push(located);
  }
  state.names.knowInstance(names);
  await settleItems(state, mine);
  return outcome;
}

function isWanted(want: InstanceWork, named: Set<string>, located: Located): boolean {
  const languageCode = located.item.language_code;
  return (
    want.allLanguages ||
    named.has(located.language) ||
    (typeof languageCode === "string" && named.has(languageCode))
  );
}

/** Notes the item's language (and its repository code) under its component. */
function listedLanguages(outcome: InstanceOutcome, key: string, located: Located): void {
  const codes = outcome.languages.get(key) ?? new Set<string>();
  outcome.languages.set(key, codes);
  codes.add(located.language);
  const languageCode = located.item.language_code;
  if (typeof languageCode === "string") codes.add(languageCode);
}

/** An item the list cannot place fails the whole-instance wildcard. */
function unplaceable(state: CrawlState, want: InstanceWork, url: string, index: number): void {
  const error = new RequestError(
    "invalid-response",
    url,
    `list item ${index} has no usable project, component or language`,
  );
  if (inShard(WILDCARD, WILDCARD, state.settings.shard))
    for (const language of wantedLanguages(want))
      state.settle({ triple: { project: WILDCARD, component: WILDCARD, language }, error });
}

export function wantedLanguages(want: InstanceWork): string[] {
  return [...(want.allLanguages ? [WILDCARD] : []), ...want.languages];
}
