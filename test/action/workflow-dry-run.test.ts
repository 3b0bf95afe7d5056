import { execFile } from "node:child_process";
import { cp, mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse as parseHtml } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTranslation } from "../../src/demo/record-builder.js";
import { readHistoryFile } from "../../src/history/history-parts.js";
import { ACTION_REF } from "../../src/init/init-files.js";
import { actionCheckout } from "../helpers/action-checkout.js";
import { startStandIn } from "../helpers/stand-in.js";
import { serveDirectory } from "../helpers/static-site.js";
import { runWorkflowJob, type JobRun } from "../helpers/workflow-runner.js";
import { tempDir } from "../helpers/temp-dir.js";

// A dry run of what a new maintainer sets up: `init` in a fresh git repository (run from the
// bundle, as `npx l10n-snapshot init` runs it), the next steps it prints followed, then the
// workflow it wrote run as GitHub runs it - checkout, the Action at its ref (action.yml's
// `node24` entry from a copy of this repository, nothing installed), upload and deploy left to
// GitHub (the deployment is a copy into the folder the "Pages" server serves) - twice, the
// second run reading the first run's site back as its previous one.

const run = promisify(execFile);
let actionPath = "";

beforeAll(async () => {
  const dir = await tempDir("l10n-snapshot-dry-run-");
  actionPath = await actionCheckout(join(dir, "_actions/l10n-snapshot/l10n-snapshot/v1"));
}, 60_000);

/** One project, one component, two languages; German has `de` of its 120 strings translated. */
const records = (de: number) => (base: string) =>
  (["de", "fr"] as const).map((code, i) =>
    makeTranslation(base, {
      project: { slug: "orbit-notes", name: "Orbit Notes", web: "https://orbit.example" },
      projectId: 1,
      component: { slug: "app", name: "App", total: 120 },
      componentId: 1,
      language: { code, name: code === "de" ? "German" : "French" },
      languageId: i + 1,
      id: i + 1,
      stats: {
        translated: code === "de" ? de : 30,
        fuzzy: 0,
        failingChecks: 0,
        lastChange: "2026-11-20T10:00:00Z",
        lastAuthor: "Ada",
      },
    }),
  );

/** The machine's environment without a token, and a git identity. */
const { WEBLATE_TOKEN: _token, ...machine } = process.env;
const env = {
  ...machine,
  GIT_AUTHOR_NAME: "Maintainer",
  GIT_AUTHOR_EMAIL: "m@example.org",
  GIT_COMMITTER_NAME: "Maintainer",
  GIT_COMMITTER_EMAIL: "m@example.org",
};
const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env });

