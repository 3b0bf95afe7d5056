import { existsSync } from "node:fs";
import { checkBaseUrl } from "../config/base-url.js";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { assertTokenTransport, parseConfig } from "../config/load-config.js";
import { crawlOptionsSchema } from "../config/schema.js";
import { HttpClient } from "../http/http-client.js";
import { OTHER_WAYS } from "../crawl/list-fallbacks.js";
import { RequestError } from "../http/request-error.js";
import { ExitCode, UsageError, UserError } from "../model/errors.js";
import { addSecret, sanitizeText } from "../text/sanitize.js";
import { chooseProjects, type Listed, listEachProject } from "./choose-projects.js";
import { listProjects, type Skipped } from "./discover.js";
import {
  addToGitignore,
  githubRepositoryOf,
  initFiles,
  pagesUrlOfRepository,
  scheduleMinute,
  siteTitle,
  type GitignoreChange,
} from "./init-files.js";
import type { Io } from "../model/io.js";
import { must } from "../model/must.js";

export interface InitSummary {
  command: "init";
  baseUrl: string;
  /** What the config tracks: each project kept with wildcards, or the whole server. */
  translations: string[];
  /** The projects kept; `components` is absent for one kept with --include-failing. */
  projects: { slug: string; name: string; components?: number }[];
  /** When the whole server is tracked: how many projects it listed. */
  wholeServer?: number;
  /** Projects whose component list failed: left out, or kept with --include-failing. */
  failing: { slug: string; error: string; kept: boolean }[];
  /** Files written, then .gitignore when it was created or changed. */
  files: string[];
  gitignore: GitignoreChange;
  /** The site's address written as site.url, when known. */
  siteUrl?: string;
  /** The minute of the hour the workflow's schedule runs at (drawn from the repository's name). */
  scheduleMinute: number;
}

const TOKEN_ENV = "WEBLATE_TOKEN";
/** The folder the workflow builds the site into (its `out:`), which .gitignore gets. */
const OUT = "out";

type Tracked = Pick<InitSummary, "translations" | "projects" | "failing" | "wholeServer">;
type Stderr = Io["stderr"];
/** What init reads of the command's flags (the config path with its default filled in). */
interface InitFlags {
  "base-url"?: string;
  config: string;
  "site-url"?: string;
  force?: boolean;
  "include-failing"?: boolean;
  project?: string[];
  yes?: boolean;
}

/**
 * `l10n-snapshot init`: asks the server which projects exist and writes the config and the
 * workflow, and adds the output folder to .gitignore.
 */
export async function runInit(flags: InitFlags, io: Io): Promise<InitSummary> {
  const cwd = io.cwd ?? process.cwd();
  const baseUrl = readBaseUrlFlag(
    flags["base-url"],
    io.env[TOKEN_ENV] ? TOKEN_ENV : undefined,
    io.stderr,
  );
  const configFile = configPathIn(cwd, flags.config);
  const repository = await githubRepositoryOf(cwd);
  const siteUrl =
    flags["site-url"] !== undefined
      ? checkSiteUrl(flags["site-url"])
      : repository && pagesUrlOfRepository(repository);
  const minute = scheduleMinute(
    repository ? `${repository.owner}/${repository.repo}` : basename(resolve(cwd)),
  );
  const files = (translations: string[], title: string) =>
    initFiles({ configFile, baseUrl, translations, title, siteUrl, minute });
  const force = flags.force ?? false;
  const there = files([], "").find((f) => existsSync(resolve(cwd, f.path)));
  if (there && !force)
    throw new UsageError(`init: ${there.path} exists already; pass --force to replace it`);

  // With build's defaults; the token is redacted from all output from now on.
  const token = io.env[TOKEN_ENV] || undefined;
  addSecret(token);
  const defaults = crawlOptionsSchema.parse({});
  const client = new HttpClient({ ...defaults, baseUrl, token, setting: "--base-url" });
  try {
    const { tracked, title } = await chooseTracked(client, baseUrl, flags, io);
    const written = files(tracked.translations, title);
    // The config is checked as `build` will read it before anything is written.
    parseConfig(JSON.parse(must(written[0]).text), configFile, {});
    await writeInitFiles(written, cwd, force);
    const gitignore = await addToGitignore(cwd, OUT);
    return {
      command: "init",
      baseUrl,
      ...tracked,
      files: [...written.map((f) => f.path), ...(gitignore === "present" ? [] : [".gitignore"])],
      gitignore,
      ...(siteUrl ? { siteUrl } : {}),
      scheduleMinute: minute,
    };
  } finally {
    await client.close();
  }
}

/** The config's path as the workflow names it: relative to, and inside, init's folder. */
function configPathIn(cwd: string, configFile: string): string {
  const path = relative(cwd, resolve(cwd, configFile)).split(sep).join("/");
  if (path.startsWith("../") || isAbsolute(path)) {
    throw new UsageError(
      `init: --config ${sanitizeText(configFile)} is outside this folder; run init at ` +
        `the root of the repository, with the config inside it`,
    );
  }
  return path;
}

