import { constants } from "node:fs";
import { access, mkdir, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { isLoopbackHost, parseConfig } from "../config/load-config.js";
import { crawlOptionsSchema } from "../config/schema.js";
import { HttpClient } from "../crawl/http-client.js";
import { RequestError } from "../crawl/request-error.js";
import { ExitCode, UsageError, UserError } from "../model/errors.js";
import { addSecret, sanitizeText } from "../text/sanitize.js";
import { listComponents, listProjects, type ServerProject, type Skipped } from "./discover.js";
import { pagesUrlFromGit } from "./pages-url.js";
import { initFiles } from "./init-files.js";
import { askProjects, type PromptIo } from "./prompt.js";

export interface InitOptions {
  baseUrl: string | undefined;
  /** Project slugs named with --project. */
  projects: string[];
  /** Take every project without asking. */
  yes: boolean;
  /**
   * Where the site will be published (--site-url); default: the GitHub Pages address of the
   * repository's origin remote.
   */
  siteUrl?: string | undefined;
  force: boolean;
  configFile: string;
  /** Directory the files are written under (the repository's root). */
  cwd: string;
  env: Record<string, string | undefined>;
  stderr: { write(text: string): unknown };
  /**
   * The terminal to ask on; undefined when there is none (CI, pipes), where --yes or --project is
   * needed.
   */
  prompt: PromptIo | undefined;
}

export interface InitSummary {
  command: "init";
  baseUrl: string;
  projects: { slug: string; name: string; components: number }[];
  files: string[];
  /** The site's address written as site.url, when known. */
  siteUrl?: string;
}

const TOKEN_ENV = "WEBLATE_TOKEN";
/**
 * The config `build` reads when given none (main.ts's DEFAULT_CONFIG; not imported, to keep init
 * apart from main).
 */
const DEFAULT_CONFIG = "config/l10n-snapshot.json";
/** Beyond this many, --yes alone would crawl a whole public instance: projects must be named. */
const MAX_ALL_PROJECTS = 20;
/** Beyond this many, a numbered list is no help: projects must be named. */
const MAX_LISTED_PROJECTS = 50;

/**
 * `l10n-snapshot init`: asks the server which projects exist and writes the config and the
 * workflow.
 */
export async function runInit(options: InitOptions): Promise<InitSummary> {
  const baseUrl = checkBaseUrl(options.baseUrl, options.env[TOKEN_ENV] ? TOKEN_ENV : undefined);
  // The workflow names the config by its path in the repository: the folder init runs in.
  const configFile = relative(options.cwd, resolve(options.cwd, options.configFile))
    .split(sep)
    .join("/");
  if (configFile.startsWith("../") || isAbsolute(configFile)) {
    throw new UsageError(
      `init: --config ${sanitizeText(options.configFile)} is outside this folder; run init at the root of the repository, with the config inside it`,
    );
  }
  const siteUrl =
    options.siteUrl !== undefined
      ? checkSiteUrl(options.siteUrl)
      : await pagesUrlFromGit(options.cwd);
  if (!options.force)
    await refuseExisting(
      initFiles({ configFile, baseUrl, projects: [] }).map((f) => f.path),
      options.cwd,
    );

  const token = options.env[TOKEN_ENV] || undefined;
  addSecret(token);
  const client = new HttpClient({ ...crawlOptionsSchema.parse({}), baseUrl, token });
  try {
    const listed = await ask(`list the projects of ${baseUrl}`, () =>
      listProjects(client, baseUrl),
    );
    report(listed.skipped, options.stderr);
    const chosen = await chooseProjects(listed.projects, options);
    const counted = await Promise.all(
      chosen.map(async (project) => {
        const { components, skipped } = await ask(`list the components of ${project.slug}`, () =>
          listComponents(client, baseUrl, project.slug),
        );
        report(skipped, options.stderr);
        return { ...project, components: components.length };
      }),
    );
    const empty = counted.filter((p) => p.components === 0);
    for (const p of empty)
      options.stderr.write(`init: project ${p.slug} has no components; left out\n`);
    const kept = counted.filter((p) => p.components > 0);
    if (kept.length === 0)
      throw new UserError(
        "init: none of the chosen projects has components; nothing to track",
        ExitCode.unusable,
      );

    const written = initFiles({ configFile, baseUrl, projects: kept, siteUrl });
    // The config is checked as `build` will read it before anything is written.
    parseConfig(JSON.parse(written[0]!.text), configFile, {});
    for (const file of written) {
      const target = resolve(options.cwd, file.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.text, { flag: options.force ? "w" : "wx" });
    }
    return {
      command: "init",
      baseUrl,
      projects: kept.map((p) => ({ slug: p.slug, name: p.name, components: p.components })),
      files: written.map((f) => f.path),
      ...(siteUrl ? { siteUrl } : {}),
    };
  } finally {
    await client.close();
  }
}

/** What to do next, for people (the JSON summary leaves it out). */
export function nextSteps(summary: InitSummary): string {
  const projects = summary.projects
    .map((p) => `  ${p.slug}: ${p.name}, ${p.components} component${p.components === 1 ? "" : "s"}`)
    .join("\n");
  const [config, schema, workflow] = summary.files;
  return `Tracking every component and language of:
${projects}
Wrote ${summary.files.join(", ")}.
Next:
  1. Try it here:        npx l10n-snapshot build${config === DEFAULT_CONFIG ? "" : ` --config ${config}`}   (then open out/index.html)
  2. Add the secret:     Settings > Secrets and variables > Actions > New repository secret,
                         named ${TOKEN_ENV}, holding a Weblate API token (your profile > API access)
  3. Enable Pages:       Settings > Pages > Source: "GitHub Actions"
  4. Commit and push ${config}, ${schema} and ${workflow}; the workflow runs every six hours,
     or now from the Actions tab ("Run workflow").
${
  summary.siteUrl
    ? `The site will be at ${summary.siteUrl} (site.url); each run reads the history back from there.`
    : `Set "site.url" in ${config} to the site's address (e.g. https://USER.github.io/REPO/), or pass --site-url:
each run reads the history back from there; without it every run starts a new history.`
}
`;
}

function checkSiteUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.username ||
    url.password
  ) {
    throw new UsageError(
      `--site-url expects the site's http(s) address, such as https://USER.github.io/REPO/, found '${sanitizeText(value)}'`,
    );
  }
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

