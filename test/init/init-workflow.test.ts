import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { main } from "../../src/cli/main.js";
import {
  ACTION_REF,
  addToGitignore,
  scheduleMinute,
  workflowText,
} from "../../src/init/init-files.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// What init writes for the scheduled job (the workflow, .gitignore) and what it does with a
// server that is large or partly broken.

async function run(argv: string[], cwd: string) {
  const io = captureIo({});
  const code = await main(argv, { ...io, cwd });
  return { code, out: io.out(), err: io.err() };
}

/** A folder that is a clone of github.com/<owner>/<repo> (its .git/config, as git writes it). */
async function clone(owner: string, repo: string): Promise<string> {
  const dir = await tempDir();
  await mkdir(join(dir, ".git"));
  await writeFile(
    join(dir, ".git/config"),
    `[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/${owner}/${repo}.git\n`,
  );
  return dir;
}

const readJson = async (file: string) => JSON.parse(await readFile(file, "utf8"));

describe("the workflow init writes", () => {
  it("uses the Action by its repository's major tag, with Pages permissions, an uncancelled concurrency group, a manual trigger and the drawn minute", async () => {
    const pkg = await readJson(join(import.meta.dirname, "../../package.json"));
    expect(pkg.repository.url).toContain(`github.com/${ACTION_REF.split("@")[0]}.git`);
    expect(ACTION_REF).toBe(`l10n-snapshot/l10n-snapshot@v${pkg.version.split(".")[0]}`);
    expect(ACTION_REF).toBe("l10n-snapshot/l10n-snapshot@v1");

    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await clone("Orbit-Team", "notes-l10n");
    expect((await run(["init", "--yes", "--base-url", server.baseUrl], dir)).code).toBe(0);
    const text = await readFile(join(dir, ".github/workflows/publish.yml"), "utf8");
    const minute = scheduleMinute("Orbit-Team/notes-l10n");
    expect(text).toBe(workflowText({ configFile: "config/l10n-snapshot.json", minute }));
    const workflow = parse(text);
    expect(workflow.on).toEqual({
      schedule: [{ cron: `${minute} */6 * * *` }],
      workflow_dispatch: null,
    });
    expect(workflow.permissions).toEqual({ contents: "read", pages: "write", "id-token": "write" });
    expect(workflow.concurrency).toEqual({ group: "pages", "cancel-in-progress": false });
    expect(workflow.jobs.build.steps.map((s: { uses: string }) => s.uses)).toEqual([
      "actions/checkout@v5",
      "l10n-snapshot/l10n-snapshot@v1",
      "actions/upload-pages-artifact@v4",
    ]);
    expect(workflow.jobs.build.steps[1].with).toEqual({
      config: "config/l10n-snapshot.json",
      out: "out",
      token: "${{ secrets.WEBLATE_TOKEN }}",
    });
    expect(workflow.jobs.deploy.steps).toEqual([
      { id: "deployment", uses: "actions/deploy-pages@v4" },
    ]);
  });

  it("draws the minute from the repository's name: the same name the same minute, 1 to 59, spread", () => {
    expect(scheduleMinute("Orbit-Team/notes-l10n")).toBe(scheduleMinute("orbit-team/NOTES-L10N"));
    const counts = new Array<number>(60).fill(0);
    for (let i = 0; i < 59_000; i++) counts[scheduleMinute(`owner${i}/repo${i}`)]! += 1;
    expect(counts[0]).toBe(0);
    // About 1,000 each: none far from an even spread.
    expect(Math.min(...counts.slice(1))).toBeGreaterThan(850);
    expect(Math.max(...counts.slice(1))).toBeLessThan(1150);
    expect(() => workflowText({ configFile: "c.json", minute: 0 })).toThrow(RangeError);
  });

  it("prints next steps that work today: the secret, Pages, and the git commands; no npx", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await clone("orbit-team", "notes-l10n");
    const result = await run(
      ["init", "--yes", "--base-url", server.baseUrl, "--config", "l10n/my status.json"],
      dir,
    );
    expect(result.code).toBe(0);
    expect(result.out).not.toMatch(/npx|npm /);
    const minute = scheduleMinute("orbit-team/notes-l10n");
    const mm = String(minute).padStart(2, "0");
    expect(result.out.slice(result.out.indexOf("Wrote"))).toBe(
      `Wrote l10n/my status.json, l10n/l10n-snapshot.schema.json, .github/workflows/publish.yml; created .gitignore with /out/ (the site is built on each run, never committed).
Next:
  1. Add the secret:   Settings > Secrets and variables > Actions > New repository secret,
                       named WEBLATE_TOKEN, holding a Weblate API token (your profile > API access);
                       public projects can do without, within the server's anonymous limit
  2. Enable Pages:     Settings > Pages > Build and deployment > Source: "GitHub Actions"
  3. Commit and push:  git add 'l10n/my status.json' l10n/l10n-snapshot.schema.json .github/workflows/publish.yml .gitignore
                       git commit -m "Publish the translation status"
                       git push
The workflow then runs every six hours at minute ${minute} (00:${mm}, 06:${mm}, 12:${mm} and 18:${mm} UTC),
and whenever you start it: Actions > "Publish translation status" > Run workflow.
The site will be at https://orbit-team.github.io/notes-l10n/ (site.url); each run reads the history back from there.
`,
    );
  });
});

