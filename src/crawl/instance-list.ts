import { WILDCARD } from "../config/triple.js";
import type { CrawlState } from "./crawl-state.js";
import { isWanted, listedLanguages, type InstanceOutcome } from "./instance-items.js";
import { crawlShare, instanceFailure, readInstance } from "./instance-shares.js";
import { inShard, type InstanceWork } from "./plan.js";
import { RequestError } from "../http/request-error.js";

export type { InstanceOutcome };
import { asError } from "../model/errors.js";

// "*/*/*" and "*/*/<language>": every translation of the server from `/api/translations/`, whose
// items embed the component and its project, as the detail endpoint has them: ceil(N/1000)
// requests for N translations. Each page is settled as it arrives (into the crawl's spool), and
// only names are kept: the crawl's memory does not grow with the records of the instance.

/**
 * Reads the instance-wide list and settles the wanted translations of this shard; `only` keeps
 * the items of some components (a fallback for a project or component whose own list failed).
 */
export function crawlInstance(
  state: CrawlState,
  want: InstanceWork,
  only?: (project: string, component: string) => boolean,
): Promise<InstanceOutcome> {
  const failed = instanceFailure(state);
  if (failed) return Promise.resolve({ projects: new Set(), languages: new Map(), error: failed });
  return only ? crawlShare(state, want, only) : crawlStreamed(state, want);
}

/**
 * The whole instance, page by page: each page's wanted items are settled while the pages after it
 * are on their way (fetch-list.ts asks a few ahead). A list that is not whole is an error: what its
 * pages gave stays settled (real answers of the server), the rest of the instance is asked for
 * another way or carried as stale, and nothing is taken as removed. A list whole by its count can
 * still lack a translation (one removed and one added on either side of the page being read):
 * what the previous run had and no list gave is asked of the server before it counts as removed
 * (confirm-removals.ts).
 */
async function crawlStreamed(state: CrawlState, want: InstanceWork): Promise<InstanceOutcome> {
  const outcome: InstanceOutcome = { projects: new Set(), languages: new Map() };
  const named = new Set(want.languages);
  try {
    await readInstance(
      state,
      (located) => {
        const key = `${located.project}/${located.component}`;
        outcome.projects.add(located.project);
        if (state.work.has(key)) listedLanguages(outcome, key, located);
        return isWanted(want, named, located);
      },
      (url, index) => unplaceable(state, want, url, index),
    );
  } catch (error) {
    return { ...outcome, error: asError(error) };
  }
  return outcome;
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
