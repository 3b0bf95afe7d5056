import { setImmediate } from "node:timers/promises";
import { componentPathProblem, segmentProblem, WILDCARD } from "../config/triple.js";
import { translationOfLink } from "../weblate/routes.js";
import type { CrawlState } from "./crawl-state.js";
import { forEachPage, wholeList } from "./fetch-list.js";
import { hasProject, joinProject, languageCodeOf, listedComponentPath, sameJson } from "./join.js";
import { inShard, type InstanceWork } from "./plan.js";
import { InstanceNames } from "./server-names.js";
import { TripleSet } from "./triple-set.js";
import { RequestError } from "../http/request-error.js";
import { asError } from "../model/errors.js";
import { field, isJson, type Json } from "../model/json.js";

// "*/*/*" and "*/*/<language>": every translation of the server from `/api/translations/`, whose
// items embed the component and its project, as the detail endpoint has them: ceil(N/1000)
// requests for N translations. Each page is settled as it arrives (into the crawl's spool), and
// only names are kept: the crawl's memory does not grow with the records of the instance. A
// project or component whose own list was refused reaches its translations here too. Reads never
// overlap: the fallbacks asked in one turn share one read, those asked while it runs share the
// next (in practice the refusals come together), and a read that failed is not tried again.

/** What reading the instance list found for one scope. */
export interface InstanceOutcome {
  /** Why the list could not be read; the caller falls back to the per-project endpoints. */
  error?: Error;
  /** Projects the list holds translations of (every shard's). */
  projects: Set<string>;
  /** Per "project/component path" the crawl has work for: the language (and repository) codes. */
  languages: Map<string, Set<string>>;
}

/** One scope of a read: the whole instance, or a fallback's components (`only`). */
interface Share {
  want: InstanceWork;
  named: Set<string>;
  only?: ((project: string, component: string) => boolean) | undefined;
  outcome: InstanceOutcome;
}

/** An item of the instance list with the names it belongs under. */
interface Located {
  item: Json;
  project: string;
  component: string;
  language: string;
}

/** Per crawl: the read last queued (each begins when the one before it ended), and its shares. */
const reads = new WeakMap<CrawlState, { last: Promise<void>; waiting?: Share[] | undefined }>();

/**
 * Reads the instance-wide list and settles the wanted translations of this shard; `only` keeps
 * the items of some components (a fallback for a project or component whose own list failed).
 */
export async function crawlInstance(
  state: CrawlState,
  want: InstanceWork,
  only?: (project: string, component: string) => boolean,
): Promise<InstanceOutcome> {
  const share = { want, named: new Set(want.languages), only, outcome: emptyOutcome() };
  const queue = reads.get(state) ?? { last: Promise.resolve() };
  reads.set(state, queue);
  if (!queue.waiting) {
    const shares: Share[] = [];
    queue.waiting = shares;
    queue.last = queue.last
      .then(() => setImmediate())
      .then(() => {
        queue.waiting = undefined;
        return readShares(state, shares);
      });
  }
  queue.waiting.push(share);
  await queue.last;
  return share.outcome;
}

const emptyOutcome = (): InstanceOutcome => ({ projects: new Set(), languages: new Map() });

/**
 * One read for `shares`. A list that is not whole is an error: what its pages gave stays settled
 * (real answers of the server), the rest is asked for another way or carried as stale, nothing
 * is taken as removed, and later reads are not tried this crawl. A list whole by its count can
 * still lack a translation (one removed and one added on either side of the page being read):
 * confirm-removals.ts asks of what the previous run had and no list gave.
 */
async function readShares(state: CrawlState, shares: Share[]): Promise<void> {
  try {
    if (state.instanceError) throw state.instanceError;
    await readInstance(state, shares);
  } catch (failure) {
    const error = asError(failure);
    state.instanceError ??= error;
    for (const share of shares) share.outcome.error = error;
  }
}

/**
 * Reads the instance list whole, page by page, each distinct item a share wants settled with its
 * page when in this shard. A repeat of a translation across pages (the list shifted while it was
 * read) is settled once, and the translations must add up to the count (fetch-list.ts). What is
 * missing is then told from the list's names, with no other list asked (server-names.ts).
 */
