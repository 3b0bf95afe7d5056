import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { field } from "../../src/model/json.js";
import { lost, scheduledJob, type Job } from "../helpers/scheduled-job.js";

// A scheduled job tracking the whole server (`*/*/*`) over runs, each building from the site the
// run before published: the incremental crawl asks the server's change log since the last full
// crawl and the translation list's count (2 requests) and carries everything when both say
// nothing changed; a number changed on the server is on the site after the next run.

const size = { projects: 2, components: 2, languages: 3 };
const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour)).toISOString();
/**
 * The server's Date header counts whole seconds: a change made in the second of a full crawl is
 * asked for again by the next run, so a test that wants "unchanged" starts a new second.
 */
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));
const badge = async (job: Job, path: string) =>
  JSON.parse(await readFile(join(job.out, path), "utf8")) as { message: string };
const summary = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
/** The paths the server was asked, the change log's time left out. */
const asked = (job: Job) =>
  job.server.log.map((r) => r.url.replace(/timestamp_after=[^&]*/, "timestamp_after=T"));

describe("*/*/* across runs: the server's change log as the incremental signal", async () => {
  const job = await scheduledJob({
    records: syntheticRecords(size),
    translations: ["*/*/*"],
    keep: true,
  });
  afterAll(() => job.stop());
  const target = "badges/project1/component1/l002.json";
  const first = await job.run(at(0), "--json");
  const before = await badge(job, target);
  // One number changed on the server: project1/component1/l002 now fully translated.
  const record = syntheticRecords(size)(job.server.baseUrl).find(
    (r) =>
      field(field(r.component, "project"), "slug") === "project1" &&
      field(r.component, "slug") === "component1" &&
      r.language_code === "l002",
  );
  const total = field(record, "total");
  job.server.setTranslation({ ...record, translated: total, translated_percent: 100 });
  await nextSecond();
  job.server.resetStats();
  const second = await job.run(at(6), "--json");
  const secondAsked = asked(job);
  const after = await badge(job, target);
  await nextSecond();
  job.server.resetStats();
  const third = await job.run(at(12), "--json");
  const thirdAsked = asked(job);
  // A server without the instance's change log: a full crawl every run.
  job.server.resetStats();
  job.server.addFault("/api/changes/", { status: 404, body: '{"detail": "Not found."}' });
  const fourth = await job.run(at(18), "--json");
  const fourthAsked = asked(job);

  it("run 1 crawls the whole list and keeps the server's clock for the next run", () => {
    expect(first.code).toBe(0);
    expect(first.snapshot?.translations).toHaveLength(12);
    expect(Object.keys(first.snapshot?.changesSince ?? {})).toEqual(["*"]);
    expect(before.message).not.toBe("100%");
  });

  it("run 2: a change is logged, so the list is read again and the site shows the new number", () => {
    expect(second.code).toBe(0);
    expect(secondAsked[0]).toBe("/api/changes/?timestamp_after=T&page_size=1");
    expect(secondAsked).toContain("/api/translations/?page_size=1000");
    expect(after.message).toBe("100%");
    expect(summary(second.stdout)).toMatchObject({ ok: 12, stale: 0, removed: 0 });
  });

  it("run 3: nothing changed, 2 requests, every translation carried, the new number still shown", async () => {
    expect(third.code).toBe(0);
    expect(thirdAsked).toEqual([
      "/api/changes/?timestamp_after=T&page_size=1",
      "/api/translations/?page_size=1",
    ]);
    expect(third.snapshot?.translations).toEqual(second.snapshot?.translations);
    expect(Object.keys(third.snapshot?.fetchedAt ?? {}).sort()).toEqual(["project0", "project1"]);
    expect((await badge(job, target)).message).toBe("100%");
    expect(lost(second.files, third.files)).toEqual([]);
    expect(summary(third.stdout)).toMatchObject({ ok: 12, stale: 0, removed: 0 });
  });

  it("run 4: a server without /api/changes/ is crawled in full, and nothing changes on the site", async () => {
    expect(fourth.code).toBe(0);
    expect(fourthAsked[0]).toBe("/api/changes/?timestamp_after=T&page_size=1");
    expect(fourthAsked).toContain("/api/translations/?page_size=1000");
    expect(fourth.snapshot?.translations.map((t) => t.record)).toEqual(
      third.snapshot?.translations.map((t) => t.record),
    );
    expect((await badge(job, target)).message).toBe("100%");
  });
}, 120_000);

describe("*/*/* across runs: a translation added or removed while nothing is logged", async () => {
  const job = await scheduledJob({
    records: syntheticRecords(size),
    translations: ["*/*/*"],
    keep: true,
  });
  afterAll(() => job.stop());
  await job.run(at(0), "--json");
  // The server's list holds one translation fewer, and its log is empty (an answer that says no
  // change since the time asked): the count tells.
  const records = syntheticRecords(size)(job.server.baseUrl);
  job.server.setRecords(records.slice(1));
  job.server.addFault("/api/changes/", {
    body: JSON.stringify({ count: 0, next: null, previous: null, results: [] }),
  });
  await nextSecond();
  job.server.resetStats();
  const second = await job.run(at(6), "--json");

  it("the count differs from the previous snapshot's: a full crawl, which finds the removal", () => {
    expect(asked(job).slice(0, 2)).toEqual([
      "/api/changes/?timestamp_after=T&page_size=1",
      "/api/translations/?page_size=1",
    ]);
    expect(asked(job)).toContain("/api/translations/?page_size=1000");
    expect(second.snapshot?.translations).toHaveLength(11);
    expect(summary(second.stdout)).toMatchObject({ ok: 11, removed: 1 });
  });
}, 120_000);
