import { segmentProblem, WILDCARD } from "../config/triple.js";
import type { CrawlState } from "./crawl-state.js";
import { fetchList } from "./fetch-list.js";
import { crawlInstance, wantedLanguages, type InstanceOutcome } from "./instance-list.js";
import { projectWithoutList } from "./list-fallbacks.js";
import { addProjectWork, inShard, mergeProjectWork, type InstanceWork } from "./plan.js";
import { must } from "../model/must.js";
import { field } from "../model/json.js";
import { asError } from "../model/errors.js";

// The first phase: wildcards become components. The whole instance ("*/*/*") is read from the
// instance-wide list (what it gives is settled there and then); a project's components
// ("project/*") come from the project's component list.

/**
 * Settles what the instance-wide list gives and drops the work it covered. Should the list not
 * be readable, every listed project is crawled as "project/*" instead.
 */
export async function expandInstance(state: CrawlState, want: InstanceWork): Promise<void> {
  const outcome = await crawlInstance(state, want);
  if (outcome.error) await expandInstanceByProject(state, want, outcome.error);
  else dropCovered(state, want, outcome);
}

/**
 * The instance list failed: every project of `/api/projects/` as "project/*"; should that fail too,
 * the wildcard fails.
 */
async function expandInstanceByProject(
  state: CrawlState,
  want: InstanceWork,
  error: Error,
): Promise<void> {
  try {
    const listed = await fetchList(
      state.client,
      state.routes.collection("projects"),
      state.settings.pageSize,
    );
    for (const project of listed) {
      const slug = field(project, "slug");
      if (typeof slug === "string" && !segmentProblem(slug))
        addProjectWork(state.projects, slug, want);
    }
  } catch {
    if (!inShard(WILDCARD, WILDCARD, state.settings.shard)) return;
    for (const language of wantedLanguages(want))
      state.settle({ triple: { project: WILDCARD, component: WILDCARD, language }, error });
  }
}

/** Drops the project wildcards and component languages the instance list answered for. */
function dropCovered(state: CrawlState, want: InstanceWork, outcome: InstanceOutcome): void {
  const covers = (languages: { allLanguages: boolean; languages: string[] }) =>
    want.allLanguages ||
    (!languages.allLanguages && languages.languages.every((l) => want.languages.includes(l)));
  const { projects, work } = state;
  for (let i = projects.length - 1; i >= 0; i--) {
    if (outcome.projects.has(must(projects[i]).project) && covers(must(projects[i])))
      projects.splice(i, 1);
  }
  for (const [key, w] of work) {
    const listed = outcome.languages.get(key);
    if (!listed) continue;
    w.languages = w.languages.filter((l) => !listed.has(l));
    if (!want.allLanguages) continue;
    // The list holds every translation of this component: what it lacks, no other list has.
    w.allLanguages = false;
    state.detailOnly.add(key);
    if (w.languages.length === 0) work.delete(key);
  }
}

/**
 * Each "project/*" becomes its components, from the project's component list; should that fail, the
 * wildcard fails.
 */
export async function expandProjects(state: CrawlState): Promise<void> {
  await Promise.all(
    state.projects.map(async (project) => {
      try {
        const components = await fetchList(
          state.client,
          state.routes.projectComponents(project.project),
          state.settings.pageSize,
        );
        for (const path of state.records.remember(project.project, components))
          mergeProjectWork(state.work, project, path);
      } catch (error) {
        // Another way to the same translations first (list-fallbacks.ts), then the wildcard fails.
        const failure = await projectWithoutList(state, project, asError(error));
        if (!failure || !inShard(project.project, WILDCARD, state.settings.shard)) return;
        for (const language of wantedLanguages(project))
          state.fail({ project: project.project, component: WILDCARD, language }, failure);
      }
    }),
  );
}
