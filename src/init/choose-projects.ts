import type { HttpClient } from "../http/http-client.js";
import { componentsElsewhere, type OtherWay } from "../crawl/list-fallbacks.js";
import { isRefused, RequestError } from "../http/request-error.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { createInterface } from "node:readline/promises";
import { UsageError } from "../model/errors.js";
import { must } from "../model/must.js";
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

/** Where the questions go and the answers come from: the terminal, or streams in tests. */
export interface PromptIo {
  input: NodeJS.ReadableStream;
  output: { write(text: string): unknown };
}

const ATTEMPTS = 3;

/**
 * A plain numbered prompt: lists the projects and reads which to track ("1 3", "1,3", "2-4",
 * "all", or Enter for all). A wrong answer is explained and asked again, a few times.
 */
export async function askProjects(
  projects: ServerProject[],
  io: PromptIo,
): Promise<ServerProject[]> {
  io.output.write(
    `The server has ${projects.length} project${projects.length === 1 ? "" : "s"}:\n`,
  );
  const width = String(projects.length).length;
  projects.forEach((p, i) => {
    io.output.write(
      `  ${String(i + 1).padStart(width)}) ${p.name}${p.name === p.slug ? "" : ` (${p.slug})`}\n`,
    );
  });
  // Read as plain lines: a terminal in its usual (cooked) mode echoes and edits the line itself,
  // and the same code reads answers from a pipe in tests.
  const rl = createInterface({ input: io.input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      io.output.write("Track which projects? Numbers (e.g. 1 3 or 2-4), or Enter for all: ");
      const next = await lines.next();
      if (next.done)
        throw new UsageError(
          "init: no answer to the project question (input closed); pass --yes or --project P",
        );
      const chosen = parseChoice(String(next.value), projects.length);
      if (typeof chosen !== "string") return chosen.map((i) => must(projects[i]));
      io.output.write(`${chosen}\n`);
    }
  } finally {
    rl.close();
  }
  throw new UsageError("init: no usable answer to the project question; pass --yes or --project P");
}

/** Zero-based indexes in list order, or why the answer cannot be used. */
export function parseChoice(answer: string, count: number): number[] | string {
  const text = answer.trim().toLowerCase();
  if (text === "" || text === "all" || text === "*")
    return Array.from({ length: count }, (_, i) => i);
  const chosen = new Set<number>();
  for (const part of text.split(/[\s,]+/)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range)
      return `"${part.slice(0, 20)}" is not a number; answer with numbers from 1 to ${count}`;
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (from < 1 || to > count || from > to) return `${part} is outside 1-${count}`;
    for (let n = from; n <= to; n++) chosen.add(n - 1);
  }
  return [...chosen].sort((a, b) => a - b);
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