describe("init and .gitignore", () => {
  it("creates it with the output folder, appends to one without it, and never adds a line twice", async () => {
    const dir = await tempDir();
    expect(await addToGitignore(dir, "out")).toBe("created");
    expect(await readFile(join(dir, ".gitignore"), "utf8")).toBe("/out/\n");
    expect(await addToGitignore(dir, "out")).toBe("present");
    expect(await readFile(join(dir, ".gitignore"), "utf8")).toBe("/out/\n");

    for (const [before, after] of [
      ["node_modules/\n", "node_modules/\n/out/\n"],
      ["node_modules/", "node_modules/\n/out/\n"],
      ["dist\r\n", "dist\r\n/out/\r\n"],
      ["", "/out/\n"],
    ] as const) {
      await writeFile(join(dir, ".gitignore"), before);
      expect(await addToGitignore(dir, "out")).toBe("added");
      expect(await readFile(join(dir, ".gitignore"), "utf8")).toBe(after);
    }
    for (const line of [
      "out",
      "out/",
      "/out",
      "/out/",
      "  out/  ",
      "**/out",
      "**/out/",
      "out/**",
      "/out/**",
      "**/out/**",
    ]) {
      await writeFile(join(dir, ".gitignore"), `a\n${line}\nb\n`);
      expect(await addToGitignore(dir, "out"), line).toBe("present");
      expect(await readFile(join(dir, ".gitignore"), "utf8")).toBe(`a\n${line}\nb\n`);
    }
    // out.txt, output/, docs/out/ or **/output are other paths.
    await writeFile(join(dir, ".gitignore"), "out.txt\noutput/\ndocs/out/\n**/output\n");
    expect(await addToGitignore(dir, "out")).toBe("added");
    // A later negation takes the folder back: the line is added after it.
    await writeFile(join(dir, ".gitignore"), "**/out\n!/out/\n");
    expect(await addToGitignore(dir, "out")).toBe("added");
    expect(await readFile(join(dir, ".gitignore"), "utf8")).toBe("**/out\n!/out/\n/out/\n");
  });

  it("init run twice (--force) leaves one line in the repository's .gitignore", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    await writeFile(join(dir, ".gitignore"), "node_modules/\n");
    const first = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(first.out).toContain("; added /out/ to .gitignore");
    const again = await run(["init", "--yes", "--force", "--base-url", server.baseUrl], dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain(".github/workflows/publish.yml.\n");
    expect(await readFile(join(dir, ".gitignore"), "utf8")).toBe("node_modules/\n/out/\n");
  });
});

