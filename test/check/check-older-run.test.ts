import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { scheduledJob, type Job } from "../helpers/scheduled-job.js";

// `check` beside a published site whose history part of one project is an older run's (a copy
// or upload left half done): that project's translations are compared with the older run's
// numbers. The gate says so where its readers look: the closing line, a ::warning annotation and
// a row of the job summary under GitHub Actions, and the --json object. A drop against the older
// run still fails; no drop against it passes, with that caveat.

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const PROJECTS = ["alpha", "beta", "gamma"];

/** Every project with one component in cs and de; beta/app/cs `beta` of 91 translated. */
const records = (beta: number) => (base: string) =>
  PROJECTS.flatMap((project) =>
    ["cs", "de"].map((language) =>
      contractRecord(base, {
        project,
        component: "app",
        language,
        stats: {
          translated: project === "beta" && language === "cs" ? beta : 40,
          fuzzy: 0,
          failingChecks: 0,
        },
      }),
    ),
  );

/** Runs 1 (beta/app/cs 40) and 2 (51); returns the job, run 1's beta part, a strict config. */
async function published(): Promise<{ job: Job; older: string; strict: string }> {
  const job = await scheduledJob({ records: records(40), translations: ["*/*/*"] });
  expect((await job.run(at(1))).code).toBe(0);
  const older = await readFile(join(job.out, "data/history/beta.json"), "utf8");
  job.server.setRecords(records(51)(job.server.baseUrl));
  expect((await job.run(at(2))).code).toBe(0);
  const config = JSON.parse(await readFile(job.config, "utf8"));
  const strict = join(job.dir, "check.json");
  await writeFile(strict, JSON.stringify({ ...config, check: { noRegression: true } }));
  return { job, older, strict };
}

/** Run `day` with beta/app/cs at `beta`, then run 1's beta part put back beside its index. */
async function halfCopied(job: Job, older: string, day: number, beta: number) {
  job.server.setRecords(records(beta)(job.server.baseUrl));
  expect((await job.run(at(day))).code).toBe(0);
  await writeFile(join(job.out, "data/history/beta.json"), older);
}

const check = (job: Job, strict: string, env: Record<string, string> = {}, ...flags: string[]) =>
  runCli(
    ["check", "--config", strict, "--snapshot", join(job.out, "data/snapshot.json.gz"), ...flags],
    { env },
  );

const RUN1 = at(1).replace(/\./g, "\\.");

describe("check against a history part of an older run", () => {
  it("passes with the caveat on its closing line, in an annotation, the summary and --json", async () => {
    const { job, older, strict } = await published();
    // Run 3: beta/app/cs falls from 51 to 45 (a regression since run 2), but the folder holds
    // run 1's beta part (40): against it, no drop.
    await halfCopied(job, older, 3, 45);
    const plain = await check(job, strict);
    expect(plain.code, plain.err).toBe(0);
    expect(plain.err).toMatch(/^warning history \S+beta\.json: written by the run of 2026-11-01/);
    expect(plain.out.trim().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^check passed: 6 translations checked \\(noRegression against \\S+history\\.json; ` +
            `1 project against an older run: "beta" \\(the run of ${RUN1}\\)\\)$`,
        ),
      ),
    ]);

    const summary = join(job.dir, "summary.md");
    await writeFile(summary, "before\n");
    const github = await check(job, strict, {
      GITHUB_ACTIONS: "true",
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(github.code, github.err).toBe(0);
    const lines = github.out.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^::warning title=l10n-snapshot check%3A compared with an older run::project "beta": ` +
          `2 translations compared with the run of ${RUN1}, not the latest run: ` +
          `\\S+history/beta\\.json is written by the run of ${RUN1}, not by the index's ` +
          `\\(2026-11-03T06:00:00\\.000Z\\)\\. A drop since that run fails the check`,
      ),
    );
    expect(lines[1]).toMatch(/^check passed: .*1 project against an older run: "beta"/);
    const table = (await readFile(summary, "utf8")).split("\n");
    expect(table[0]).toBe("before");
    expect(table).toContain("### Translation check passed");
    expect(table).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^\\| beta \\| the run of ${at(1).replace(/[.:-]/g, (c) => `\\\\\\${c}`)} \\| 2 \\| `,
        ),
      ),
    );

    const json = await check(job, strict, {}, "--json");
    expect(json.code).toBe(0);
    const result = JSON.parse(json.out);
    expect(result.passed).toBe(true);
    expect(result.olderRuns).toEqual([
      {
        project: "beta",
        run: at(1),
        where: expect.stringMatching(/history\/beta\.json$/),
        why: `written by the run of ${at(1)}, not by the index's (${at(3)})`,
        compared: 2,
      },
    ]);
  });

  it("fails on a drop against the older run, naming that run", async () => {
    const { job, older, strict } = await published();
    // Run 3: beta/app/cs falls to 35, below run 2's 51 and run 1's 40.
    job.server.setRecords(records(35)(job.server.baseUrl));
    expect((await job.run(at(3))).code).toBe(0);
    const clean = await check(job, strict, {}, "--json");
    expect(clean.code, clean.err).toBe(1);
    expect(JSON.parse(clean.out).olderRuns).toBeUndefined();
    expect(JSON.parse(clean.out).offenders[0].message).toMatch(/from 56% in the previous run$/);
    // The folder holds run 1's beta part beside run 3's index.
    await writeFile(join(job.out, "data/history/beta.json"), older);
    const failed = await check(job, strict, {}, "--json");
    expect(failed.code, failed.err).toBe(1);
    const result = JSON.parse(failed.out);
    expect(result.offenders).toEqual([
      expect.objectContaining({
        translation: "beta/app/cs",
        rule: "noRegression",
        previousRun: at(1),
        message: expect.stringMatching(
          new RegExp(`^38\\.4% of 91 strings translated, down from 43\\.9% in the run of ${RUN1}`),
        ),
      }),
    ]);
    expect(failed.err.split("\n")).toContainEqual(
      expect.stringMatching(
        /^check failed: 1 offence in 6 translations checked \(.*; 1 project against an older run: "beta"/,
      ),
    );
  });
});