describe("the workflow init writes, run as GitHub runs it", () => {
  it("publishes twice: the second run carries the first one's history; outputs and job summary each time", async () => {
    const server = await startStandIn({ records: records(60) });
    const dir = await tempDir("l10n-snapshot-dry-run-");
    const pagesDir = join(dir, "pages");
    await mkdir(pagesDir);
    const pages = await serveDirectory(pagesDir);

    // The maintainer's repository, and init in it.
    const repo = join(dir, "notes-l10n");
    await mkdir(repo);
    await git(repo, "init", "-q", "-b", "main");
    await git(repo, "remote", "add", "origin", "https://github.com/orbit-team/notes-l10n.git");
    const init = await run(
      process.execPath,
      [
        join(actionPath, "dist/cli.js"),
        "init",
        "--yes",
        "--base-url",
        server.baseUrl,
        "--site-url",
        pages.url,
      ],
      { cwd: repo, env },
    );
    expect(init.stderr).toBe("");
    // Its git commands, as printed (the push is to GitHub: the runner checks out this repository).
    const steps = init.stdout.slice(init.stdout.indexOf("3. Commit and push:"));
    const commands = [...steps.matchAll(/^\s*(?:3\. Commit and push:\s+)?(git .*)$/gm)].map(
      (m) => m[1]!,
    );
    expect(commands).toEqual([
      "git add config/l10n-snapshot.json config/l10n-snapshot.schema.json .github/workflows/publish.yml .gitignore",
      'git commit -m "Publish the translation status"',
      "git push",
    ]);
    for (const command of commands.slice(0, 2))
      await run("bash", ["-c", command], { cwd: repo, env });
    expect((await git(repo, "status", "--porcelain")).stdout).toBe("");

    // init asked anonymously (no WEBLATE_TOKEN here); the runs send the secret.
    const initRequests = server.log.length;
    const token = "wlu_dry_run_token_5678";
    const scheduled = async (n: number): Promise<JobRun> => {
      const workspace = join(dir, `run${n}/_work/notes-l10n/notes-l10n`);
      const temp = join(dir, `run${n}/_temp`);
      const options = {
        workspace,
        temp,
        repository: "orbit-team/notes-l10n",
        secrets: { WEBLATE_TOKEN: token },
      };
      const workflow = join(repo, ".github/workflows/publish.yml");
      const build = await runWorkflowJob(workflow, "build", {
        ...options,
        uses: {
          "actions/checkout@v5": {
            run: async () => void (await git(workspace, "clone", "-q", repo, ".")),
          },
          [ACTION_REF]: { action: actionPath },
          "actions/upload-pages-artifact@v4": { skip: "GitHub-hosted" },
        },
      });
      const deploy = await runWorkflowJob(workflow, "deploy", {
        ...options,
        uses: { "actions/deploy-pages@v4": { skip: "GitHub-hosted" } },
      });
      expect(deploy.steps.map((s) => s.status)).toEqual(["not run (GitHub-hosted)"]);
      // What upload and deploy do: the artifact's folder becomes the published site.
      const artifact = build.steps.find((s) => s.uses.startsWith("actions/upload-pages-artifact"))!;
      await rm(pagesDir, { recursive: true, force: true });
      await cp(join(workspace, artifact.inputs.path!), pagesDir, { recursive: true });
      // The site is built, never committed: the checkout stays clean.
      expect((await git(workspace, "status", "--porcelain")).stdout).toBe("");
      return build;
    };

    const first = await scheduled(1);
    server.setRecords(records(120)(server.baseUrl));
    const second = await scheduled(2);

    for (const job of [first, second]) {
      expect(job.failed).toBe(false);
      expect(job.steps.map((s) => [s.uses, s.status])).toEqual([
        ["actions/checkout@v5", "success"],
        ["l10n-snapshot/l10n-snapshot@v1", "success"],
        ["actions/upload-pages-artifact@v4", "not run (GitHub-hosted)"],
      ]);
      const action = job.steps[1]!.action!;
      expect(action.outputs).toEqual({
        "site-path": "out",
        "exit-code": "0",
        translations: "2",
        ok: "2",
        invalid: "0",
        failed: "0",
        stale: "0",
        removed: "0",
      });
      expect(job.summary).toContain("| 2 | 2 | 0 | 0 | 0 |");
      expect(job.summary).toContain("The site is in out (");
    }
    // Nothing published yet on the first run: one line saying that this is normal then, and no
    // warning annotation.
    const annotations = (step: (typeof first.steps)[number]) =>
      step.action!.stdout.split("\n").filter((line) => line.startsWith("::warning"));
    expect(annotations(first.steps[1]!)).toEqual([]);
    expect(first.steps[1]!.action!.stderr).toBe(
      `note previous site ${pages.url} has nothing published yet (data/history.json and data/snapshot.json.gz: 404 Not Found): normal for a first run; starting a new history\n`,
    );
    expect(annotations(second.steps[1]!)).toEqual([]);
    expect(second.steps[1]!.action!.stderr).toBe("");
    expect(server.log.slice(initRequests).length).toBeGreaterThan(0);
    expect(
      server.log.slice(initRequests).every((r) => r.headers.authorization === `Token ${token}`),
    ).toBe(true);
    // Each run read the published site's history; the first found none.
    expect(pages.requests.filter((r) => r.url.startsWith("/data/history.json?t="))).toHaveLength(2);

    // The published site after the second run: both runs in its history, the change shown.
    const history = readHistoryFile(join(pagesDir, "data/history.json"));
    // Run 2 is the last run, run 1 the one before; German reaching 100% is run 2's news (both runs
    // fall in one minute here, where the later numbers stand for the minute's point).
    expect(Date.parse(history.lastRun!)).toBeGreaterThan(Date.parse(history.previousRun!));
    expect(history.runs.at(-1)!.at).toBe(history.lastRun);
    expect(history.runs.at(-1)!.changes.reached100).toEqual([
      { key: "orbit-notes/app/de", previous: 50 },
    ]);
    const index = parseHtml(await readFile(join(pagesDir, "index.html"), "utf8"));
    // (Deltas only with a previous run: the chart is there from the first run on.)
    expect(index.querySelector("section.trend table.deltas")).not.toBeNull();
  }, 120_000);
});
