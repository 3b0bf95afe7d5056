import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { must } from "../model/must.js";

// Where the site will be published, so every scheduled build can read its history back from there
// (`site.url`). A repository on GitHub publishes its Pages at https://<owner>.github.io/<repo>/,
// or at https://<owner>.github.io/ for the repository named <owner>.github.io.

/**
 * The GitHub Pages address of the repository in `cwd`, from its `origin` remote; undefined when it
 * has none on GitHub.
 */
export async function pagesUrlFromGit(cwd: string): Promise<string | undefined> {
  const config = await readFile(join(cwd, ".git", "config"), "utf8").catch(() => undefined);
  if (config === undefined) return undefined;
  const origin = /\[remote "origin"\]([^[]*)/.exec(config)?.[1];
  const url = origin && /^\s*url\s*=\s*(\S+)\s*$/m.exec(origin)?.[1];
  return url ? pagesUrlOf(url) : undefined;
}

/** A GitHub remote: git@github.com:OWNER/REPO(.git), or over https, ssh or git. */
const GITHUB_REMOTE = new RegExp(
  String.raw`^(?:git@github\.com:|(?:https?|ssh|git):\/\/(?:[^@/]+@)?github\.com\/)` +
    String.raw`([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$`,
);

/**
 * `git@github.com:owner/repo.git`, `https://github.com/owner/repo(.git)` or
 * `ssh://git@github.com/owner/repo` -> the Pages address.
 */
export function pagesUrlOf(remote: string): string | undefined {
  const match = GITHUB_REMOTE.exec(remote);
  if (!match) return undefined;
  const owner = must(match[1]).toLowerCase();
  const repo = must(match[2]);
  if (repo === "." || repo === "..") return undefined;
  return repo.toLowerCase() === `${owner}.github.io`
    ? `https://${owner}.github.io/`
    : `https://${owner}.github.io/${repo}/`;
}
