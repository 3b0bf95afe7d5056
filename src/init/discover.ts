import { segmentProblem } from "../config/triple.js";
import { fetchList } from "../crawl/fetch-list.js";
import type { HttpClient } from "../http/http-client.js";
import { RequestError } from "../http/request-error.js";
import { hasUnsafeCharacter, sanitizeText } from "../text/sanitize.js";
import { firstPageUrl, readListPage } from "../weblate/list-page.js";
import { compareText } from "../model/counts.js";
import { field } from "../model/json.js";

/** A project on the server, as `init` offers it. */
export interface ServerProject {
  slug: string;
  /**
   * The display name, sanitized (one line, no control or bidi characters); the slug when absent.
   */
  name: string;
}

/** What was left out of a list, and why, for one line each on stderr. */
export interface Skipped {
  what: string;
  why: string;
}

/** Items asked per page of a list (Weblate gives at most 1000). */
export const PAGE_SIZE = 1000;

/**
 * Every project of the server, from `/api/projects/` (following `next`). Items whose slug could
 * not be used in a config triple are left out and reported, so nothing the server says can
 * change which paths are requested or which files are written.
 */
export async function listProjects(
  client: HttpClient,
  baseUrl: string,
): Promise<{ projects: ServerProject[]; skipped: Skipped[] }> {
  const items = await fetchList(client, `${baseUrl}/api/projects/`, PAGE_SIZE);
  const { named, skipped } = readItems(items, (i) => `project #${i}`);
  // Each project once, as the list first gives it.
  const seen = new Set<string>();
  const projects = named.filter((p) => !seen.has(p.slug) && seen.add(p.slug));
  projects.sort((a, b) => compareText(a.slug, b.slug));
  return { projects, skipped };
}

/**
 * A project named on the command line that the list left out, from `/api/projects/<slug>/`;
 * undefined when the server does not answer with it.
 */
export async function askProject(
  client: HttpClient,
  baseUrl: string,
  slug: string,
): Promise<ServerProject | undefined> {
  if (segmentProblem(slug)) return undefined;
  try {
    const { body } = await client.getJson(`${baseUrl}/api/projects/${encodeURIComponent(slug)}/`);
    const named = readNamed(body);
    return typeof named === "string" ? undefined : { slug, name: named.name };
  } catch (error) {
    if (error instanceof RequestError) return undefined;
    throw error;
  }
}

/** The components of one project, from `/api/projects/<slug>/components/`. */
export async function listComponents(
  client: HttpClient,
  baseUrl: string,
  project: string,
): Promise<{ components: { slug: string; name: string }[]; skipped: Skipped[] }> {
  const items = await fetchList(
    client,
    `${baseUrl}/api/projects/${encodeURIComponent(project)}/components/`,
    PAGE_SIZE,
  );
  const { named, skipped } = readItems(items, (i) => `component #${i} of ${project}`);
  return { components: named, skipped };
}

/** The items of a list that name something usable; the others, numbered from 1, with why. */
function readItems(
  items: unknown[],
  what: (n: number) => string,
): { named: { slug: string; name: string }[]; skipped: Skipped[] } {
  const named: { slug: string; name: string }[] = [];
  const skipped: Skipped[] = [];
  for (const [i, item] of items.entries()) {
    const read = readNamed(item);
    if (typeof read === "string") skipped.push({ what: what(i + 1), why: read });
    else named.push(read);
  }
  return { named, skipped };
}

/**
 * Whether the instance-wide list `/api/translations/` answers with translations: then the triple of
 * three wildcards tracks the whole server in ceil(N/1000) requests, with no request per project.
 * One request (a page of one item); a failed one is an answer too (no).
 */
export async function instanceListServes(client: HttpClient, baseUrl: string): Promise<boolean> {
  const url = firstPageUrl(`${baseUrl}/api/translations/`, 1);
  try {
    const { body } = await client.getJson(url);
    const page = readListPage(body, url);
    return page.items !== undefined && page.items.length > 0;
  } catch (error) {
    if (error instanceof RequestError) return false;
    throw error;
  }
}

/** `{slug, name}` of a list item, or why it cannot be used. */
function readNamed(item: unknown): { slug: string; name: string } | string {
  if (!item || typeof item !== "object") return "not a JSON object";
  const slug = field(item, "slug");
  const name = field(item, "name");
  if (typeof slug !== "string") return "no slug";
  const problem =
    segmentProblem(slug) ??
    (/[*?[\]]/.test(slug)
      ? "has a wildcard character (*, ?, [ or ]), which a config would not read as one name"
      : hasUnsafeCharacter(slug)
        ? "has a control or bidi character"
        : undefined);
  if (problem) return `its slug ${sanitizeText(JSON.stringify(slug))} ${problem}`;
  const shown = typeof name === "string" && name.trim() !== "" ? sanitizeText(name.trim()) : slug;
  return { slug, name: shown.length > 200 ? `${shown.slice(0, 197)}...` : shown };
}