describe("init with a project whose component list fails", () => {
  const notFound = { status: 404, body: '{"detail":"Not found."}' };
  // The project's list refused, and the server's own lists too, so that no other way names it
  // (init-fallbacks.test.ts: when one does, the project is kept).
  const refuseAll = (server: { addFault(path: string, ...f: (typeof notFound)[]): void }) => {
    server.addFault("/api/components/", notFound);
    server.addFault("/api/translations/", notFound);
  };

  it("reports it on one line, leaves it out and exits 0; --include-failing keeps it as project/*/*", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    server.addFault("/api/projects/orbit-notes/components/", notFound);
    refuseAll(server);
    const dir = await tempDir();
    const result = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(result.code).toBe(0);
    expect(result.err).toBe(
      `init: project orbit-notes left out: cannot list its components: [GET] "${server.baseUrl}/api/projects/orbit-notes/components/?page_size=1000": 404 Not Found (Not found.) (--include-failing keeps it)\n`,
    );
    expect((await readJson(join(dir, "config/l10n-snapshot.json"))).translations).toEqual([
      "harbor-docs/*/*",
      "tinygrep/*/*",
    ]);

    server.addFault("/api/projects/orbit-notes/components/", notFound);
    refuseAll(server);
    const kept = await run(
      ["init", "--yes", "--force", "--include-failing", "--json", "--base-url", server.baseUrl],
      dir,
    );
    expect(kept.code).toBe(0);
    expect(kept.err).toMatch(
      /^init: project orbit-notes kept as orbit-notes\/\*\/\* \(--include-failing\), though its components could not be listed: .*404 Not Found.*\n$/,
    );
    const summary = JSON.parse(kept.out);
    expect(summary.translations).toEqual(["harbor-docs/*/*", "orbit-notes/*/*", "tinygrep/*/*"]);
    expect(summary.failing).toEqual([
      { slug: "orbit-notes", error: expect.stringContaining("404 Not Found"), kept: true },
    ]);
    expect((await readJson(join(dir, "config/l10n-snapshot.json"))).translations).toEqual(
      summary.translations,
    );
  });

  it("exits 3 when every chosen project's list fails", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    server.addFault("/api/projects/tinygrep/components/", notFound);
    refuseAll(server);
    const dir = await tempDir();
    const result = await run(["init", "--project", "tinygrep", "--base-url", server.baseUrl], dir);
    expect(result.code).toBe(3);
    expect(result.err).toContain(
      "l10n-snapshot: init: none of the chosen projects has components that could be listed; nothing to track\n",
    );
  });
});

describe("init --yes on a server of 1,000 projects", () => {
  it("tracks the whole server as */*/* without one request per project, and the config crawls", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ projects: 1000, components: 1, languages: 1 }),
    });
    const dir = await tempDir();
    const result = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    // The project list (1,000 in one page) and one page of one translation.
    expect(server.log.map((r) => r.url)).toEqual([
      "/api/projects/?page_size=1000",
      "/api/translations/?page_size=1",
    ]);
    expect(result.out).toContain(
      "Tracking every translation of the server (*/*/*): its 1000 projects, read from /api/translations/.",
    );
    const config = await readJson(join(dir, "config/l10n-snapshot.json"));
    expect(config.translations).toEqual(["*/*/*"]);
    expect(config.site).toEqual({ title: "Translation status" });

    const crawl = await run(
      [
        "crawl",
        "--config",
        join(dir, "config/l10n-snapshot.json"),
        "--snapshot",
        join(dir, "s.json"),
        "--json",
      ],
      dir,
    );
    expect(JSON.parse(crawl.out)).toMatchObject({ translations: 1000, ok: 1000, failed: 0 });
  });

  it("asks for --project when the instance-wide list does not answer", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ projects: 30, components: 1, languages: 1 }),
    });
    server.addFault("/api/translations/", { status: 404, body: '{"detail":"Not found."}' });
    const result = await run(["init", "--yes", "--base-url", server.baseUrl], await tempDir());
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /^l10n-snapshot: init: the server has 30 projects and no instance-wide list \(\/api\/translations\/\) to track them all at once; name the ones to track with --project SLUG/,
    );
    expect(server.requestsTo("/api/projects/project1/")).toEqual([]);
  });
});
