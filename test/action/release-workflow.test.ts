import { execFile } from "node:child_process";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { keyValues } from "../helpers/action-runner.js";
import { tempDir } from "../helpers/temp-dir.js";

// The release workflow (.github/workflows/release.yml) on a version tag: the tests, then the
// major tag moved and the npm package published as two jobs, the first never waiting for the
// second. Its shell steps run here with bash: the tag moved in a real git repository with an
// `origin`, and the choice of how to publish against an `npm` that answers as the registry
// would (a stand-in on PATH: the package there or not, the version there or not).

const root = join(import.meta.dirname, "../..");
const run = promisify(execFile);
let steps = 0;

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps: Step[];
}
const release = async () =>
  parse(await readFile(join(root, ".github/workflows/release.yml"), "utf8")) as {
    on: unknown;
    permissions: unknown;
    jobs: Record<string, Job>;
  };

/** Runs a step's script with bash in `cwd`, the runner's GITHUB_OUTPUT file read back. */
async function runStep(step: Step, cwd: string, env: Record<string, string>) {
  const output = join(cwd, "..", `output-${++steps}`);
  await writeFile(output, "");
  const { stdout } = await run("bash", ["-e", "-c", step.run ?? ""], {
    cwd,
    env: { ...process.env, ...env, GITHUB_OUTPUT: output },
  });
  return { stdout, outputs: keyValues(await readFile(output, "utf8")) };
}

describe("release.yml", () => {
  it("tests, then moves the major tag and publishes to npm as two jobs, neither waiting for the other", async () => {
    const workflow = await release();
    expect(workflow.on).toEqual({ push: { tags: ["v[0-9]+.[0-9]+.[0-9]+"] } });
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(Object.keys(workflow.jobs)).toEqual(["test", "tag", "npm"]);
    const { test, tag, npm } = workflow.jobs;
    expect(test!.steps.at(-1)!.run).toBe("bash .ci/run");
    expect(await readFile(join(root, ".ci/run"), "utf8")).toContain("npm run bundle:check");
    expect(tag!.needs).toBe("test");
    expect(tag!.permissions).toEqual({ contents: "write" });
    expect(npm!.needs).toBe("test");
    expect(npm!.permissions).toEqual({ contents: "read", "id-token": "write" });
    const publishes = npm!.steps.filter((s) => s.run?.includes("npm publish"));
    expect(publishes.map((s) => s.if)).toEqual([
      "steps.mode.outputs.mode == 'trusted'",
      "steps.mode.outputs.mode == 'token'",
    ]);
    for (const step of publishes)
      expect(step.run).toContain("npm publish --provenance --access public");
  });

  it("the test job refuses a tag that is not package.json's version", async () => {
    const step = (await release()).jobs.test!.steps.find((s) => s.name?.includes("version"))!;
    const dir = await tempDir("l10n-snapshot-release-");
    await writeFile(join(dir, "package.json"), JSON.stringify({ version: "1.0.0" }));
    await expect(runStep(step, dir, { TAG: "v1.0.0" })).resolves.toBeDefined();
    await expect(runStep(step, dir, { TAG: "v1.2.3" })).rejects.toMatchObject({
      stdout:
        "::error::tag v1.2.3 but package.json says v1.0.0: tag the commit whose package.json has the version\n",
    });
  });

  it("the tag job moves v<major> to the release commit in origin, and again at the next release", async () => {
    const step = (await release()).jobs.tag!.steps.find((s) => s.run?.includes("git tag"))!;
    const dir = await tempDir("l10n-snapshot-release-");
    const git = (cwd: string, ...args: string[]) =>
      run("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], { cwd });
    await git(dir, "init", "--bare", "-q", "origin.git");
    await git(dir, "clone", "-q", join(dir, "origin.git"), "work");
    const work = join(dir, "work");
    const commit = async (message: string) => {
      await git(work, "commit", "-q", "--allow-empty", "-m", message);
      return (await git(work, "rev-parse", "HEAD")).stdout.trim();
    };
    const first = await commit("1.0.0");
    const moved = await runStep(step, work, { TAG: "v1.0.0", GITHUB_SHA: first });
    expect(moved.stdout).toBe(`::notice::v1 now names v1.0.0 (${first})\n`);
    const at = async () => (await git(join(dir, "origin.git"), "rev-parse", "v1")).stdout.trim();
    expect(await at()).toBe(first);
    const second = await commit("1.1.0");
    await runStep(step, work, { TAG: "v1.1.0", GITHUB_SHA: second });
    expect(await at()).toBe(second);
  });

  describe("the npm job's choice", () => {
    /** A folder with package.json and an `npm` that knows `versions` of it (none: no package). */
    async function registry(versions: string[] | undefined) {
      const dir = await tempDir("l10n-snapshot-release-");
      await mkdir(join(dir, "bin"));
      await writeFile(
        join(dir, "package.json"),
        JSON.stringify({ name: "l10n-snapshot", version: "1.0.0" }),
      );
      const known = versions === undefined ? "" : versions.join(" ");
      await writeFile(
        join(dir, "bin/npm"),
        `#!/usr/bin/env bash
# npm view NAME[@VERSION] FIELD, as the registry answers it.
[ "$1" = view ] || exit 2
known="${known}"
case "$2" in
  *@*) v="\${2#*@}"; for k in $known; do [ "$k" = "$v" ] && echo "$v"; done; exit 0 ;;
  *) [ -n "$known" ] && { echo "$2"; exit 0; }; echo "npm error code E404" >&2; exit 1 ;;
esac
`,
      );
      await chmod(join(dir, "bin/npm"), 0o755);
      return dir;
    }
    const choose = async (dir: string, token = "") => {
      const step = (await release()).jobs.npm!.steps.find((s) => s.id === "mode")!;
      return runStep(step, dir, {
        PATH: `${join(dir, "bin")}:${process.env.PATH}`,
        NPM_TOKEN: token,
      });
    };

    it("a first release with no token: skipped with a notice saying why and what to do", async () => {
      const result = await choose(await registry(undefined));
      expect(result.outputs).toEqual({ mode: "none" });
      expect(result.stdout).toMatch(
        /^::notice::l10n-snapshot is not on npm yet and there is no NPM_TOKEN secret \(trusted publishing works only for a package that exists\): l10n-snapshot 1\.0\.0 is not published to npm\. The Action's release, the major tag, does not need it\./,
      );
    });

    it("a first release with NPM_TOKEN: published with the token", async () => {
      expect((await choose(await registry(undefined), "npm_x")).outputs).toEqual({ mode: "token" });
    });

    it("a later release: trusted publishing, or the token when there is one", async () => {
      expect((await choose(await registry(["1.0.0-rc.1", "0.9.0"]))).outputs).toEqual({
        mode: "trusted",
      });
      expect((await choose(await registry(["0.9.0"]), "npm_x")).outputs).toEqual({
        mode: "token",
      });
    });

    it("a version already on npm (a job run again): nothing to publish", async () => {
      const result = await choose(await registry(["0.9.0", "1.0.0"]), "npm_x");
      expect(result.outputs).toEqual({ mode: "none" });
      expect(result.stdout).toBe(
        "::notice::l10n-snapshot 1.0.0 is on npm already; nothing to publish\n",
      );
    });
  });
});
