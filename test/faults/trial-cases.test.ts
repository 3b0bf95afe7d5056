import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseHtml } from "node-html-parser";
import { afterAll, describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import type { History } from "../../src/history/history.js";
import { contractRecord } from "../helpers/fixtures.js";
import { lost, scheduledJob, type Job, type JobRun } from "../helpers/scheduled-job.js";
import { pageTime } from "../helpers/page-time.js";

// The cases a new user's trial met on a scheduled job, each over real HTTP and across runs: one
// good run published, then a list fails (a project's statistics and component list, a
// component's translation list, a page of the instance's list), and the next run builds from the
// site the first one published. What a reader of the site and of a README badge sees must not
// change but for the "stale" marks: no file gone, no badge turned "no data", no removal in the
// feed or the history, and the exit code the README gives.

const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour)).toISOString();
const time = pageTime;
const fail = { status: 500, body: '{"detail": "Internal server error."}' };
/** Enough 500s for every try of a request (the jobs retry once). */
const failing = [fail, fail, fail];

const badge = async (job: Job, path: string) =>
  JSON.parse(await readFile(join(job.out, path), "utf8")) as { message: string; color: string };
const html = async (job: Job, path: string) =>
  parseHtml(await readFile(join(job.out, path), "utf8"));
const gone = (h: History | undefined) => [...(h?.gone.keys() ?? [])];
const removedInHistory = (h: History | undefined) =>
  (h?.runs ?? []).flatMap((r) => r.changes.removed);
