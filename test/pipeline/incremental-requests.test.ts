import { describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { snapshotSource } from "../../src/snapshot/read-snapshot.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// An incremental run with nothing changed asks one request, whatever the patterns: the server's
// change log since the last run. Before, each project tracked whole cost three (its languages,
// components and changes): 30 for 10 projects, past the anonymous quota in a day of 6-hourly runs.

const projects = Array.from({ length: 10 }, (_, i) => `project${i}`);
const now = () => new Date("2026-11-21T12:00:00Z");
/** The server's Date header counts whole seconds: "unchanged" starts a new second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));

describe("an incremental run with nothing changed, 10 projects", () => {
  it.each([
    ["p/*/*", projects.map((p) => `${p}/*/*`)],
    ["p/c/*", projects.map((p) => `${p}/component1/*`)],
    ["p/c/l", projects.flatMap((p) => [`${p}/component0/l000`, `${p}/component1/l002`])],
    ["p/*/l", projects.map((p) => `${p}/*/l001`)],
  ])("asks one request for %s", async (_, patterns) => {
    const server = await startStandIn({
      records: syntheticRecords({ projects: 10, components: 2, languages: 3 }),
    });
    const config = testConfig(server.baseUrl, patterns);
    const first = await crawlToSnapshot(config, { now });
    await nextSecond();
    server.resetStats();
    const second = await crawlToSnapshot(config, {
      now,
      previous: snapshotSource(first.snapshot),
    });
    expect(server.log.map((r) => r.url.split("?")[0])).toEqual(["/api/changes/"]);
    expect(second.snapshot.translations).toEqual(first.snapshot.translations);
  });
});
