import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { Triple } from "../../src/config/triple.js";
import { field } from "../../src/model/json.js";
import { scheduledJob, type Job } from "../helpers/scheduled-job.js";

// `*/*/*` across runs, the list read in pages of 10 (crawl/confirm-removals.ts). A translation the
// previous site shows that this run's list lacks is taken as removed only once the server says
// so (a 404 from its detail endpoint, or from its component's or project's: one request for all
// of theirs); any other answer keeps it (fresh, when the detail endpoint has it) or stale.
// The list itself can lack one that is there: removed before the page being read and another
// added after it, between two page requests, its count stays equal and no item repeats.

const size = { projects: 2, components: 2, languages: 10 };
const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour)).toISOString();
const badge = async (job: Job, path: string) =>
  JSON.parse(await readFile(join(job.out, path), "utf8")) as { message: string };
const summary = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
const keyOf = (r: unknown) => {
  const component = field(r, "component");
  const project = field(field(component, "project"), "slug");
  return `${String(project)}/${String(field(component, "slug"))}/${String(field(r, "language_code"))}`;
};
const has = (run: { snapshot?: { translations: Triple[] } }, key: string) =>
  run.snapshot?.translations.some((t) => `${t.project}/${t.component}/${t.language}` === key);
/** Paths asked, the change log's time left out. */
const asked = (job: Job) =>
  job.server.log.map((r) => r.url.replace(/timestamp_after=[^&]*/, "timestamp_after=T"));
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));

async function job(): Promise<Job> {
  return scheduledJob({
    records: syntheticRecords(size),
    translations: ["*/*/*"],
    crawl: { pageSize: 10 },
    keep: true,
  });
}

describe("*/*/*: a list that shifts between two pages with its count unchanged", async () => {
  const j = await job();
  afterAll(() => j.stop());
  const records = syntheticRecords(size)(j.server.baseUrl);
  const first = await j.run(at(0), "--full", "--json");
  // Page 1 holds records 0-9. Between page 1 and page 2, record 0 is removed and one is added at
  // the end: record 10 moves onto page 1 (already read), so no page holds it; 40 still.
  const extra = syntheticRecords({ ...size, languages: 11 })(j.server.baseUrl).find(
    (r) => keyOf(r) === "project1/component1/l010",
  );
  const skipped = keyOf(records[10]);
  const gone = keyOf(records[0]);
  j.server.onRequest = (url) => {
    if (url.pathname === "/api/translations/" && url.searchParams.has("page")) {
      j.server.onRequest = undefined;
      j.server.setRecords([...records.slice(1), extra]);
    }
  };
  j.server.resetStats();
  const second = await j.run(at(6), "--full", "--json");
  const secondAsked = asked(j);
  const skippedBadge = await badge(j, `badges/${skipped}.json`);
  // The next run reads the list whole without record 0: the server's 404 removes it.
  await nextSecond();
  j.server.resetStats();
  const third = await j.run(at(12), "--full", "--json");
  const thirdAsked = asked(j);
  const goneBadge = await badge(j, `badges/${gone}.json`);

  it("run 1 publishes 40 translations", () => {
    expect(first.code).toBe(0);
    expect(first.snapshot?.translations).toHaveLength(40);
  });

  it("run 2: the skipped translation is asked of its detail endpoint and stays on the site, fresh", () => {
    expect(second.code).toBe(0);
    expect(secondAsked).toContain(`/api/translations/${skipped}/`);
    expect(has(second, skipped)).toBe(true);
    expect(summary(second.stdout)).toMatchObject({ ok: 41, stale: 0, removed: 0 });
    expect(skippedBadge.message).toMatch(/^\d+%$/);
    expect(second.history?.runs.flatMap((r) => r.changes.removed)).toEqual([]);
  });

  it("run 3: the translation really removed is confirmed gone (404) and shown as removed", () => {
    expect(third.code).toBe(0);
    expect(thirdAsked).toContain(`/api/translations/${gone}/`);
    expect(has(third, gone)).toBe(false);
    expect(summary(third.stdout)).toMatchObject({ ok: 40, stale: 0, removed: 1 });
    expect(goneBadge.message).toBe("removed");
  });
}, 120_000);

describe("*/*/*: removals confirmed in few requests, doubt kept stale", async () => {
  const j = await job();
  afterAll(() => j.stop());
  const records = syntheticRecords(size)(j.server.baseUrl);
  await j.run(at(0), "--full", "--json");
  // project0 is gone whole, and project1's component0; project1/component1/l000 is left out of
  // the list but its detail endpoint fails; project1/component1/l001 too, answering 200.
  const kept = records.filter(
    (r) => !keyOf(r).startsWith("project0/") && !keyOf(r).startsWith("project1/component0/"),
  );
  const listed = kept.filter(
    (r) => !["project1/component1/l000", "project1/component1/l001"].includes(keyOf(r)),
  );
  j.server.setRecords(kept);
  // The list lacks two that are still there: its pages served from fewer records.
  j.server.onRequest = (url) => {
    if (url.pathname === "/api/translations/") j.server.setRecords(listed, false);
    else j.server.setRecords(kept, false);
  };
  j.server.addFault("/api/translations/project1/component1/l000/", {
    status: 500,
    body: '{"detail": "Internal server error."}',
  });
  j.server.addFault("/api/translations/project1/component1/l000/", {
    status: 500,
    body: '{"detail": "Internal server error."}',
  });
  j.server.resetStats();
  const second = await j.run(at(6), "--full", "--json");
  j.server.onRequest = undefined;
  const secondAsked = asked(j).filter((u) => !u.includes("page_size"));

  it("one request for the project, one for the component, one per translation still in doubt", () => {
    expect(second.code).toBe(1);
    expect(secondAsked.sort()).toEqual(
      [
        "/api/projects/project0/",
        "/api/components/project1/component0/",
        "/api/translations/project1/component1/l000/",
        "/api/translations/project1/component1/l000/",
        "/api/translations/project1/component1/l001/",
      ].sort(),
    );
  });

  it("what the server said is gone is removed; the translation it failed on is stale", async () => {
    expect(summary(second.stdout)).toMatchObject({ ok: 9, stale: 1, removed: 30 });
    expect(has(second, "project1/component1/l001")).toBe(true);
    const stale = second.snapshot?.translations.find(
      (t) => `${t.project}/${t.component}/${t.language}` === "project1/component1/l000",
    );
    expect(stale?.status).toBe("failed");
    expect(stale?.carried?.record).toBeDefined();
    expect((await badge(j, "badges/project0/component0/l000.json")).message).toBe("removed");
  });
}, 120_000);
