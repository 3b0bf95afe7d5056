import { WILDCARD, type Triple } from "../config/triple.js";
import type { HttpClient } from "../http/http-client.js";
import type { SnapshotHeader } from "../snapshot/read-snapshot.js";
import type { SnapshotEntry } from "../snapshot/schema.js";
import { firstPageUrl } from "../weblate/list-page.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { field, num } from "../model/json.js";
import type { CarryPlan } from "./carry-plan.js";

// The incremental crawl of a config that tracks the whole server (`*/*/*`): its change signal is
// the server's own change log. With nothing logged since the server's clock read T at the last
// full crawl (`/api/changes/?timestamp_after=T`, one request) and as many translations listed as
// the previous snapshot holds (`/api/translations/?page_size=1`, one request), every entry is
// carried over as the previous snapshot has it. Anything else is a full crawl: a change logged,
// another count, a previous snapshot with an entry that was not fresh and fetched whole, or a
// probe that fails or is not there (a full crawl then says what is the matter).

/** Whether the config tracks the whole server ("*" three times) and nothing else. */
export function tracksWholeInstance(triples: readonly Triple[]): boolean {
  const [only, ...more] = triples;
  return (
    more.length === 0 &&
    only?.project === WILDCARD &&
    only.component === WILDCARD &&
    only.language === WILDCARD
  );
}

/** The carry plan of a config of the whole server: everything carried, or (`none`) a full crawl. */
export async function planInstanceCarry(
  client: HttpClient,
  baseUrl: string,
  previous: { header: SnapshotHeader; entries: Iterable<SnapshotEntry> },
  none: CarryPlan,
): Promise<CarryPlan> {
  const since = previous.header.changesSince?.[WILDCARD];
  if (since === undefined) return none;
  let count = 0;
  const projects = new Set<string>();
  for (const e of previous.entries) {
    // A failed, invalid or stale entry: this run may do better, and only a full crawl can tell.
    if (e.status !== "ok" || e.record === undefined || e.carried) return none;
    count += 1;
    projects.add(e.project);
  }
  const routes = new WeblateRoutes(baseUrl);
  const changes = new URL(routes.changes());
  changes.searchParams.set("timestamp_after", since);
  changes.searchParams.set("page_size", "1");
  let date: string | undefined;
  let unchanged = false;
  try {
    const logged = await client.getJson(changes.href);
    date = logged.date;
    if (listCountOf(logged.body) === 0) {
      const listed = await client.getJson(firstPageUrl(routes.collection("translations"), 1));
      unchanged = listCountOf(listed.body) === count;
    }
  } catch {
    unchanged = false;
  }
  if (!unchanged) return { ...none, changesSince: date ? { [WILDCARD]: date } : {} };
  const { fetchedAt, generatedAt } = previous.header;
  return {
    triples: [],
    carried: projects,
    fetchedAt: Object.fromEntries([...projects].map((p) => [p, fetchedAt?.[p] ?? generatedAt])),
    changesSince: { [WILDCARD]: since },
  };
}

/** The `count` of a paged answer; NaN when there is none (then not unchanged). */
function listCountOf(body: unknown): number {
  return num(field(body, "count")) ?? Number.NaN;
}
