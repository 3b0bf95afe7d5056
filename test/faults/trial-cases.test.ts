import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseHtml } from "node-html-parser";
import { afterAll, describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import type { History } from "../../src/history/history.js";
import { lost, scheduledJob, type Job, type JobRun } from "../helpers/scheduled-job.js";

// The cases a new user's trial met on a scheduled job, each over real HTTP and across runs: one
// good run published, then a list fails (a project's statistics and component list, a
// component's translation list, a page of the instance's list), and the next run builds from the
// site the first one published. What a reader of the site and of a README badge sees must not
// change but for the "stale" marks: no file gone, no badge turned "no data", no removal in the
// feed or the history, and the exit code the README gives.

const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour)).toISOString();
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
  job.server.addFault("/api/projects/orbit-notes/languages/", ...failing);
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
        /^failed orbit-notes\/\*\/\*: \[GET\] ".*\/api\/projects\/orbit-notes\/languages\/.*": 500 Internal Server Error/,
      ),
    ]);
    expect(summary(second)).toMatchObject({ exitCode: 1, failed: 1, stale: 27, removed: 0 });
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
    expect(row?.querySelector(".tag.stale")?.text).toBe("stale since 2026-11-20 06:00 UTC");
    expect(row?.querySelector(".tag.stale")?.getAttribute("title")).toMatch(
      /numbers of 2026-11-20 00:00 UTC; this run: failed: .*500 Internal Server Error/,
    );
    expect(project.querySelector(".stale-line")?.text).toMatch(
      /^stale since 2026-11-20 06:00 UTC: 27 translations show the numbers of 2026-11-20 00:00 UTC; failed: .*500 Internal Server Error/,
    );
    // The overview: the project's row is its last good numbers, marked; no "no data".
    const section = overview.querySelectorAll("section.project")[0];
    expect(section?.querySelector("h2 img")?.getAttribute("alt")).not.toMatch(/no data/);
    expect(section?.querySelector(".stale-line")?.text).toMatch(/^stale since /);
    expect(overview.querySelector(".counts")?.text.replace(/\s+/g, " ")).toMatch(/27 stale/);
  });
}, 120_000);
