import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { lost, scheduledJob, type Job, type JobRun } from "../helpers/scheduled-job.js";

// A scheduled site at the badges page's threshold, each run built from the site the run before
// published: 101 components and a second project (split by project), then 100 components with
// that project removed (whole again), then 101 (split again). Every address a run published still
// answers in the next, as a reader following an old link sees it: the file, or 404.html's way to
// the whole badges page, where the link's id is the same component's section.

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const component = (n: number) => `c${String(n).padStart(3, "0")}`;
const records = (base: string, components: number, beta: boolean) => [
  ...Array.from({ length: components }, (_, n) =>
    contractRecord(base, { project: "alpha", component: component(n) }),
  ),
  ...(beta ? [contractRecord(base, { project: "beta", component: "only" })] : []),
];

const page = (job: Job, path: string): HTMLElement =>
  parse(readFileSync(join(job.out, path), "utf8"));

/** The ids 404.html's badges-moved.js leads to badges/index.html: the projects' folders. */
function joinedFolders(job: Job): string[] {
  const data = page(job, "404.html").querySelector("#badges-moved");
  return data ? JSON.parse(data.text) : [];
}

/**
 * Where a reader following `href` (from the site's root, with its fragment) lands: the file, or
 * where 404.html leads it, and the text of the element with the fragment's id there.
 */
function follow(job: Job, run: JobRun, href: string): { file: string; target?: string } {
  const [path = "", id = ""] = href.split("#");
  let file = path;
  if (!run.files.has(file)) {
    const folder = file.replace(/\/index\.html$/, "");
    if (!joinedFolders(job).includes(folder)) return { file: `404 ${file}` };
    file = "badges/index.html";
  }
  const target = id === "" ? undefined : page(job, file).getElementById(id)?.text;
  return { file, ...(target === undefined ? {} : { target }) };
}

describe("a badges page split, joined and split again across scheduled runs", async () => {
  const job = await scheduledJob({
    records: (base) => records(base, 101, true),
    translations: ["*/*/*"],
  });

  it("keeps every address it published answering, and each old id the same component's", async () => {
    const first = await job.run(at(1));
    expect(first.code).toBe(0);
    expect(first.files.has("badges/alpha/index.html")).toBe(true);
    expect(first.files.has("badges/beta/index.html")).toBe(true);
    // The link each component's page gives to its widgets: c005's, whose id must keep to c005.
    const link = page(job, "alpha/c005/index.html")
      .querySelectorAll("a[href]")
      .map((a) => a.getAttribute("href") ?? "")
      .find((href) => href.includes("badges/alpha/index.html#"));
    const href = (link ?? "").replace(/^(\.\.\/)+/, "");
    expect(href).toMatch(/^badges\/alpha\/index\.html#./);
    expect(follow(job, first, href).target).toContain("c005");

    // c100 sorts last; beta is removed from the server.
    job.server.setRecords(records(job.server.baseUrl, 100, false));
    const second = await job.run(at(2));
    expect(second.code).toBe(0);
    expect(second.files.has("badges/alpha/index.html")).toBe(false);
    expect(lost(first.files, second.files)).toEqual(["badges/alpha/index.html"]);
    // The removed project's README table says so, with its badge (which says "removed").
    const readme = readFileSync(join(job.out, "badges/beta/README.md"), "utf8");
    expect(readme).toMatch(/^# beta \(removed\)\n\nThis project was removed on .*: the Weblate/);
    const badge = /!\[[^\]]*\]\(http:\/\/127\.0\.0\.1:\d+\/(badges\/beta\.svg)\)/.exec(readme)?.[1];
    expect(badge).toBe("badges/beta.svg");
    expect(readFileSync(join(job.out, "badges/beta.svg"), "utf8")).toContain("removed");
    expect(follow(job, second, href)).toEqual({
      file: "badges/index.html",
      target: expect.stringContaining("c005"),
    });
    expect(follow(job, second, "badges/alpha/index.html").file).toBe("badges/index.html");
    // The removed project's badges page says so, as its other pages do.
    expect(page(job, "badges/beta/index.html").querySelector("main")?.text).toContain("removed");

    job.server.setRecords(records(job.server.baseUrl, 101, false));
    const third = await job.run(at(3));
    expect(third.code).toBe(0);
    expect(lost(second.files, third.files)).toEqual([]);
    expect(follow(job, third, href)).toEqual({
      file: "badges/alpha/index.html",
      target: expect.stringContaining("c005"),
    });
    expect(page(job, "badges/beta/index.html").querySelector("main")?.text).toContain("removed");
  }, 120_000);
});
