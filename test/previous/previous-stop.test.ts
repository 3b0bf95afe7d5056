import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { Stopped } from "../../src/model/errors.js";
import { contractRecord } from "../helpers/fixtures.js";
import { scheduledJob, type Job } from "../helpers/scheduled-job.js";

// A split history's parts are read ahead (up to crawl.concurrency at once): when the reading
// stops (a part that stops the run, a signal), the parts still in flight are aborted, not waited
// for. The published site's part answers late here (after some seconds, as a slow host would):
// a reading that waits for it gets the whole answer; one that stops cuts it off.

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const PROJECTS = ["alpha", "beta", "gamma"];
const records = (translated: number) => (base: string) =>
  PROJECTS.map((project) =>
    contractRecord(base, {
      project,
      component: "app",
      language: "de",
      stats: { translated, fuzzy: 0, failingChecks: 0 },
    }),
  );

/** A job with two runs published, reading two parts at once. */
async function published(): Promise<Job> {
  const job = await scheduledJob({
    records: records(40),
    translations: PROJECTS.map((p) => `${p}/*/*`),
    // Two parts at once, and time enough for beta's late answer.
    crawl: { concurrency: 2, timeoutMs: 10_000 },
  });
  expect((await job.run(at(1))).code).toBe(0);
  job.server.setRecords(records(50)(job.server.baseUrl));
  expect((await job.run(at(2))).code).toBe(0);
  return job;
}

/** beta's part answered after 3 s: whether its answer was cut off by the reader. */
async function lateBeta(job: Job, asked?: () => void) {
  const body = await readFile(join(job.out, "data/history/beta.json"), "utf8");
  const answer = { closed: false, finished: false };
  return {
    answer,
    serve(path: string, res: ServerResponse) {
      if (!path.endsWith("data/history/beta.json")) return false;
      res.on("close", () => {
        answer.closed = true;
        answer.finished = res.writableFinished;
      });
      asked?.();
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end(body);
      }, 3000);
      return true;
    },
  };
}

const capture = (signal?: AbortSignal) => {
  const err: string[] = [];
  return {
    err,
    io: {
      stdout: { write: () => true },
      stderr: { write: (t: string) => err.push(t), isTTY: false },
      env: {},
      now: () => new Date(at(3)),
      signal,
    },
  };
};

describe("a previous site's parts read ahead, when the reading stops", () => {
  it("aborts the part in flight when another part stops the run", async () => {
    const job = await published();
    const late = await lateBeta(job);
    job.site.override = (path, res) => {
      if (path.endsWith("data/history/alpha.json")) {
        res.writeHead(503).end();
        return true;
      }
      return late.serve(path, res);
    };
    const stopped = await job.run(at(3));
    expect(stopped.code).toBe(3);
    expect(stopped.lines).toEqual([expect.stringMatching(/data\/history\/alpha\.json: .*503/)]);
    await expect.poll(() => late.answer.closed).toBe(true);
    expect(late.answer.finished).toBe(false);
  });

  it.each([
    ["check", ""],
    ["render", ""],
    // A stop is no part that cannot be had: not a warning and a new history, exit 0.
    ["check", "--previous-optional"],
    ["render", "--previous-optional"],
  ])("aborts it when %s --previous %s is stopped by a signal", async (command, optional) => {
    const job = await published();
    const stop = new AbortController();
    const late = await lateBeta(job, () => stop.abort(new Stopped("SIGINT", 130)));
    job.site.override = (path, res) => late.serve(path, res);
    const { io, err } = capture(stop.signal);
    const snapshot = join(job.out, "data/snapshot.json.gz");
    const args =
      command === "check"
        ? ["check", "--config", job.config, "--snapshot", snapshot]
        : ["render", "--config", job.config, "--snapshot", snapshot, "--out", join(job.dir, "re")];
    const code = await main(
      [...args, "--previous", job.site.url, ...(optional ? [optional] : [])],
      io,
    );
    expect(code, err.join("")).toBe(130);
    expect(err.join("")).toMatch(/^l10n-snapshot: stopped by SIGINT; /);
    expect(err.join("")).not.toMatch(/warning|again/);
    await expect.poll(() => late.answer.closed).toBe(true);
    expect(late.answer.finished).toBe(false);
  });
});
