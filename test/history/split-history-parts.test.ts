import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { pointCount } from "../../src/history/history.js";
import { contractRecord } from "../helpers/fixtures.js";
import { scheduledJob, type Job } from "../helpers/scheduled-job.js";

// The history's parts against their index, across scheduled runs that read the published site
// back over HTTP: a part another run wrote (a deploy left half done beside a newer index) or one
// holding another number of series than the index lists is kept with a warning, never a stop
// that every later run would repeat; one part that cannot be read costs only its own project's history with
// --previous-optional; a part of a newer format stops the run as a newer index does.

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const PROJECTS = ["alpha", "beta", "gamma"];

/** Every project with one component in `languages`; `translated` by key, 40 of 91 otherwise. */
function records(translated: Record<string, number> = {}, languages = ["cs", "de", "fr"]) {
  return (base: string) =>
    PROJECTS.flatMap((project) =>
      languages.map((language) =>
        contractRecord(base, {
          project,
          component: "app",
          language,
          stats: {
            translated: translated[`${project}/app/${language}`] ?? 40,
            fuzzy: 0,
            failingChecks: 0,
          },
        }),
      ),
    );
}

async function twoRuns(crawl?: Record<string, unknown>): Promise<{ job: Job; older: string }> {
  const job = await scheduledJob({
    records: records(),
    translations: PROJECTS.map((p) => `${p}/*/*`),
    crawl,
  });
  expect((await job.run(at(1))).code).toBe(0);
  const older = await readFile(join(job.out, "data/history/beta.json"), "utf8");
  // Run 2: beta gains a language and a number changes in each project.
  const changed = { "alpha/app/cs": 50, "beta/app/cs": 51, "gamma/app/cs": 52 };
  job.server.setRecords(records(changed, ["cs", "de", "fr", "ja"])(job.server.baseUrl));
  const second = await job.run(at(2));
  expect(second.code, second.lines.join("\n")).toBe(0);
  return { job, older };
}

const read = async (job: Job, path: string) => readFile(join(job.out, path), "utf8");
/** What run 3's entry in the feed announces as added (nothing when it has no entry). */
const addedAt3 = (run: Awaited<ReturnType<Job["run"]>>) =>
  run.history!.runs.filter((r) => r.at === at(3)).flatMap((r) => r.changes.added);

