import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { must } from "../model/must.js";

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