/** Lists the server's projects, lets the user choose, and says what the config will track. */
async function chooseTracked(
  client: HttpClient,
  baseUrl: string,
  flags: InitFlags,
  io: Io,
): Promise<{ tracked: Tracked; title: string }> {
  const listed = await listProjects(client, baseUrl).catch((error: unknown) => {
    // The server could not tell what exists: a one-line user error.
    if (!(error instanceof RequestError)) throw error;
    const why = `init: cannot list the projects of ${baseUrl}: ${sanitizeText(error.message)}`;
    throw new UserError(why, ExitCode.unusable, { cause: error });
  });
  report(listed.skipped, io.stderr);
  if (listed.projects.length === 0)
    throw new UserError(
      "init: the server lists no projects (is it a Weblate server, and can the token see them?)",
      ExitCode.unusable,
    );
  // Asked on the terminal only: elsewhere (CI, pipes) --yes or --project is needed.
  const prompt = io.stdin?.isTTY ? { input: io.stdin, output: io.stderr } : undefined;
  const chosen = { projects: flags.project ?? [], yes: flags.yes ?? false, prompt };
  const choice = await chooseProjects(listed.projects, chosen, { client, baseUrl });
  if ("wholeServer" in choice) {
    const tracked = {
      translations: ["*/*/*"],
      projects: [],
      failing: [],
      wholeServer: listed.projects.length,
    };
    return { tracked, title: siteTitle([]) };
  }
  const tracked = keepListed(
    await listEachProject(client, baseUrl, choice.projects),
    flags["include-failing"] === true,
    io.stderr,
  );
  return { tracked, title: siteTitle(tracked.projects) };
}

/**
 * The chosen projects worth tracking: those with components, and with --include-failing those
 * whose component list failed; says on stderr why each other one was left out.
 */
function keepListed(listed: Listed[], includeFailing: boolean, stderr: Stderr): Tracked {
  const kept: InitSummary["projects"] = [];
  const failing: InitSummary["failing"] = [];
  for (const p of listed) {
    if ("error" in p) {
      failing.push({ slug: p.slug, error: p.error, kept: includeFailing });
      if (includeFailing) kept.push({ slug: p.slug, name: p.name });
      stderr.write(
        includeFailing
          ? `init: project ${p.slug} kept as ${p.slug}/*/* (--include-failing), though its ` +
              `components could not be listed: ${p.error}\n`
          : `init: project ${p.slug} left out: cannot list its components: ${p.error} ` +
              `(--include-failing keeps it)\n`,
      );
      continue;
    }
    report(p.skipped, stderr);
    if (p.fallback)
      stderr.write(
        `init: project ${p.slug}: its component list answered ${p.fallback.status}; its ` +
          `${p.components === 1 ? "1 component was" : `${p.components} components were`} ` +
          `found through ${OTHER_WAYS[p.fallback.way]} instead, as build will find them\n`,
      );
    if (p.components === 0) stderr.write(`init: project ${p.slug} has no components; left out\n`);
    else kept.push({ slug: p.slug, name: p.name, components: p.components });
  }
  if (kept.length === 0)
    throw new UserError(
      "init: none of the chosen projects has components that could be listed; nothing to track",
      ExitCode.unusable,
    );
  return { translations: kept.map((p) => `${p.slug}/*/*`), projects: kept, failing };
}

/** Writes the files under cwd; without --force, one that appeared meanwhile is kept. */
async function writeInitFiles(
  files: { path: string; text: string }[],
  cwd: string,
  force: boolean,
): Promise<void> {
  for (const file of files) {
    const target = resolve(cwd, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.text, { flag: force ? "w" : "wx" });
  }
}

function checkSiteUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) {
    throw new UsageError(
      `--site-url expects the site's http(s) address, such as https://USER.github.io/REPO/, ` +
        `found '${sanitizeText(value)}'`,
    );
  }
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** --base-url as the server's base address; a usage error where it is missing or not one. */
function readBaseUrlFlag(
  value: string | undefined,
  tokenEnv: string | undefined,
  stderr: { write(text: string): unknown },
): string {
  if (!value)
    throw new UsageError(
      "init needs the Weblate server: --base-url URL, e.g. --base-url https://hosted.weblate.org",
    );
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol))
    throw new UsageError(
      `--base-url expects an http(s) address such as https://hosted.weblate.org, found ` +
        `'${sanitizeText(value)}'`,
    );
  if (tokenEnv) assertTokenTransport("", url.href, tokenEnv, "--base-url");
  // The API's root is taken back to the base (a note); another page of Weblate is refused.
  const base = checkBaseUrl(url.href, "--base-url");
  if (base.problem !== undefined) throw new UsageError(`init: ${sanitizeText(base.problem)}`);
  if (base.note) stderr.write(`note ${sanitizeText(base.note)}\n`);
  return base.baseUrl;
}

function report(skipped: Skipped[], stderr: { write(text: string): unknown }): void {
  for (const s of skipped) stderr.write(`init: ${s.what} left out: ${s.why}\n`);
}
