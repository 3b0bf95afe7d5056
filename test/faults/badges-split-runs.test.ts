import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { lost, scheduledJob, type Job, type JobRun } from "../helpers/scheduled-job.js";

// A scheduled site at the badges page's threshold, each run built from the site the run before
// published: 101 components and a second project (split by project), then 100 components with
// that project removed (whole again), then 101 with a component that sorts before the others
// (split again), then 40 (far under the threshold). Every address a run published still answers
// in the next, as a reader following an old link sees it: the file, or 404.html's way to the
// whole badges page, where the link's id is the same component's section.

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const component = (n: number) => `c${String(n).padStart(3, "0")}`;
const records = (base: string, components: number, beta: boolean, extra: string[] = []) => [
  ...[...extra, ...Array.from({ length: components }, (_, n) => component(n))].map((c) =>
    contractRecord(base, { project: "alpha", component: c }),
  ),
  ...(beta ? [contractRecord(base, { project: "beta", component: "only" })] : []),
];

const page = (job: Job, path: string): HTMLElement =>
  parse(readFileSync(join(job.out, path), "utf8"));

/** The folders whose missing subfolders 404.html's moved.js leads to their badges/index.html. */
function badgesFolders(job: Job): string[] {
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
    // As moved.js reads the address: without index.html or the closing slash, then its folder.
    const folder = file
      .replace(/(^|\/)index\.html$/, "")
      .replace(/\/$/, "")
      .replace(/\/?[^/]*$/, "");
    if (!badgesFolders(job).includes(folder)) return { file: `404 ${file}` };
    file = `${folder}/index.html`;
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
    expect(href).toBe("badges/alpha/index.html#c-alpha/c005");
    expect(follow(job, first, href).target).toBe("alpha / c005");

    // c100 sorts last; beta is removed from the server.
    job.server.setRecords(records(job.server.baseUrl, 100, false));
    const second = await job.run(at(2));
    expect(second.code).toBe(0);
    expect(second.files.has("badges/alpha/index.html")).toBe(false);
    expect(lost(first.files, second.files)).toEqual(["badges/alpha/index.html"]);
    // The removed project's README table says so, with its badge (which says "removed").
    const readme = readFileSync(join(job.out, "badges/beta/README.md"), "utf8");
    // Markdown, its own punctuation escaped.
    expect(readme).toMatch(
      /^# beta \\\(removed\\\)\n\nThis project was removed on .*\\: the Weblate/,
    );
    const badge = /!\[[^\]]*\]\(http:\/\/127\.0\.0\.1:\d+\/(badges\/beta\.svg)\)/.exec(readme)?.[1];
    expect(badge).toBe("badges/beta.svg");
    expect(readFileSync(join(job.out, "badges/beta.svg"), "utf8")).toContain("removed");
    expect(follow(job, second, href)).toEqual({
      file: "badges/index.html",
      target: "alpha / c005",
    });
    expect(follow(job, second, "badges/alpha/index.html").file).toBe("badges/index.html");
    // The removed project's badges page says so, as its other pages do.
    expect(page(job, "badges/beta/index.html").querySelector("main")?.text).toContain("removed");
    // The link badges/index.html gave c005 in this run, by position: p0c5.
    expect(page(job, "badges/index.html").getElementById("p0c5")?.nextElementSibling?.id).toBe(
      "c-alpha/c005",
    );

    // "a-first" sorts before every other component: c005's id is still c005's.
    job.server.setRecords(records(job.server.baseUrl, 100, false, ["a-first"]));
    const third = await job.run(at(3));
    expect(third.code).toBe(0);
    expect(third.files.has("badges/alpha/index.html")).toBe(true);
    expect(lost(second.files, third.files)).toEqual([]);
    expect(follow(job, third, href)).toEqual({
      file: "badges/alpha/index.html",
      target: "alpha / c005",
    });
    expect(follow(job, third, "badges/index.html#c-alpha/c005")).toEqual({
      file: "badges/index.html",
      target: "c005",
    });
    expect(page(job, "badges/beta/index.html").querySelector("main")?.text).toContain("removed");

    // 40 components: far under the threshold, and the old address still leads to c005.
    job.server.setRecords(records(job.server.baseUrl, 40, false));
    const fourth = await job.run(at(4));
    expect(fourth.code).toBe(0);
    expect(fourth.files.has("badges/alpha/index.html")).toBe(false);
    expect(follow(job, fourth, href)).toEqual({
      file: "badges/index.html",
      target: "alpha / c005",
    });
    expect(follow(job, fourth, "badges/alpha/").file).toBe("badges/index.html");
    // A component's badge folder is no project's badges page: still the 404 page.
    expect(follow(job, fourth, "badges/alpha/c005/index.html").file).toBe(
      "404 badges/alpha/c005/index.html",
    );
  }, 120_000);
});