const summary = (run: JobRun) => JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}");
/** Lines of the run's stderr that are not about the data itself (notes, warnings). */
const faultLines = (run: JobRun) => run.lines.filter((l) => !/^(note |warning |\()/.test(l));

/** Every badge file under a folder of the site, as the run's file list has them. */
const badgesUnder = (run: JobRun, prefix: string) =>
  [...run.files].filter((f) => f.startsWith(prefix)).sort();

describe('the trial\'s job: ["orbit-notes/*/*", "tinygrep/*/*"], then orbit-notes\'s lists answer 500', async () => {
  const job = await scheduledJob({
    records: (b) => buildDemoRecords(b),
    translations: ["orbit-notes/*/*", "tinygrep/*/*"],
    crawl: { retries: 1, statistics: true },
    server: { generation: "2026" },
    keep: true,
  });
  afterAll(() => job.stop());
  const first = await job.run(at(0), "--json");
  const firstPage = await html(job, "orbit-notes/website/de/index.html");
  // A change in orbit-notes (the change log names it), whose component list then fails.
  job.server.setRecords(
    buildDemoRecords(job.server.baseUrl).map((r) =>
      JSON.stringify(r).includes("/translations/orbit-notes/website/de/")
        ? { ...(r as object), last_author: "Someone Else" }
        : r,
    ),
  );
  job.server.addFault("/api/projects/orbit-notes/components/", ...failing);
  const second = await job.run(at(6), "--json");
  const secondBadge = await badge(job, "badges/orbit-notes.json");
  const project = await html(job, "orbit-notes/index.html");
  const overview = await html(job, "index.html");
  const page = await html(job, "orbit-notes/website/de/index.html");
  const component = await html(job, "orbit-notes/website/index.html");
  const feed = await readFile(join(job.out, "feed.xml"), "utf8");

  it("run 1 published a whole site: 27 translations of orbit-notes, their badges", () => {
    expect(first.code).toBe(0);
    expect(summary(first)).toMatchObject({ exitCode: 0, stale: 0, removed: 0 });
    expect(badgesUnder(first, "badges/orbit-notes/").length).toBeGreaterThan(27 * 2);
  });

  it("run 2: exit 1 with one line naming the list and the 500; --json counts 27 stale, 0 removed", () => {
    expect(second.code).toBe(1);
    expect(faultLines(second)).toEqual([
      expect.stringMatching(
        /^failed orbit-notes\/\*\/\*: \[GET\] ".*\/api\/projects\/orbit-notes\/components\/.*": 500 Internal Server Error/,
      ),
    ]);
    expect(summary(second)).toMatchObject({
      exitCode: 1,
      failed: 0,
      failedLists: 1,
      stale: 27,
      removed: 0,
    });
  });

  it("run 2: the same files, every badge of orbit-notes still there, its project badge not 'no data'", async () => {
    expect(second.files.size).toBe(first.files.size);
    expect(lost(first.files, second.files)).toEqual([]);
    expect(badgesUnder(second, "badges/orbit-notes/")).toEqual(
      badgesUnder(first, "badges/orbit-notes/"),
    );
    expect(secondBadge.message).not.toBe("no data");
    expect(secondBadge.message).toMatch(/^\d+(\.\d+)?% \(6h ago\)$/);
    const de = await badge(job, "badges/orbit-notes/website/de.json");
    expect(de.message).toMatch(/\(6h ago\)$/);
  });

  it("run 2: the feed and the history say nothing was removed", () => {
    expect(gone(second.history)).toEqual([]);
    expect(removedInHistory(second.history)).toEqual([]);
    expect(feed).not.toMatch(/removed/i);
    expect(second.history?.series.size).toBe(first.history?.series.size);
  });

  it("run 2: a stale translation shows run 1's numbers, characters and approved too", async () => {
    const entry = second.snapshot?.translations.find(
      (t) => t.project === "orbit-notes" && t.component === "website" && t.language === "de",
    );
    expect(entry?.status).toBe("failed");
    const before = first.snapshot?.translations.find(
      (t) => t.project === "orbit-notes" && t.component === "website" && t.language === "de",
    );
    expect(before?.statistics?.total_chars).toBeGreaterThan(0);
    expect(entry?.carried?.statistics).toEqual(before?.statistics);
    expect(entry?.carried?.asOf).toBe(at(0));
    // The counters table: the same figures as run 1's page, characters included.
    const counters = (p: ReturnType<typeof parseHtml>) =>
      p.querySelector("table.counters")?.text.replace(/\s+/g, " ");
    expect(counters(page)).toContain("Characters");
    expect(counters(page)).toBe(counters(firstPage));
  });

  it("run 2: the pages say 'stale since' with the reason: translation, component, project, overview", () => {
    const notice = page.querySelector(".stale-notice")?.text ?? "";
    expect(notice).toMatch(/failed: .*500 Internal Server Error/);
    const row = component.querySelectorAll("table.translations tbody tr")[0];
    expect(row?.querySelector(".tag.stale")?.text).toBe(`stale since ${time(at(6))}`);
    expect(row?.querySelector(".tag.stale")?.getAttribute("title")).toBe(
      `numbers of ${time(at(0))}; this run: failed: list orbit-notes/*/*: 500 Internal Server Error`,
    );
    expect(project.querySelector(".stale-line")?.text).toBe(
      `stale since ${time(at(6))}: numbers of ${time(at(0))} for 27 tracked translations; failed: list orbit-notes/*/*: 500 Internal Server Error`,
    );
    // The overview: the project's row is its last good numbers, marked; no "no data".
    const section = overview.querySelectorAll("section.project")[0];
    expect(section?.querySelector("h2 img")?.getAttribute("alt")).not.toMatch(/no data/);
    expect(section?.querySelector(".stale-line")?.text).toMatch(/^stale since /);
    expect(overview.querySelector(".counts")?.text.replace(/\s+/g, " ")).toMatch(/27 stale/);
  });
}, 120_000);

describe('p/c/*: ["orbit-notes/website/*", "tinygrep/*/*"], then the component\'s translation list answers 500', async () => {
  const job = await scheduledJob({
    records: (b) => buildDemoRecords(b),
    translations: ["orbit-notes/website/*", "tinygrep/*/*"],
    crawl: { retries: 1 },
    keep: true,
  });
  afterAll(() => job.stop());
  const list = "/api/components/orbit-notes/website/translations/";
  const first = await job.run(at(0), "--json");
  job.server.addFault(list, ...failing);
  // Nothing changed on the server: only a full crawl asks for the list.
  const second = await job.run(at(6), "--json", "--full");
  const secondFeed = await readFile(join(job.out, "feed.xml"), "utf8");
  const websiteBadge = await badge(job, "badges/orbit-notes/website.json");
  job.server.clearFaults();
  // Then a real removal: the list, fetched whole, no longer holds website/de.
  job.server.setRecords(
    buildDemoRecords(job.server.baseUrl).filter(
      (r) => !JSON.stringify(r).includes('/translations/orbit-notes/website/de/"'),
    ),
  );
  const removal = await job.run(at(18), "--json");
  const after = await job.run(at(24), "--json");

  it("run 2: exit 1, one line; every file and badge still there; 8 stale, 0 removed", () => {
    expect(first.code).toBe(0);
    expect(second.code).toBe(1);
    expect(faultLines(second)).toEqual([
      expect.stringMatching(
        /^failed orbit-notes\/website\/\*: \[GET\] ".*\/api\/components\/orbit-notes\/website\/translations\/.*": 500 Internal Server Error/,
      ),
    ]);
    expect(summary(second)).toMatchObject({ failed: 0, failedLists: 1, stale: 8, removed: 0 });
    expect(second.files.size).toBe(first.files.size);
    expect(lost(first.files, second.files)).toEqual([]);
    expect(websiteBadge.message).toMatch(/^\d+(\.\d+)?% \(6h ago\)$/);
    expect(gone(second.history)).toEqual([]);
    expect(removedInHistory(second.history)).toEqual([]);
    expect(secondFeed).not.toMatch(/removed/i);
  });

  it("a real removal is told once: exit 0, 1 removed, its URLs answer 'removed'", async () => {
    expect(removal.code).toBe(0);
    expect(summary(removal)).toMatchObject({ exitCode: 0, stale: 0, removed: 1 });
    expect(gone(removal.history)).toEqual(["orbit-notes/website/de"]);
    expect(lost(first.files, removal.files)).toEqual([]);
    expect((await badge(job, "badges/orbit-notes/website/de.json")).message).toBe("removed");
    expect(summary(after)).toMatchObject({ exitCode: 0, stale: 0, removed: 0 });
    expect(removedInHistory(after.history)).toEqual(["orbit-notes/website/de"]);
  });
}, 120_000);

describe("*/*/*: a page of the instance's translation list answers 500", async () => {
  const job = await scheduledJob({
    records: (b) => buildDemoRecords(b),
    translations: ["*/*/*"],
    crawl: { retries: 1, pageSize: 20 },
    keep: true,
  });
  afterAll(() => job.stop());
  const pageTwo = failing.map((f) => ({ ...f, query: "page=2" }));
  const first = await job.run(at(0), "--json");
  // --full: the incremental probe would find nothing changed and read no list.
  job.server.addFault("/api/translations/", ...pageTwo);
  const second = await job.run(at(6), "--json", "--full");
  // Then the way around it fails too: the project list.
  job.server.addFault("/api/translations/", ...pageTwo);
  job.server.addFault("/api/projects/", ...failing);
  const third = await job.run(at(12), "--json", "--full");
  const published = await readFile(join(job.out, "data/history.json"), "utf8");
  // And with the list's first page failing as well, the server gives nothing at all.
  job.server.addFault("/api/translations/", ...failing);
  job.server.addFault("/api/projects/", ...failing);
  const fourth = await job.run(at(18), "--json", "--full");

  it("run 1 read the list in pages: a whole site", () => {
    expect(first.code).toBe(0);
    expect(first.snapshot?.translations.length).toBe(50);
  });

  it("run 2: the projects' own lists are read instead; every translation fresh, none removed", () => {
    expect(second.code).toBe(0);
    expect(summary(second)).toMatchObject({ exitCode: 0, ok: 50, stale: 0, removed: 0 });
    expect(lost(first.files, second.files)).toEqual([]);
    expect(gone(second.history)).toEqual([]);
  });

  it("run 3: with no way to the rest of the list, page 1's 20 are fresh, the other 30 stale, none removed", () => {
    expect(third.code).toBe(1);
    expect(faultLines(third)).toEqual([
      expect.stringMatching(/^failed \*\/\*\/\*: .*500 Internal Server Error/),
    ]);
    expect(summary(third)).toMatchObject({
      exitCode: 1,
      ok: 20,
      failed: 0,
      failedLists: 1,
      stale: 30,
      removed: 0,
    });
    expect(lost(first.files, third.files)).toEqual([]);
    expect(gone(third.history)).toEqual([]);
    expect(removedInHistory(third.history)).toEqual([]);
  });

  it("run 4: with no page of the list and no project list, nothing is usable: exit 3, the site left as it was", async () => {
    expect(fourth.code).toBe(3);
    expect(faultLines(fourth)).toEqual([
      expect.stringMatching(/^failed \*\/\*\/\*: .*500 Internal Server Error/),
      "l10n-snapshot: nothing usable: every translation failed or was invalid; the previous output was left as it was",
    ]);
    expect(summary(fourth)).toMatchObject({ exitCode: 3, failed: 0, failedLists: 1 });
    expect([...fourth.files].sort()).toEqual([...third.files].sort());
    expect(await readFile(join(job.out, "data/history.json"), "utf8")).toBe(published);
  });
}, 120_000);

describe('*/*/* beside another pattern: ["*/*/*", "harbor-docs/glossary/de"], the instance list fails', async () => {
  const job = await scheduledJob({
    records: (b) => buildDemoRecords(b),
    translations: ["*/*/*", "harbor-docs/glossary/de"],
    crawl: { retries: 1, pageSize: 20 },
    keep: true,
  });
  afterAll(() => job.stop());
  const first = await job.run(at(0), "--json");
  job.server.addFault("/api/translations/", ...failing.map((f) => ({ ...f, query: "page=2" })));
  job.server.addFault("/api/projects/", ...failing);
  const second = await job.run(at(6), "--json", "--full");
  const feed = await readFile(join(job.out, "feed.xml"), "utf8");
  const overview = await html(job, "index.html");

  it("run 2: the overview names the failed list once, as no project of its own", () => {
    const failed = overview.querySelectorAll(".failed-line").map((l) => l.text.trim());
    expect(failed).toEqual(["failed: 500 Internal Server Error */*/*"]);
    expect(overview.querySelectorAll("section.project h2 a").map((a) => a.text)).not.toContain("*");
  });

  it("run 2: page 1's 20 are fresh, the list's 29 others stale, none removed; the site keeps every file", () => {
    expect(first.code).toBe(0);
    expect(second.code).toBe(1);
    expect(summary(second)).toMatchObject({
      exitCode: 1,
      failed: 0,
      failedLists: 1,
      stale: 29,
      removed: 0,
    });
    expect(lost(first.files, second.files)).toEqual([]);
    expect([...second.files].filter((f) => !first.files.has(f))).toEqual([]);
    expect(second.files.size).toBe(first.files.size);
    expect(gone(second.history)).toEqual([]);
    expect(removedInHistory(second.history)).toEqual([]);
    expect(feed).not.toMatch(/removed/i);
  });
}, 120_000);

describe("--strict over runs: a stale translation is a failure", async () => {
  // Records that meet the contract with no note, so that a --strict job can run at all.
  const records = (base: string) => [
    ...["cs", "de", "fr"].map((language) => contractRecord(base, { language })),
    contractRecord(base, { project: "other", language: "de" }),
  ];
  const job = await scheduledJob({
    records,
    translations: ["proj/comp/*", "other/comp/*"],
    crawl: { retries: 1 },
    keep: true,
  });
  afterAll(() => job.stop());
  const first = await job.run(at(0), "--json", "--strict");
  job.server.addFault("/api/components/proj/comp/translations/", ...failing);
  const second = await job.run(at(6), "--json", "--strict", "--full");

  it("run 1 is clean under --strict; run 2 exits 1 with proj's 3 translations stale", () => {
    expect(first.code).toBe(0);
    expect(second.code).toBe(1);
    expect(summary(second)).toMatchObject({
      exitCode: 1,
      failed: 0,
      failedLists: 1,
      stale: 3,
      removed: 0,
    });
    expect(lost(first.files, second.files)).toEqual([]);
  });
}, 120_000);
