import type { HttpClient } from "../http/http-client.js";
import { componentsElsewhere, type OtherWay } from "../crawl/list-fallbacks.js";
import { isRefused, RequestError } from "../http/request-error.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { UsageError } from "../model/errors.js";
import { closestNames, didYouMean } from "../text/did-you-mean.js";
import { sanitizeText } from "../text/sanitize.js";
import {
  askProject,
  instanceListServes,
  listComponents,
  PAGE_SIZE,
  type ServerProject,
  type Skipped,
} from "./discover.js";
import { askProjects, type PromptIo } from "./prompt.js";

/**
 * Beyond this many, --yes tracks the whole server (every translation) instead of asking each
 * project.
 */
export const MAX_ALL_PROJECTS = 20;
/** Beyond this many, a numbered list is no help: projects must be named. */
const MAX_LISTED_PROJECTS = 50;

/** Which projects to track: some by name, or every translation of the server. */
export type Choice = { projects: ServerProject[] } | { wholeServer: true };

/**
 * The projects named with --project, else every project with --yes (the whole server as three
 * wildcards when it has more than MAX_ALL_PROJECTS and its instance-wide list serves), else the
 * ones picked on the terminal.
 */
export async function chooseProjects(
  projects: ServerProject[],
  options: { projects: string[]; yes: boolean; prompt: PromptIo | undefined },
  instance: { client: HttpClient; baseUrl: string },
): Promise<Choice> {
  if (options.projects.length > 0) {
    const bySlug = new Map(projects.map((p) => [p.slug, p]));
    const chosen: ServerProject[] = [];
    for (const slug of new Set(options.projects)) {
      // A list may leave out a project its own address answers for.
      const found = bySlug.get(slug) ?? (await askProject(instance.client, instance.baseUrl, slug));
      if (!found) {
        const close = didYouMean(closestNames(slug, bySlug.keys()));
        throw new UsageError(
          `init: the server has no project '${sanitizeText(slug)}'; ` +
            (close ? sanitizeText(close) : `it has ${listSlugs(projects)}`),
        );
      }
      chosen.push(found);
    }
    return { projects: chosen };
  }
  const nameThem =
    `name the ones to track with --project SLUG (repeatable); the server has ` +
    `${listSlugs(projects)}`;
  if (options.yes) {
    if (projects.length <= MAX_ALL_PROJECTS) return { projects };
    if (await instanceListServes(instance.client, instance.baseUrl)) return { wholeServer: true };
    throw new UsageError(
      `init: the server has ${projects.length} projects and no instance-wide list ` +
        `(/api/translations/) to track them all at once; ${nameThem}`,
    );
  }
  if (!options.prompt)
    throw new UsageError(
      `init: no terminal to ask which projects to track; pass --yes to track all ` +
        `${projects.length}, or ${nameThem}`,
    );
  if (projects.length > MAX_LISTED_PROJECTS)
    throw new UsageError(`init: the server has ${projects.length} projects; ${nameThem}`);
  return { projects: await askProjects(projects, options.prompt) };
}

function listSlugs(projects: ServerProject[]): string {
  const shown = projects
    .slice(0, 10)
    .map((p) => p.slug)
    .join(", ");
  return sanitizeText(projects.length > 10 ? `${shown} and ${projects.length - 10} more` : shown);
}

/** A chosen project after its component list was asked for. */
export type Listed = ServerProject &
  (
    | { components: number; skipped: Skipped[]; fallback?: { way: OtherWay; status?: number } }
    | { error: string }
  );

/**
 * Each project's component list, at most the client's concurrency at a time. A list refused (404,
 * 403) is looked for in the server's own lists as `build` does (crawl/list-fallbacks.ts); a list
 * that fails otherwise (a server error, an answer that is not a list) is that project's error,
 * not init's.
 */
export async function listEachProject(
  client: HttpClient,
  baseUrl: string,
  projects: ServerProject[],
): Promise<Listed[]> {
  const routes = new WeblateRoutes(baseUrl);
  const lists = new Map<OtherWay, Promise<unknown[]>>();
  return Promise.all(
    projects.map(async (project): Promise<Listed> => {
      try {
        const { components, skipped } = await listComponents(client, baseUrl, project.slug);
        return { ...project, components: components.length, skipped };
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
        const found = isRefused(error)
          ? await componentsElsewhere(client, routes, PAGE_SIZE, project.slug, lists)
          : undefined;
        if (found)
          return {
            ...project,
            components: found.paths.length,
            skipped: [],
            fallback: { way: found.way, status: error.status },
          };
        return { ...project, error: sanitizeText(error.message) };
      }
    }),
  );
}
