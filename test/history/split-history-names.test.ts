import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pointCount } from "../../src/history/history.js";
import { contractRecord } from "../helpers/fixtures.js";
import { scheduledJob } from "../helpers/scheduled-job.js";

// The history's parts read back over HTTP whatever they hold: a part whose file name the site
// percent-encodes (a project slug outside ASCII), and series whose text looks like a Weblate
// token (a run at some minutes writes a series that starts "wlp_"). Either used to stop every
// later run with exit 3 (a 404 for the part; a redacted part that no longer parsed).

const LANGUAGES = ["cs", "de"];

function records(projects: string[], translated = 40) {
  return (base: string) =>
    projects.flatMap((project) =>
      LANGUAGES.map((language) =>
        contractRecord(base, {
          project,
          component: "app",
          language,
          stats: { translated, fuzzy: 0, failingChecks: 0 },
        }),
      ),
    );
}

describe("the history's parts, read back over HTTP", () => {
  it("reads the part of a project whose file name is percent-encoded", async () => {
    const projects = ["café", "plain"];
    const job = await scheduledJob({
      records: records(projects),
      translations: projects.map((p) => `${p}/*/*`),
    });
    const first = await job.run("2026-11-01T06:00:00.000Z");
    expect(first.code, first.lines.join("\n")).toBe(0);
    const index = JSON.parse(await readFile(join(job.out, "data/history.json"), "utf8"));
    const path: string = index.parts["café"].path;
    expect(path).not.toBe("history/café.json");
    job.server.setRecords(records(projects, 60)(job.server.baseUrl));
    const second = await job.run("2026-11-02T06:00:00.000Z");
    expect(second.code, second.lines.join("\n")).toBe(0);
    // The part was asked for at its file's address, and both runs' points are kept.
    const asked = job.site.requests.map((r) => new URL(r.url, job.site.url).pathname);
    expect(asked.some((url) => url.endsWith(`data/${encodeURI(path)}`))).toBe(true);
    for (const language of LANGUAGES)
      expect(pointCount(second.history!.series.get(`café/app/${language}`)!)).toBe(2);
  });

  it("reads series whose text looks like a token (a run at 2026-10-18T22:48Z)", async () => {
    const job = await scheduledJob({ records: records(["alpha"]), translations: ["alpha/*/*"] });
    const first = await job.run("2026-10-18T22:48:00.000Z");
    expect(first.code, first.lines.join("\n")).toBe(0);
    const part = await readFile(join(job.out, "data/history/alpha.json"), "utf8");
    // The premise: the series' text starts as a token would.
    expect(part).toMatch(/"wl[pu]_[A-Za-z0-9_-]{6,}/);
    job.server.setRecords(records(["alpha"], 60)(job.server.baseUrl));
    const second = await job.run("2026-10-19T06:00:00.000Z");
    expect(second.code, second.lines.join("\n")).toBe(0);
    for (const language of LANGUAGES)
      expect(pointCount(second.history!.series.get(`alpha/app/${language}`)!)).toBe(2);
  });
});
