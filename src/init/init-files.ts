import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { must } from "../model/must.js";
import { VERSION } from "../model/version.js";
import type { ServerProject } from "./discover.js";

// The files init writes: the config, the JSON Schema beside it, the workflow, the output folder in
// .gitignore; and where the site will be published, from the repository's `origin` remote.

const SCHEMA_NAME = "l10n-snapshot.schema.json";

/**
 * The config, the JSON Schema beside it (editors complete and check the config), and the
 * workflow; `configFile` is relative to the repository's root, where init runs. The config says
 * what to track (each chosen project with wildcards, or the whole server), the site's title and
 * where it will be published (each build reads the history back from there).
 */
export function initFiles(options: {
  configFile: string;
  baseUrl: string;
  translations: string[];
  title: string;
  siteUrl?: string | undefined;
  minute: number;
}): { path: string; text: string }[] {
  const { configFile, baseUrl, translations, title, siteUrl } = options;
  const config = {
    $schema: `./${SCHEMA_NAME}`,
    baseUrl,
    translations,
    site: { title, ...(siteUrl ? { url: siteUrl } : {}) },
  };
  const schema = new URL("../../config/l10n-snapshot.schema.json", import.meta.url);
  return [
    { path: configFile, text: `${JSON.stringify(config, null, 2)}\n` },
    { path: join(dirname(configFile), SCHEMA_NAME), text: readFileSync(schema, "utf8") },
    { path: WORKFLOW_FILE, text: workflowText(options) },
  ];
}

/**
 * "Orbit Notes translations", "A and B translations", "A, B and C translations"; a generic title
 * beyond that.
 */
export function siteTitle(projects: ServerProject[]): string {
  const names = projects.map((p) => p.name);
  if (names.length === 0 || names.length > 3) return "Translation status";
  const joined =
    names.length === 1
      ? must(names[0])
      : `${names.slice(0, -1).join(", ")} and ${must(names.at(-1))}`;
  const title = `${joined} translations`;
  return title.length <= 200 ? title : "Translation status";
}

/** Where init writes the workflow, relative to the repository's root. */
export const WORKFLOW_FILE = join(".github", "workflows", "publish.yml");

/**
 * The repository holding action.yml, `owner/name`, from package.json's `repository` field: the
 * workflow uses the Action by its repository, at the major tag of this version (`@v1`), which
 * the release workflow moves to each release.
 */
const ACTION_REPOSITORY = repositoryOfPackage(
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")),
);
export const ACTION_REF = `${ACTION_REPOSITORY}@v${VERSION.split(".")[0]}`;

function repositoryOfPackage(pkg: { repository?: { url?: string } | string }): string {
  const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  const match = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(url ?? "");
  if (!match) throw new Error(`package.json: repository is not on GitHub: ${url}`);
  return `${match[1]}/${match[2]}`;
}

/**
 * The minute of the hour the schedule runs at, drawn from the repository's name (`owner/repo`,
 * case-insensitive; any name will do): the same name always gives the same minute, from 1 to 59,
 * so that the scheduled runs of this tool's users spread over the hour instead of piling onto
 * one moment of GitHub's scheduler (nor minute 0, when most cron jobs start).
 */
export function scheduleMinute(repositoryName: string): number {
  const digest = createHash("sha256").update(repositoryName.toLowerCase()).digest();
  return 1 + (digest.readUInt32BE(0) % 59);
}

/**
 * The scheduled workflow: checkout, the Action, upload, deploy. The config path (relative to the
 * repository's root) is written as a JSON string (a valid YAML double-quoted scalar); the minute
 * is a number from 1 to 59.
 */
