import { sameBaseUrl } from "../config/base-url.js";
import type { Config } from "../config/load-config.js";
import { compareTriples, WILDCARD, type Triple } from "../config/triple.js";
import type { HttpClient } from "../http/http-client.js";
import type { SnapshotHeader, SnapshotSource } from "../snapshot/read-snapshot.js";
import {
  configHash,
  countEntry,
  emptySnapshotCounts,
  summarizeEntry,
  type SnapshotCounts,
} from "../snapshot/snapshot.js";
import type { SnapshotEntry } from "../snapshot/schema.js";
import { copyableSnapshot, type CopyableSnapshot } from "../snapshot/snapshot-writer.js";
import type { SnapshotSpool } from "../snapshot/spool.js";
import { parseApiPath } from "../weblate/api-path.js";
import { firstPageUrl, readListPage } from "../weblate/list-page.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { field, str } from "../model/json.js";
import type { CarryPlan } from "./carry-plan.js";
import { planInstanceCarry, tracksWholeInstance } from "./instance-carry.js";

// The incremental crawl: with the previous run's snapshot, a project the server's change log
// shows untouched since it was last fetched is carried over as it was. The signal is one request
// for the whole server, `/api/changes/?timestamp_after=<T>` (T: the server's clock when the
// earliest of the projects was last fetched), paged as Weblate pages lists. Each change names the
// component (and translation) it touched by its API address; a change that names none (a project
// or component removed: Weblate logs those on the project, their component gone) may concern any
// project, so every project is crawled. Only the projects the log names are crawled, and any
// project whose previous entries were not all fresh and ok (this run may do better). A log that
// cannot be read (an error, a server without it, more pages than there are projects) is a full
// crawl: nothing is carried on a guess, and no failure of the signal marks a project stale.
// A project can be carried when it is tracked whole (`p/*/*`), or by any patterns when the config
// is the one the previous snapshot was crawled with. `*/*/*` alone: instance-carry.ts. When every
// entry is carried, `crawl` copies the previous file's translations under its new header.

export type { CarryPlan };

/** Changes asked for a page: Weblate's most. */
const CHANGES_PAGE = 1000;

/**
 * Asks the server's change log once and picks the projects it shows unchanged. The previous
 * snapshot's `entries` are read once, streamed.
 */
async function planCarry(
  client: HttpClient,
  baseUrl: string,
  triples: readonly Triple[],
  previous: { header: SnapshotHeader; entries: Iterable<SnapshotEntry> },
): Promise<CarryPlan> {
  const none: CarryPlan = {
    triples: [...triples],
    carried: new Set(),
    fetchedAt: {},
    changesSince: {},
  };
  const { header } = previous;
  // Another server's snapshot, or a shard's: crawl everything.
  if (!sameBaseUrl(header.source.baseUrl, baseUrl) || header.shard) return none;
  // The whole server alone has a signal of its own (instance-carry.ts); mixed with others, none.
  if (tracksWholeInstance(triples)) return planInstanceCarry(client, baseUrl, previous, none);
  if (triples.some((t) => t.project === WILDCARD)) return none;
  const sameConfig = header.source.configHash === configHash(baseUrl, triples);
  const candidates = sameConfig ? signalProjects(triples) : wholeProjectsOf(triples);
  const since = header.changesSince ?? {};
  const usable = new Map<string, boolean>();
  for (const e of previous.entries) {
    if (!candidates.has(e.project) || since[e.project] === undefined) continue;
    const fresh = e.status === "ok" && e.record !== undefined && e.carried === undefined;
    usable.set(e.project, fresh && usable.get(e.project) !== false);
  }
  const eligible = [...usable].filter(([, ok]) => ok).map(([p]) => p);
  if (eligible.length === 0) return none;
  const from = eligible.map((p) => since[p] ?? "").sort()[0] ?? "";
  const touched = await changedProjects(client, new WeblateRoutes(baseUrl), from, eligible.length);
  if (touched === "all") return none;
  const carried = new Set(eligible.filter((p) => !touched.has(p)));
  const { fetchedAt, generatedAt } = header;
  return {
    triples: triples.filter((t) => !carried.has(t.project)),
    carried,
    fetchedAt: Object.fromEntries([...carried].map((p) => [p, fetchedAt?.[p] ?? generatedAt])),
    // The log said nothing of them up to its answer: the next run asks from then (crawl-step.ts).
    changesSince: {},
  };
}