function checkBaseUrl(value: string | undefined, tokenEnv: string | undefined): string {
  if (!value)
    throw new UsageError(
      "init needs the Weblate server: --base-url URL, e.g. --base-url https://hosted.weblate.org",
    );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--base-url expects an http(s) address such as https://hosted.weblate.org, found '${sanitizeText(value)}'`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new UsageError(`--base-url expects an http(s) address, found '${sanitizeText(value)}'`);
  if (url.protocol === "http:" && tokenEnv && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `--base-url is plain http:// to ${url.hostname}, and ${tokenEnv} is set; the token would cross the network unencrypted. Use https:// or unset ${tokenEnv}`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

async function refuseExisting(files: string[], cwd: string): Promise<void> {
  for (const file of files) {
    const exists = await access(resolve(cwd, file), constants.F_OK).then(
      () => true,
      () => false,
    );
    if (exists) throw new UsageError(`init: ${file} exists already; pass --force to replace it`);
  }
}

async function chooseProjects(
  projects: ServerProject[],
  options: InitOptions,
): Promise<ServerProject[]> {
  if (projects.length === 0)
    throw new UserError(
      "init: the server lists no projects (is it a Weblate server, and can the token see them?)",
      ExitCode.unusable,
    );
  if (options.projects.length > 0) {
    const bySlug = new Map(projects.map((p) => [p.slug, p]));
    return [...new Set(options.projects)].map((slug) => {
      const found = bySlug.get(slug);
      if (!found)
        throw new UsageError(
          `init: the server has no project '${sanitizeText(slug)}'; it has ${listSlugs(projects)}`,
        );
      return found;
    });
  }
  const nameThem = `name the ones to track with --project SLUG (repeatable); the server has ${listSlugs(projects)}`;
  if (options.yes) {
    if (projects.length > MAX_ALL_PROJECTS)
      throw new UsageError(
        `init: the server has ${projects.length} projects, too many to track all; ${nameThem}`,
      );
    return projects;
  }
  if (!options.prompt)
    throw new UsageError(
      `init: no terminal to ask which projects to track; pass --yes to track all ${projects.length}, or ${nameThem}`,
    );
  if (projects.length > MAX_LISTED_PROJECTS)
    throw new UsageError(`init: the server has ${projects.length} projects; ${nameThem}`);
  return askProjects(projects, options.prompt);
}

function listSlugs(projects: ServerProject[]): string {
  const shown = projects
    .slice(0, 10)
    .map((p) => p.slug)
    .join(", ");
  return sanitizeText(projects.length > 10 ? `${shown} and ${projects.length - 10} more` : shown);
}

function report(skipped: Skipped[], stderr: { write(text: string): unknown }): void {
  for (const s of skipped) stderr.write(`init: ${s.what} left out: ${s.why}\n`);
}

/** A failed request as a one-line user error (exit 3): the server could not tell what exists. */
async function ask<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RequestError)
      throw new UserError(
        `init: cannot ${what}: ${sanitizeText(error.message)}`,
        ExitCode.unusable,
        { cause: error },
      );
    throw error;
  }
}
