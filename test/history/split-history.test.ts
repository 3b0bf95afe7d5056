import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { pointCount } from "../../src/history/history.js";
import { contractRecord } from "../helpers/fixtures.js";
import { scheduledJob, type Job } from "../helpers/scheduled-job.js";

// The history split by project (src/history/history-parts.ts), across scheduled runs that read
// the published site back over HTTP: every series carried from run to run with nothing lost,
// each project's part is capped at history.maxBytes on its own, and what a reader sees (the trend
// chart, the feed, a removed translation's page) comes through the split files.

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const PROJECTS = ["alpha", "beta", "gamma"];
const LANGUAGES = ["cs", "de", "fr", "ja"];
/** Enough languages that the history outgrows the compressed snapshot. */
const MANY = Array.from({ length: 40 }, (_, i) => `l${String(i).padStart(2, "0")}`);

/** Every project with one component in every language; `translated` by key, 40 of 91 otherwise. */
function records(
  translated: Record<string, number> = {},
  without: string[] = [],
  languages = LANGUAGES,
) {
  return (base: string) =>
    PROJECTS.flatMap((project) =>
      languages
        .filter((language) => !without.includes(`${project}/app/${language}`))
        .map((language) =>
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

async function json(job: Job, path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(job.out, path), "utf8"));
}

async function page(job: Job, path: string) {
  return parseHtml(await readFile(join(job.out, path), "utf8"));
}

async function setMaxBytes(job: Job, maxBytes: number): Promise<void> {
  const config = JSON.parse(await readFile(job.config, "utf8"));
  await writeFile(job.config, JSON.stringify({ ...config, history: { maxBytes } }));
}

describe("the history split by project, across runs", () => {
  it("carries every series from run to run (a change, a removal, a failed list), written split", async () => {
    const job = await scheduledJob({
      records: records(),
      translations: PROJECTS.map((p) => `${p}/*/*`),
    });
    const first = await job.run(at(1));
    expect(first.code, first.lines.join("\n")).toBe(0);
    job.server.setRecords(records({ "alpha/app/cs": 60 })(job.server.baseUrl));
    const second = await job.run(at(2));
    expect(second.code, second.lines.join("\n")).toBe(0);
    const old = second.history!;

    // The next run: a number changes, a translation is removed, a project's list fails (its
    // change is not seen: stale, not removed).
    job.server.setRecords(
      records({ "beta/app/de": 70, "alpha/app/de": 50 }, ["gamma/app/ja"])(job.server.baseUrl),
    );
    const failed = { status: 500, body: '{"detail": "Internal server error."}' };
    job.server.addFault("/api/components/alpha/app/translations/", failed, failed);
    const third = await job.run(at(3));
    expect(third.code, third.lines.join("\n")).toBe(1);
    const now = third.history!;
    // Every series of the run before is there, its points first; the changed one has one more.
    expect([...now.series.keys()].sort()).toEqual([...old.series.keys()].sort());
    for (const [key, flat] of old.series) {
      const kept = now.series.get(key)!;
      expect(kept.slice(0, flat.length), key).toEqual(flat);
      expect(pointCount(kept), key).toBe(pointCount(flat) + (key === "beta/app/de" ? 1 : 0));
    }
    expect(pointCount(now.series.get("alpha/app/cs")!)).toBe(2);
    // The runs list goes on from the old one; the failure is stale, the removal recorded once.
    expect(now.runs.slice(0, old.runs.length)).toEqual(old.runs);
    expect(now.previousRun).toBe(at(2));
    expect([...now.gone.keys()]).toEqual(["gamma/app/ja"]);
    expect(now.runs.at(-1)!.changes.removed).toEqual(["gamma/app/ja"]);

    // Written split: an index without series, a part per project holding its series.
    const index = await json(job, "data/history.json");
    expect(index.schemaVersion).toBe(3);
    expect(index.series).toBeUndefined();
    expect(index.parts).toEqual(
      Object.fromEntries(
        PROJECTS.map((p) => [p, { path: `history/${p}.json`, series: LANGUAGES.length }]),
      ),
    );
    for (const project of PROJECTS) {
      const part = await json(job, `data/history/${project}.json`);
      expect(part.project).toBe(project);
      expect(Object.keys(part.series as object).sort()).toEqual(
        LANGUAGES.map((l) => `${project}/app/${l}`),
      );
    }
    expect((await json(job, "data/history/gamma.json")).gone).toEqual({
      "gamma/app/ja": expect.any(Number),
    });

    // What a reader sees: alpha/app/cs's chart from the earlier runs' points; the feed's entry for
    // the run; the removed translation's page.
    const cs = await page(job, "alpha/app/cs/index.html");
    expect(cs.querySelector("section.trend svg")).not.toBeNull();
    const feed = new XMLParser().parse(await readFile(join(job.out, "feed.xml"), "utf8")).feed;
    const entries = [feed.entry].flat();
    expect(entries.length).toBe(now.runs.length);
    const ja = await page(job, "gamma/app/ja/index.html");
    expect(ja.querySelector("main")!.text).toContain("removed");

    // And the run after reads the split site back: nothing lost again.
    const fourth = await job.run(at(4));
    expect(fourth.code, fourth.lines.join("\n")).toBe(0);
    expect([...fourth.history!.series.keys()].sort()).toEqual([...now.series.keys()].sort());
    for (const [key, flat] of now.series)
      expect(fourth.history!.series.get(key)!.slice(0, flat.length), key).toEqual(flat);
    expect(fourth.history!.runs.slice(0, now.runs.length)).toEqual(now.runs);
  });

  it("caps each file at history.maxBytes, not the whole history; a part over it stops the run", async () => {
    const job = await scheduledJob({
      records: records({}, [], MANY),
      translations: PROJECTS.map((p) => `${p}/*/*`),
    });
    expect((await job.run(at(1))).code).toBe(0);
    const changed = { "alpha/app/l01": 60, "beta/app/l01": 61 };
    job.server.setRecords(records(changed, [], MANY)(job.server.baseUrl));
    expect((await job.run(at(2))).code).toBe(0);
    const size = async (path: string) => (await readFile(join(job.out, path))).byteLength;
    const files = ["data/history.json", ...PROJECTS.map((p) => `data/history/${p}.json`)];
    const sizes = await Promise.all(files.map(size));
    const largest = Math.max(...sizes, 1024);
    const history = sizes.reduce((a, b) => a + b, 0);
    // history.maxBytes caps the snapshot's download too: the site answers 404 for it (a
    // warning, no last known good data), so only the history's files count here.
    job.site.override = (path, res) => {
      if (!path.endsWith("data/snapshot.json.gz")) return false;
      res.writeHead(404).end();
      return true;
    };
    // The whole history is over the cap; each file is within it.
    expect(history).toBeGreaterThan(largest);
    await setMaxBytes(job, largest);
    const fits = await job.run(at(3));
    expect(fits.code, fits.lines.join("\n")).toBe(0);
    expect(fits.lines.join("\n")).not.toMatch(/history\.maxBytes/);
    expect(fits.history!.series.size).toBe(PROJECTS.length * MANY.length);
    expect(pointCount(fits.history!.series.get("beta/app/l01")!)).toBe(2);

    // One part grown past the cap (as a project's would): the run stops before publishing.
    const beta = await readFile(join(job.out, "data/history/beta.json"), "utf8");
    const grown = beta.replace("{", `{${" ".repeat(largest)}`);
    await writeFile(join(job.out, "data/history/beta.json"), grown);
    const before = await readFile(join(job.out, "data/history.json"), "utf8");
    const stopped = await job.run(at(4));
    expect(stopped.code).toBe(3);
    expect(stopped.lines).toEqual([
      expect.stringMatching(
        /^l10n-snapshot: previous site .* data\/history\/beta\.json: .*larger than \d+ bytes \(history\.maxBytes\); stopped before publishing.*raise history\.maxBytes/,
      ),
    ]);
    expect(await readFile(join(job.out, "data/history.json"), "utf8")).toBe(before);
    expect(existsSync(join(job.out, "data/history/beta.json"))).toBe(true);
  });

  it("stops when a part the index lists cannot be had (404), rather than losing its series", async () => {
    const job = await scheduledJob({
      records: records(),
      translations: PROJECTS.map((p) => `${p}/*/*`),
    });
    expect((await job.run(at(1))).code).toBe(0);
    await rm(join(job.out, "data/history/beta.json"));
    const stopped = await job.run(at(2));
    expect(stopped.code).toBe(3);
    expect(stopped.lines).toEqual([
      expect.stringMatching(
        /^l10n-snapshot: previous site \S+ data\/history\/beta\.json: 404 Not Found; stopped before publishing/,
      ),
    ]);
    // --previous-optional goes on, with a new history, saying so.
    const optional = await job.run(at(3), "--previous-optional");
    expect(optional.code).toBe(0);
    expect(optional.lines.join("\n")).toMatch(/data\/history\/beta\.json: 404 Not Found/);
  });
});