/** A previous snapshot carried over whole, to copy: what the crawl's outcome tells of it. */
export interface CarriedWhole {
  copy: CopyableSnapshot;
  counts: SnapshotCounts;
  problems: () => Iterable<SnapshotEntry>;
}

/**
 * The incremental plan over the previous snapshot, read once for it; the carried projects'
 * entries are then read again into the spool, or with `copy`, when every entry is carried over
 * and the file is in the layout the writer writes, left to be copied (copySnapshot).
 */
export async function carryPrevious(
  client: HttpClient,
  config: Pick<Config, "baseUrl" | "translations">,
  spool: SnapshotSpool,
  previous: SnapshotSource,
  copy = false,
): Promise<{ carry: CarryPlan; whole?: CarriedWhole }> {
  const seen = { projects: new Set<string>(), sorted: true, problems: false };
  const counts = emptySnapshotCounts();
  let last: SnapshotEntry | undefined;
  function* entries() {
    for (const e of previous.entries()) {
      const summary = summarizeEntry(e);
      seen.projects.add(e.project);
      seen.problems ||= summary.problems;
      // Copied, the entries keep their order: one the writer would not give is written anew.
      if (last && compareTriples(last, e) >= 0) seen.sorted = false;
      countEntry(counts, summary);
      last = e;
      yield e;
    }
  }
  const { header } = previous;
  const carry = await planCarry(client, config.baseUrl, config.translations, {
    header,
    entries: entries(),
  });
  if (carry.carried.size === 0) return { carry };
  const all = carry.triples.length === 0 && [...seen.projects].every((p) => carry.carried.has(p));
  // Read whole (a file reformatted by hand, in part or whole): written anew, in the layout.
  const file =
    "copyFrom" in previous.text && !previous.readWhole ? previous.text.copyFrom : undefined;
  const whole = copy && all && seen.sorted && file ? copyableSnapshot(file) : undefined;
  if (whole) {
    const problems = function* () {
      if (!seen.problems) return;
      for (const e of previous.entries()) if (summarizeEntry(e).problems) yield e;
    };
    return { carry, whole: { copy: whole, counts, problems } };
  }
  for (const e of previous.entries()) if (carry.carried.has(e.project)) spool.add(e);
  return { carry };
}

/** The projects the config names (`*` for the whole server): each gets a time to ask from. */
export function signalProjects(triples: readonly Triple[]): Set<string> {
  return new Set(triples.map((t) => t.project));
}

/** Projects tracked whole (every component and language) and by nothing else of theirs. */
function wholeProjectsOf(triples: readonly Triple[]): Set<string> {
  const count = new Map<string, number>();
  for (const t of triples) count.set(t.project, (count.get(t.project) ?? 0) + 1);
  return new Set(
    triples
      .filter((t) => t.component === WILDCARD && t.language === WILDCARD)
      .map((t) => t.project)
      .filter((p) => count.get(p) === 1),
  );
}

/**
 * The projects the change log names since `from`, reading at most `maxPages` pages; "all" when it
 * cannot tell (a change naming no component, an answer that is not a list, an error).
 */
async function changedProjects(
  client: HttpClient,
  routes: WeblateRoutes,
  from: string,
  maxPages: number,
): Promise<Set<string> | "all"> {
  const first = new URL(firstPageUrl(routes.changes(), CHANGES_PAGE));
  first.searchParams.set("timestamp_after", from);
  const touched = new Set<string>();
  let url: string | null = first.href;
  try {
    for (let page = 0; url !== null; page++) {
      if (page >= maxPages) return "all";
      const read = readListPage((await client.getJson(url)).body, url);
      if (read.problem !== undefined) return "all";
      for (const change of read.items) {
        const project = projectOfChange(change, routes);
        if (project === undefined) return "all";
        touched.add(project);
      }
      url = read.next;
    }
  } catch {
    return "all";
  }
  return touched;
}

/** The project a change's `component` or `translation` address names, when it names one. */
export function projectOfChange(change: unknown, routes: WeblateRoutes): string | undefined {
  const api = new URL(routes.root()).pathname;
  for (const name of ["component", "translation"]) {
    const href = str(field(change, name));
    const path = URL.canParse(href ?? "") ? new URL(href ?? "").pathname : "";
    if (!path.startsWith(api)) continue;
    const route = parseApiPath(`/api/${path.slice(api.length)}`);
    if (route?.name === "component" || route?.name === "translation") return route.project;
  }
  return undefined;
}
