import { setImmediate } from "node:timers/promises";
import type { CrawlState } from "./crawl-state.js";
import { forEachPage, wholeList } from "./fetch-list.js";
import {
  isWanted,
  listedLanguages,
  locate,
  settleItems,
  type InstanceOutcome,
  type Located,
} from "./instance-items.js";
import { inShard, type InstanceWork } from "./plan.js";
import { InstanceNames } from "./server-names.js";
import { TripleSet } from "./triple-set.js";
import { asError } from "../model/errors.js";

// The fallbacks' shares of the instance list (a project or component whose own list was refused
// reaches its translations through `/api/translations/`): the fallbacks waiting when a read
// starts share one read of the list, page by page, each page's items settled for the shares
// that want them as it arrives, so nothing holds the list whole. Fallbacks that come while a
// read runs share the next one (in practice the refusals come together: one read, or two).

/** Why the instance list could not be read whole, once it was tried this crawl. */
const failures = new WeakMap<CrawlState, Error>();

/** The instance list's failure this crawl, if it had one; later reads are not tried. */
export function instanceFailure(state: CrawlState): Error | undefined {
  return failures.get(state);
}

interface Share {
  want: InstanceWork;
  named: Set<string>;
  only: (project: string, component: string) => boolean;
  outcome: InstanceOutcome;
  done: (outcome: InstanceOutcome) => void;
}

interface Reads {
  waiting: Share[];
  running: boolean;
}

const reads = new WeakMap<CrawlState, Reads>();

/** A fallback's share of the instance list: the items of the components `only` keeps. */
export function crawlShare(
  state: CrawlState,
  want: InstanceWork,
  only: (project: string, component: string) => boolean,
): Promise<InstanceOutcome> {
  let shared = reads.get(state);
  if (!shared) {
    shared = { waiting: [], running: false };
    reads.set(state, shared);
  }
  const queue = shared;
  return new Promise((done) => {
    const outcome: InstanceOutcome = { projects: new Set(), languages: new Map() };
    queue.waiting.push({ want, named: new Set(want.languages), only, outcome, done });
    if (!queue.running)
      readForWaiting(state, queue).catch((failure: unknown) => {
        // Not the list's failure (a spool that cannot be written): every waiting share is told.
        queue.running = false;
        for (const share of queue.waiting.splice(0))
          share.done({ ...share.outcome, error: asError(failure) });
      });
  });
}

async function readForWaiting(state: CrawlState, queue: Reads): Promise<void> {
  queue.running = true;
  // The fallbacks refused in the same turn share the first read.
  await setImmediate();
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0);
    const failed = failures.get(state);
    if (failed) for (const share of batch) share.done({ ...share.outcome, error: failed });
    else await readShares(state, batch);
  }
  queue.running = false;
}

/** One read of the instance list for `batch`, page by page; each share told its outcome. */
async function readShares(state: CrawlState, batch: Share[]): Promise<void> {
  try {
    await readInstance(state, (located) => {
      const { project, component } = located;
      let wanted = false;
      for (const share of batch) {
        if (!share.only(project, component)) continue;
        share.outcome.projects.add(project);
        listedLanguages(share.outcome, `${project}/${component}`, located);
        wanted ||= isWanted(share.want, share.named, located);
      }
      return wanted;
    });
  } catch (error) {
    for (const share of batch) share.done({ ...share.outcome, error: asError(error) });
    return;
  }
  for (const share of batch) share.done(share.outcome);
}

/**
 * Reads the instance list whole, page by page, each distinct item `wanted` (told once) settled
 * with its page when in this shard. The list must come whole (fetch-list.ts: every page read, the
 * same `count` on each): a repeat of a translation across pages (the server's list shifted while
 * it was read) is settled once, and the translations must add up to the count; else it throws,
 * and later reads are not tried this crawl. `unplaced`: an item the list cannot place (its index).
 * What is missing is then told from the list's names, with no other list asked (server-names.ts).
 */
export async function readInstance(
  state: CrawlState,
  wanted: (located: Located) => boolean,
  unplaced?: (url: string, index: number) => void,
): Promise<void> {
  const seen = new TripleSet();
  const names = new InstanceNames();
  let unplaceable = 0;
  try {
    const url = state.routes.collection("translations");
    const read = await forEachPage(state.client, url, state.settings.pageSize, (items, offset) => {
      const mine: Located[] = [];
      items.forEach((raw, index) => {
        const located = locate(raw);
        if (!located) {
          unplaceable += 1;
          unplaced?.(url, offset + index);
          return;
        }
        const { project, component, language } = located;
        if (!seen.add(`${project}\n${component}`, language)) return;
        names.add(project, component, language);
        if (wanted(located) && inShard(project, component, state.settings.shard))
          mine.push(located);
      });
      return settleItems(state, mine);
    });
    wholeList(read, seen.size + unplaceable);
  } catch (error) {
    failures.set(state, asError(error));
    throw error;
  }
  state.names.knowInstance(names);
}
