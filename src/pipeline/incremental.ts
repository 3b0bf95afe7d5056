import { WILDCARD, type Triple } from "../config/triple.js";
import type { HttpClient } from "../crawl/http-client.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import type { SnapshotEntry } from "../snapshot/snapshot.js";
import type { Counts } from "../model/counts.js";
import { recordCounts, recordView } from "../weblate/record-view.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { must } from "../model/must.js";
import { isJson } from "../model/json.js";

// The incremental crawl: with the previous run's snapshot, a project tracked whole (`p/*/*`)
// whose per-language statistics (`/api/projects/<p>/languages/`, one request) still add up to the
// previous snapshot's records of that project costs that one request: its entries are carried
// over as they were. Unchanged means: the same languages, and for each the same total,
// translated, fuzzy and failing counts, word counts and last change as the sums of the previous
// records. A change anywhere in the project moves one of these (a new string, a translation, a
// new component or language); edits that move none (a component renamed, a link changed) wait
// for a project that changed or for `--full`.

export interface CarryPlan {
  /** What is still to crawl: the config's triples less the projects carried over. */
  triples: Triple[];
  /** The projects whose entries are carried over, as the previous snapshot has them. */
  carried: Set<string>;
  /** When each carried project was last fetched (the run that fetched it). */
  fetchedAt: Record<string, string>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * What the previous snapshot says of one project: whether every entry was usable, and its sums per
 * language.
 */
interface ProjectBefore {
  usable: boolean;
  sums: Map<string, Sums>;
}

/**
 * Asks each candidate project's language statistics and picks the unchanged ones. The previous
 * snapshot is read once, streamed, keeping only sums per project and language.
 */
export async function planCarry(
  client: HttpClient,
  baseUrl: string,
  triples: readonly Triple[],
  previous: SnapshotSource,
): Promise<CarryPlan> {
  const none: CarryPlan = { triples: [...triples], carried: new Set(), fetchedAt: {} };
  // Another server's snapshot, a shard's, or a config with the whole instance: crawl everything.
  if (
    trimSlash(previous.header.source.baseUrl) !== trimSlash(baseUrl) ||
    previous.header.shard ||
    triples.some((t) => t.project === WILDCARD)
  )
    return none;
  const byProject = new Map<string, Triple[]>();
  for (const t of triples) byProject.set(t.project, [...(byProject.get(t.project) ?? []), t]);
  const wholeProjects = new Set(
    [...byProject]
      .filter(
        ([, ts]) =>
          ts.length === 1 &&
          must(ts[0]).component === WILDCARD &&
          must(ts[0]).language === WILDCARD,
      )
      .map(([p]) => p),
  );
  const before = new Map<string, ProjectBefore>();
  for (const e of previous.entries()) {
    if (!wholeProjects.has(e.project)) continue;
    const project = before.get(e.project) ?? { usable: true, sums: new Map() };
    // A project with any unusable entry is crawled again: this run may do better.
    if (e.status !== "ok" || e.record === undefined || e.carried) project.usable = false;
    else addToSums(project.sums, e);
    before.set(e.project, project);
  }
  const candidates = [...before].filter(([, b]) => b.usable).map(([p]) => p);
  const routes = new WeblateRoutes(baseUrl);
  const unchanged = await Promise.all(
    candidates.map(async (project) => {
      try {
        const { body } = await client.getJson(routes.projectLanguages(project));
        return sameStatistics(body, must(before.get(project)).sums) ? project : undefined;
      } catch {
        return undefined; // no statistics: the project is crawled as usual
      }
    }),
  );
  const carried = new Set(unchanged.filter((p): p is string => p !== undefined));
  const { fetchedAt, generatedAt } = previous.header;
  return {
    triples: triples.filter((t) => !carried.has(t.project)),
    carried,
    fetchedAt: Object.fromEntries([...carried].map((p) => [p, fetchedAt?.[p] ?? generatedAt])),
  };
}

/** The counts the statistics endpoint sums per language, and its names of them. */
const SUMMED = [
  "total",
  "translated",
  "fuzzy",
  "failingChecks",
  "totalWords",
  "translatedWords",
] as const;
const API_NAMES: Record<(typeof SUMMED)[number], string> = {
  total: "total",
  translated: "translated",
  fuzzy: "fuzzy",
  failingChecks: "failing",
  totalWords: "total_words",
  translatedWords: "translated_words",
};

/** A language's sums over a project's previous records. */
type Sums = Pick<Counts, (typeof SUMMED)[number]> & { lastChange: number | undefined };

const time = (v: unknown) =>
  typeof v === "string" && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined;

/**
 * Adds a previous record (read through the record view) to its project's sums per language code,
 * as the statistics endpoint sums them.
 */
function addToSums(sums: Map<string, Sums>, entry: SnapshotEntry): void {
  const view = recordView(entry.record);
  const counts = recordCounts(view);
  const code = view.language.code ?? entry.language;
  const s = sums.get(code) ?? {
    total: 0,
    translated: 0,
    fuzzy: 0,
    failingChecks: 0,
    totalWords: 0,
    translatedWords: 0,
    lastChange: undefined,
  };
  for (const key of SUMMED) s[key] += counts[key];
  const changed = time(view.last_change);
  if (changed !== undefined && (s.lastChange === undefined || changed > s.lastChange))
    s.lastChange = changed;
  sums.set(code, s);
}

/**
 * The statistics endpoint's answer against the sums: every language, and every count it gives,
 * equal.
 */
function sameStatistics(body: unknown, sums: Map<string, Sums>): boolean {
  if (!Array.isArray(body) || body.length !== sums.size) return false;
  for (const item of body) {
    if (!isJson(item) || typeof item.code !== "string") return false;
    const s = sums.get(item.code);
    // Without the counts there is nothing to compare: not unchanged.
    if (!s || typeof item.total !== "number" || typeof item.translated !== "number") return false;
    for (const key of SUMMED) {
      const field = API_NAMES[key];
      if (field in item && item[field] !== s[key]) return false;
    }
    if ("last_change" in item && time(item.last_change) !== s.lastChange) return false;
  }
  return true;
}