describe("the history's parts, checked against their index", () => {
  it("asks for each part as its index's run wrote it, and keeps an older copy with a warning", async () => {
    const { job, older } = await twoRuns();
    const index = JSON.parse(await read(job, "data/history.json"));
    expect(JSON.parse(await read(job, "data/history/beta.json")).run).toBe(index.lastRun);
    // The host serves run 1's beta.json beside run 2's index (a deploy left half done).
    await writeFile(join(job.out, "data/history/beta.json"), older);
    job.site.requests.length = 0;
    const third = await job.run(at(3));
    expect(third.code, third.lines.join("\n")).toBe(0);
    expect(third.lines).toEqual([
      expect.stringMatching(
        /^warning previous site \S+ data\/history\/beta\.json: written by the run of 2026-11-01T06:00:00\.000Z, not by the index's \(2026-11-02T06:00:00\.000Z\); kept as that run left it, so project "beta" may lack some runs' points \(publish each run's files whole\)$/,
      ),
    ]);
    // Each part was asked for with its run in the query, so a cache cannot answer an older copy.
    const beta = job.site.requests.find((r) => r.url.includes("data/history/beta.json"));
    expect(new URL(beta!.url, job.site.url).searchParams.get("v")).toBe(index.lastRun);
    // What the older part holds is kept: beta's series as run 1 left them, with run 3's points.
    const series = third.history!.series;
    expect(pointCount(series.get("alpha/app/cs")!)).toBe(2);
    expect(pointCount(series.get("beta/app/de")!)).toBe(1);
    expect(pointCount(series.get("beta/app/cs")!)).toBe(2);
    expect(series.has("beta/app/ja")).toBe(true);
    // beta/app/ja, added in run 2, is not announced as added a second time.
    expect(addedAt3(third)).toEqual([]);
    // Run 3 published one run's files again: run 4 reads them with no warning, nothing lost.
    expect(JSON.parse(await read(job, "data/history/beta.json")).run).toBe(at(3));
    const fourth = await job.run(at(4));
    expect(fourth.code, fourth.lines.join("\n")).toBe(0);
    expect(fourth.lines).toEqual([]);
    expect(pointCount(fourth.history!.series.get("beta/app/cs")!)).toBe(2);
  });

  it("check keeps another run's part beside the snapshot with a warning, as build does", async () => {
    const { job, older } = await twoRuns();
    const config = JSON.parse(await readFile(job.config, "utf8"));
    const strict = join(job.dir, "check.json");
    await writeFile(strict, JSON.stringify({ ...config, check: { noRegression: true } }));
    // Run 3 lowers beta/app/cs: the check compares it with what run 2 published.
    const third = { "alpha/app/cs": 50, "beta/app/cs": 45, "gamma/app/cs": 52 };
    job.server.setRecords(records(third, ["cs", "de", "fr", "ja"])(job.server.baseUrl));
    expect((await job.run(at(3))).code).toBe(0);
    const check = async () => {
      let stdout = "";
      let stderr = "";
      const io = {
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: (t: string) => (stderr += t), isTTY: false },
        env: {},
        now: () => new Date(at(3)),
      };
      const snapshot = join(job.out, "data/snapshot.json.gz");
      const code = await main(["check", "--config", strict, "--snapshot", snapshot], io);
      return { code, stdout, lines: stderr.split("\n").filter((l) => l !== "") };
    };
    const clean = await check();
    expect(clean.lines).toEqual([]);
    expect(clean.stdout).toMatch(/^beta\/app\/cs: 49\.4% of 91 strings translated, down from 56%/);
    expect(clean.code).toBe(1);
    // The folder holds run 1's beta.json beside run 3's index (a copy or upload left half done).
    await writeFile(join(job.out, "data/history/beta.json"), older);
    const half = await check();
    expect(half.lines).toEqual([
      expect.stringMatching(
        /^warning history \S+data\/history\/beta\.json: written by the run of 2026-11-01T06:00:00\.000Z, not by the index's \(2026-11-03T06:00:00\.000Z\); kept as that run left it, so project "beta" may lack some runs' points/,
      ),
    ]);
    // The rules still apply: beta/app/cs against what the part holds (run 1's 40: no regression).
    expect(half.code, half.stdout).toBe(0);
    // It passes with the caveat: beta was compared with run 1, not with run 3's history.
    expect(half.stdout).toMatch(
      /^check passed: 12 translations checked \(noRegression against \S+; 1 project against an older run: "beta" \(the run of 2026-11-01T06:00:00\.000Z\)\)\n$/,
    );
  });

  it("keeps a part holding another number of series than its index lists", async () => {
    const { job } = await twoRuns();
    const part = JSON.parse(await read(job, "data/history/gamma.json"));
    delete part.series["gamma/app/fr"];
    await writeFile(join(job.out, "data/history/gamma.json"), JSON.stringify(part));
    for (const day of [3, 4]) {
      const run = await job.run(at(day));
      expect(run.code, run.lines.join("\n")).toBe(0);
      expect(run.lines).toEqual(
        day === 3
          ? [
              expect.stringMatching(
                /^warning previous site \S+ data\/history\/gamma\.json: holds 3 series where the index lists 4; kept as that run left it, so project "gamma" may lack some runs' points/,
              ),
            ]
          : [],
      );
      // The series the part holds keep every point; gamma/app/fr starts again, not as added.
      expect(pointCount(run.history!.series.get("gamma/app/cs")!)).toBe(2);
      expect(pointCount(run.history!.series.get("gamma/app/fr")!)).toBe(1);
      expect(run.history!.runs.flatMap((r) => r.changes.added)).not.toContain("gamma/app/fr");
    }
  });

  it("with --previous-optional, starts only the project of an unreadable part again", async () => {
    const { job } = await twoRuns();
    job.site.override = (path, res) => {
      if (!path.endsWith("data/history/beta.json")) return false;
      res.writeHead(503).end();
      return true;
    };
    job.server.setRecords(
      records({ "alpha/app/cs": 50, "beta/app/cs": 51, "gamma/app/cs": 52, "gamma/app/de": 70 }, [
        "cs",
        "de",
        "fr",
        "ja",
      ])(job.server.baseUrl),
    );
    const stopped = await job.run(at(3));
    expect(stopped.code).toBe(3);
    expect(stopped.lines).toEqual([
      expect.stringMatching(
        /data\/history\/beta\.json: .*503.*; stopped before publishing.*--previous-optional to start project "beta"'s history again instead/,
      ),
    ]);
    const optional = await job.run(at(3), "--previous-optional");
    expect(optional.code, optional.lines.join("\n")).toBe(0);
    expect(optional.lines.join("\n")).toMatch(
      /data\/history\/beta\.json: .*503.*; starting project "beta"'s history again, the other projects' kept/,
    );
    const series = optional.history!.series;
    // alpha and gamma keep runs 1 and 2 (gamma/app/de gains run 3's); beta starts again.
    expect(pointCount(series.get("alpha/app/cs")!)).toBe(2);
    expect(pointCount(series.get("gamma/app/cs")!)).toBe(2);
    expect(pointCount(series.get("gamma/app/de")!)).toBe(2);
    expect(pointCount(series.get("beta/app/cs")!)).toBe(1);
    // The index's runs (the feed) are kept: run 2's entry is there.
    expect(optional.history!.runs.map((r) => r.at)).toContain(at(2));
    // beta's translations are not new to the feed.
    expect(addedAt3(optional)).toEqual([]);
  });

  it("stops on a part of a newer format as on a newer index, even with --previous-optional", async () => {
    const { job } = await twoRuns();
    const part = JSON.parse(await read(job, "data/history/alpha.json"));
    await writeFile(
      join(job.out, "data/history/alpha.json"),
      JSON.stringify({ ...part, schemaVersion: 4, series: { changed: "shape" } }),
    );
    for (const flags of [[], ["--previous-optional"]]) {
      const stopped = await job.run(at(3), ...flags);
      expect(stopped.code).toBe(3);
      expect(stopped.lines).toEqual([
        expect.stringMatching(
          /^l10n-snapshot: previous site history \S+ data\/history\/alpha\.json: schemaVersion 4 is newer than this version of l10n-snapshot reads \(3\); update l10n-snapshot/,
        ),
      ]);
    }
  });

  it("asks for the next parts while one is read, never more than crawl.concurrency at once", async () => {
    const { job } = await twoRuns({ concurrency: 2 });
    const served = await Promise.all(PROJECTS.map((p) => read(job, `data/history/${p}.json`)));
    // Each part is held half a second, or until a third is asked for beside it (too many at once).
    let waiting: (() => void)[] = [];
    let most = 0;
    job.site.override = (path, res) => {
      const i = PROJECTS.findIndex((p) => path.endsWith(`data/history/${p}.json`));
      if (i < 0) return false;
      const answer = () =>
        res.writeHead(200, { "content-type": "application/json" }).end(served[i]);
      waiting.push(answer);
      most = Math.max(most, waiting.length);
      const release = () => {
        const all = waiting;
        waiting = [];
        for (const send of all) send();
      };
      if (waiting.length >= 3) release();
      else setTimeout(() => waiting.includes(answer) && release(), 500);
      return true;
    };
    const third = await job.run(at(3));
    expect(third.code, third.lines.join("\n")).toBe(0);
    expect(most).toBe(2);
    expect(pointCount(third.history!.series.get("gamma/app/cs")!)).toBe(2);
  });
  it("reads back the parts of projects named as an object's own keys, run after run", async () => {
    const names = ["__proto__", "constructor", "toString"];
    const records = (translated: number) => (base: string) =>
      names.map((project) =>
        contractRecord(base, {
          project,
          component: "app",
          language: "de",
          stats: { translated, fuzzy: 0, failingChecks: 0 },
        }),
      );
    const job = await scheduledJob({
      records: records(40),
      translations: names.map((p) => `${p}/*/*`),
    });
    for (const day of [1, 2, 3]) {
      job.server.setRecords(records(30 + 10 * day)(job.server.baseUrl));
      const run = await job.run(at(day));
      expect(run.code, run.lines.join("\n")).toBe(0);
      if (day > 1) expect(run.lines).toEqual([]);
      for (const project of names)
        expect(pointCount(run.history!.series.get(`${project}/app/de`)!)).toBe(day);
    }
  });

  it("does not announce again what a kept older part still holds as before", async () => {
    const job = await scheduledJob({
      records: records({ "beta/app/cs": 91 }),
      translations: PROJECTS.map((p) => `${p}/*/*`),
    });
    expect((await job.run(at(1))).code).toBe(0);
    const older = await read(job, "data/history/beta.json");
    // Run 2: beta/app/fr is removed, beta/app/de reaches 100%, beta/app/cs falls below 90%.
    const second = records({ "beta/app/cs": 50, "beta/app/de": 91 })(job.server.baseUrl);
    job.server.setRecords(second.filter((r) => !JSON.stringify(r).includes("beta/app/fr")));
    const run2 = await job.run(at(2));
    expect(run2.code, run2.lines.join("\n")).toBe(0);
    const announced = run2.history!.runs.find((r) => r.at === at(2))!.changes;
    expect(announced.removed).toEqual(["beta/app/fr"]);
    expect(announced.reached100.map((r) => r.key)).toEqual(["beta/app/de"]);
    expect(announced.fellBelow.map((r) => r.key)).toEqual(["beta/app/cs"]);
    // The host serves run 1's beta.json beside run 2's index: run 3 keeps it, and announces
    // none of what run 2 announced for beta again.
    await writeFile(join(job.out, "data/history/beta.json"), older);
    const third = await job.run(at(3));
    expect(third.code, third.lines.join("\n")).toBe(0);
    expect(third.lines).toEqual([expect.stringContaining("data/history/beta.json: written by")]);
    const changes = third.history!.runs.filter((r) => r.at === at(3)).map((r) => r.changes);
    expect(changes.flatMap((c) => [...c.removed, ...c.reached100, ...c.fellBelow])).toEqual([]);
  });
});
