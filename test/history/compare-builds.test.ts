import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareSites } from "../../scripts/compare-builds.js";
import { contractRecord } from "../helpers/fixtures.js";
import { scheduledJob } from "../helpers/scheduled-job.js";

// scripts/compare-builds.ts's comparison of two sites on sites with a split history (schema 3:
// data/history.json an index, data/history/<project>.json its parts): two scheduled jobs of two
// runs each, on servers of their own ports, are the same site but for what it leaves aside; a
// number changed in one job's second run is a difference of the history (and of its pages).

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 6)).toISOString();
const records = (translated: number) => (base: string) =>
  ["alpha", "beta"].flatMap((project) =>
    ["de", "fr"].map((language) =>
      contractRecord(base, {
        project,
        component: "app",
        language,
        stats: { translated: project === "beta" ? translated : 40, fuzzy: 0, failingChecks: 0 },
      }),
    ),
  );

/** A site built by two scheduled runs, beta's translations at `second` in the second. */
async function twoRuns(second: number): Promise<string> {
  const job = await scheduledJob({ records: records(40), translations: ["*/*/*"] });
  expect((await job.run(at(1))).code).toBe(0);
  job.server.setRecords(records(second)(job.server.baseUrl));
  expect((await job.run(at(2))).code).toBe(0);
  return job.out;
}

describe("scripts/compare-builds.ts on split histories", () => {
  it("reads an index with its parts: the same site, then a changed number found", async () => {
    const [a, b, c] = [await twoRuns(50), await twoRuns(50), await twoRuns(60)];
    expect(readdirSync(join(a, "data/history")).sort()).toEqual(["alpha.json", "beta.json"]);
    expect(compareSites(a, b)).toEqual([]);
    expect(compareSites(a, c)).toContain("differs: data/history.json");
  }, 60_000);
});
