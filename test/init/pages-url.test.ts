import { describe, expect, it } from "vitest";
import { pagesUrlOfRepository, repositoryOfRemote } from "../../src/init/init-files.js";

/** The Pages address init writes as site.url for a repository whose origin is `remote`. */
function pagesUrlOf(remote: string): string | undefined {
  const repository = repositoryOfRemote(remote);
  return repository && pagesUrlOfRepository(repository);
}

describe("pagesUrlOf", () => {
  it.each([
    ["git@github.com:owner/repo.git", "https://owner.github.io/repo/"],
    ["https://github.com/Owner/Repo", "https://owner.github.io/Repo/"],
    ["https://github.com/owner/repo.git/", "https://owner.github.io/repo/"],
    ["ssh://git@github.com/owner/repo.git", "https://owner.github.io/repo/"],
    ["https://token@github.com/owner/repo.git", "https://owner.github.io/repo/"],
    ["git@github.com:owner/owner.github.io.git", "https://owner.github.io/"],
  ])("%s -> %s", (remote, url) => {
    expect(pagesUrlOf(remote)).toBe(url);
  });

  it.each([
    ["git@gitlab.com:owner/repo.git"],
    ["https://github.com/owner"],
    ["https://github.com.evil.example/owner/repo"],
    ["https://github.com/owner/repo/extra"],
    ["https://github.com/owner/.."],
  ])("%s -> none", (remote) => {
    expect(pagesUrlOf(remote)).toBeUndefined();
  });
});