export function workflowText(options: { configFile: string; minute: number }): string {
  if (!Number.isInteger(options.minute) || options.minute < 1 || options.minute > 59)
    throw new RangeError(`schedule minute out of range: ${options.minute}`);
  return `# Refreshes the translation status site and badges every six hours and publishes them on GitHub Pages.
# Written by \`l10n-snapshot init\`. Set the repository secret WEBLATE_TOKEN (a Weblate API token)
# and, under Settings > Pages, choose "GitHub Actions" as the source.
name: Publish translation status

on:
  schedule:
    # The minute was drawn from this repository's name, so that scheduled runs spread over the hour.
    - cron: "${options.minute} */6 * * *"
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

# One run at a time; a run in progress is never cancelled, the next one waits for it.
concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - uses: ${ACTION_REF}
        with:
          config: ${JSON.stringify(options.configFile.split("\\").join("/"))}
          out: out
          token: \${{ secrets.WEBLATE_TOKEN }}
      - uses: actions/upload-pages-artifact@v4
        with:
          path: out

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}

// The site is built into the output folder by every run (on the runner, and when trying it
// locally): it is never committed. init adds it to the repository's .gitignore.

/** What addToGitignore did. */
export type GitignoreChange = "created" | "added" | "present";

/**
 * Whether the lines leave the folder ignored: the last line naming it decides, an ignoring one yes,
 * a negated one (`!out/`) no. A line names it as out, out/, /out or /out/, the same after `**` and
 * `/` (under any folder), or as its contents: out/**, /out/** or the same after `**` and `/`.
 */
function ignoresAlready(lines: string[], out: string): boolean {
  const names = new RegExp(
    `^!?(?:/|\\*\\*/)?${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:/|/\\*\\*)?$`,
  );
  let ignored = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (names.test(trimmed)) ignored = !trimmed.startsWith("!");
  }
  return ignored;
}

/**
 * Adds `/<out>/` to `<root>/.gitignore`: creates the file when there is none, appends the line
 * (after a newline if the file lacks its last one) when no line ignores the folder yet, and
 * otherwise leaves the file as it is.
 */
export async function addToGitignore(root: string, out: string): Promise<GitignoreChange> {
  const folder = out.replace(/^\/+|\/+$/g, "");
  const file = join(root, ".gitignore");
  const line = `/${folder}/`;
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) {
    await writeFile(file, `${line}\n`);
    return "created";
  }
  if (ignoresAlready(text.split(/\r?\n/), folder)) return "present";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const separator = text === "" || text.endsWith("\n") ? "" : eol;
  await writeFile(file, `${text}${separator}${line}${eol}`);
  return "added";
}

// The repository on GitHub that init runs in, from its `origin` remote: where the site will be
// published, so every scheduled build can read its history back from there (`site.url`), and the
// name the workflow's schedule is drawn from. A repository on GitHub publishes its Pages at
// https://<owner>.github.io/<repo>/, or at https://<owner>.github.io/ for the repository named
// <owner>.github.io.

/** A repository on GitHub. */
export interface GithubRepository {
  owner: string;
  repo: string;
}

/** The GitHub repository of the `origin` remote in `cwd`; undefined when it has none on GitHub. */
export async function githubRepositoryOf(cwd: string): Promise<GithubRepository | undefined> {
  const config = await readFile(join(cwd, ".git", "config"), "utf8").catch(() => undefined);
  if (config === undefined) return undefined;
  const origin = /\[remote "origin"\]([^[]*)/.exec(config)?.[1];
  const url = origin && /^\s*url\s*=\s*(\S+)\s*$/m.exec(origin)?.[1];
  return url ? repositoryOfRemote(url) : undefined;
}

/** A GitHub remote: git@github.com:OWNER/REPO(.git), or over https, ssh or git. */
const GITHUB_REMOTE = new RegExp(
  String.raw`^(?:git@github\.com:|(?:https?|ssh|git):\/\/(?:[^@/]+@)?github\.com\/)` +
    String.raw`([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$`,
);

/**
 * `git@github.com:owner/repo.git`, `https://github.com/owner/repo(.git)` or
 * `ssh://git@github.com/owner/repo` -> owner and repo.
 */
export function repositoryOfRemote(remote: string): GithubRepository | undefined {
  const match = GITHUB_REMOTE.exec(remote);
  if (!match) return undefined;
  const repo = must(match[2]);
  if (repo === "." || repo === "..") return undefined;
  return { owner: must(match[1]), repo };
}

/** The GitHub Pages address of a repository. */
export function pagesUrlOfRepository({ owner, repo }: GithubRepository): string {
  const host = `${owner.toLowerCase()}.github.io`;
  return repo.toLowerCase() === host ? `https://${host}/` : `https://${host}/${repo}/`;
}
