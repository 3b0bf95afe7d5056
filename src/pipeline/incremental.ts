import { WILDCARD, type Triple } from "../config/triple.js";
import { fetchList } from "../crawl/fetch-list.js";
import type { HttpClient } from "../crawl/http-client.js";
import { RequestError } from "../crawl/request-error.js";
import type { SnapshotHeader } from "../snapshot/read-snapshot.js";
import type { SnapshotEntry } from "../snapshot/snapshot.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { ProjectBefore } from "./incremental-signal.js";
import type { CarryPlan } from "./carry-plan.js";
import { planInstanceCarry, tracksWholeInstance } from "./instance-carry.js";
import { must } from "../model/must.js";
import { field, num } from "../model/json.js";

// The incremental crawl: with the previous run's snapshot, a project tracked whole (`p/*/*`)
// whose change signal says nothing changed since it was last fetched is carried over as it was.
// The signal, asked in this order, stops at the first difference:
// 1. `/api/projects/<p>/languages/` (per-language statistics): every counter the site shows
//    that the endpoint gives (strings and words translated, needing review, failing checks,
//    suggestions, comments) and `last_change`, against the sums of the previous records;
// 2. `/api/projects/<p>/components/`: the same component paths, names and glossary flags (a
//    renamed slug, a new or removed component, one of 0 strings);
// 3. `/api/projects/<p>/changes/?timestamp_after=<T>`: no change logged since the server's clock
//    read T when the project was last fetched (a change that leaves every sum as it was: strings
//    moved between components, a new last author). A server without that endpoint (404) is
//    judged by 1 and 2.
// `*/*/*` alone is judged by the server's change log (instance-carry.ts).
// A probe that fails is the project's failure (`p/*/*` failed: its previous entries are carried
// as stale), never a change and never a removal; a 404 of the project's own endpoints leaves the
// judgement to a full crawl of it.

export type { CarryPlan };

/**
 * Asks each candidate project's change signal and picks the unchanged ones. The previous
 * snapshot's `entries` are read once, streamed (as the caller spools them), keeping only sums and
 * names per project; they are not read at all when the snapshot cannot be carried from.
 */
export async function planCarry(
  client: HttpClient,
  baseUrl: string,
  triples: readonly Triple[],
  previous: { header: SnapshotHeader; entries: Iterable<SnapshotEntry> },
): Promise<CarryPlan> {
  const none: CarryPlan = {
    triples: [...triples],
    carried: new Set(),
    fetchedAt: {},
    failed: new Map(),
    changesSince: {},
  };
  // Another server's snapshot, or a shard's: crawl everything.
  if (trimSlash(previous.header.source.baseUrl) !== trimSlash(baseUrl) || previous.header.shard)
    return none;
  // The whole server alone has a signal of its own (instance-carry.ts); mixed with others, none.
  if (tracksWholeInstance(triples)) return planInstanceCarry(client, baseUrl, previous, none);
  if (triples.some((t) => t.project === WILDCARD)) return none;
  const wholeProjects = wholeProjectsOf(triples);
  const before = new Map<string, ProjectBefore>();
  for (const e of previous.entries) {
    if (!wholeProjects.has(e.project)) continue;
    const project = before.get(e.project) ?? new ProjectBefore();
    before.set(e.project, project);
    project.add(e);
  }
  const routes = new WeblateRoutes(baseUrl);
  const since = previous.header.changesSince ?? {};
  const verdicts = await Promise.all(
    [...before]
      .filter(([, b]) => b.usable)
      .map(async ([project, b]) => ({
        project,
        ...(await probe(client, routes, project, b, since[project])),
      })),
  );
  const carried = new Set<string>();
  const failed = new Map<string, Error>();
  const changesSince: Record<string, string> = {};
  for (const v of verdicts) {
    const before = since[v.project];
    if (v.error) {
      failed.set(v.project, v.error);
      if (before) changesSince[v.project] = before;
    } else if (v.unchanged) {
      carried.add(v.project);
      // Unchanged is only found with a time to ask the change log from.
      changesSince[v.project] = must(before, "the time of the last fetch");
    } else if (v.date) changesSince[v.project] = v.date;
  }
  const { fetchedAt, generatedAt } = previous.header;
  return {
    triples: triples.filter((t) => !carried.has(t.project) && !failed.has(t.project)),
    carried,
    fetchedAt: Object.fromEntries([...carried].map((p) => [p, fetchedAt?.[p] ?? generatedAt])),
    failed,
    changesSince,
  };
}

/** Projects tracked whole (every component and language) and by nothing else of theirs. */
export function wholeProjectsOf(triples: readonly Triple[]): Set<string> {
  const byProject = new Map<string, Triple[]>();
  for (const t of triples) byProject.set(t.project, [...(byProject.get(t.project) ?? []), t]);
  return new Set(
    [...byProject]
      .filter(
        ([, ts]) =>
          ts.length === 1 &&
          must(ts[0]).component === WILDCARD &&
          must(ts[0]).language === WILDCARD,
      )
      .map(([p]) => p),
  );
}

interface Verdict {
  unchanged?: boolean;
  error?: Error;
  /** The server's clock when it answered the first probe request. */
  date?: string;
}

/** One project's change signal, in order, stopping at the first difference. */
async function probe(
  client: HttpClient,
  routes: WeblateRoutes,
  project: string,
  before: ProjectBefore,
  since: string | undefined,
): Promise<Verdict> {
  let date: string | undefined;
  const ask = async (url: string) => {
    const answer = await client.getJson(url);
    date ??= answer.date;
    return answer.body;
  };
  try {
    if (!before.sameStatistics(await ask(routes.projectLanguages(project))))
      return { unchanged: false, date };
    if (!before.sameComponents(await listed(client, routes.projectComponents(project))))
      return { unchanged: false, date };
    // Without a time from the run that last fetched it, changes cannot be asked for: crawled.
    if (since === undefined) return { unchanged: false, date };
    const changes = new URL(routes.projectChanges(project));
    changes.searchParams.set("timestamp_after", since);
    changes.searchParams.set("page_size", "1");
    const logged = await ask(changes.href).catch((error: unknown) => {
      // No change log on this server: the statistics and the components have had their say.
      if (error instanceof RequestError && error.kind === "not-found") return { count: 0 };
      throw error;
    });
    return { unchanged: countOf(logged) === 0, date };
  } catch (error) {
    // The project's own endpoints answer 404: a full crawl of it says what is the matter.
    if (error instanceof RequestError && error.kind === "not-found")
      return { unchanged: false, date };
    return { error: error instanceof Error ? error : new Error(String(error)), date };
  }
}

/** Every item of a list (paged or a bare array), through the crawl's list reader. */
function listed(client: HttpClient, url: string): Promise<unknown[]> {
  return fetchList(client, url, 1000);
}

/** The `count` of a paged answer; a bare array's length; NaN when neither (not unchanged). */
function countOf(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  return num(field(body, "count")) ?? Number.NaN;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");