async function readInstance(state: CrawlState, shares: Share[]): Promise<void> {
  const seen = new TripleSet();
  const names = new InstanceNames();
  const whole = shares.find((share) => !share.only);
  let unplaceable = 0;
  const url = state.routes.collection("translations");
  const read = await forEachPage(state.client, url, state.settings.pageSize, (items, offset) => {
    const mine: Located[] = [];
    items.forEach((raw, index) => {
      const located = locate(raw);
      if (!located) {
        unplaceable += 1;
        if (whole) failUnplaceable(state, whole.want, url, offset + index);
        return;
      }
      const { project, component, language } = located;
      if (!seen.add(`${project}\n${component}`, language)) return;
      names.add(project, component, language);
      if (wantedBy(state, shares, located) && inShard(project, component, state.settings.shard))
        mine.push(located);
    });
    return settleItems(state, mine);
  });
  wholeList(read, seen.size + unplaceable);
  state.names.knowInstance(names);
}

/** Notes the item in the outcome of each share it falls in; whether one of them wants it. */
function wantedBy(state: CrawlState, shares: Share[], located: Located): boolean {
  const { item, project, component, language } = located;
  const key = `${project}/${component}`;
  const code = typeof item.language_code === "string" ? item.language_code : undefined;
  let wanted = false;
  for (const { want, named, only, outcome } of shares) {
    if (only && !only(project, component)) continue;
    outcome.projects.add(project);
    if (state.work.has(key)) {
      const codes = outcome.languages.get(key) ?? new Set<string>();
      outcome.languages.set(key, codes);
      codes.add(language);
      if (code !== undefined) codes.add(code);
    }
    wanted ||= want.allLanguages || named.has(language) || (code !== undefined && named.has(code));
  }
  return wanted;
}

/** An item the list cannot place fails the whole-instance wildcard. */
function failUnplaceable(state: CrawlState, want: InstanceWork, url: string, index: number): void {
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

/**
 * Settles the located items, each with its component (and that component's project) joined as the
 * detail endpoint has it.
 */
async function settleItems(state: CrawlState, mine: Located[]): Promise<void> {
  // Older servers embed a shorter component, maybe without its project: the project record joins
  // in.
  const lacking = new Set(mine.filter((m) => !hasProject(m.item.component)).map((m) => m.project));
  const projects = new Map<string, unknown>();
  await Promise.all(
    [...lacking].map(async (p) => projects.set(p, await state.records.projectRecord(p))),
  );
  // ...and a shorter component than the detail endpoint's: the whole record joins in instead (from
  // the project's component list, one request a project), so a translation has the same record,
  // and the same verdict, whichever way it came.
  const whole = await wholeComponents(state, mine);
  // Equal components become one object, so validation checks each component once, as it does for a
  // component's list.
  const shared = new Map<string, { raw: unknown; joined: unknown }>();
  const each = ({ item, project, component, language }: Located) => {
    const key = `${project}/${component}`;
    let known = shared.get(key);
    if (!known || !sameJson(known.raw, item.component)) {
      const projectRecord = projects.get(project);
      const joined =
        whole.get(key) ??
        (projectRecord === undefined ? item.component : joinProject(item.component, projectRecord));
      known = { raw: item.component, joined };
      shared.set(key, known);
    }
    const body = known.joined === item.component ? item : { ...item, component: known.joined };
    state.settle({ triple: { project, component, language }, body });
  };
  await state.queue.run(mine, each, () => undefined);
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
      const record = await state.records.componentFor(m.project, m.component).catch(() => null);
      if (isJson(record) && "translations_url" in record) out.set(key, record);
    }),
  );
  return out;
}

/**
 * Where an item of the instance list belongs: its component's project and path and its language,
 * from the objects it embeds, else from its own API link (`/api/translations/<p>/<c>/<l>/`).
 */
function locate(item: unknown): Located | undefined {
  if (!isJson(item)) return undefined;
  const link = translationOfLink(item.url);
  const projectSlug = field(field(item.component, "project"), "slug");
  const project = typeof projectSlug === "string" ? projectSlug : link?.project;
  const path = listedComponentPath(item.component) ?? link?.component;
  const language = languageCodeOf(item) ?? link?.language;
  if (project === undefined || path === undefined || language === undefined) return undefined;
  if (segmentProblem(project) || componentPathProblem(path) || segmentProblem(language))
    return undefined;
  return { item, project, component: path, language };
}
