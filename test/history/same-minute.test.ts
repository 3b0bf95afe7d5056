import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { readHistoryFile } from "../../src/history/history-parts.js";
import { pointCount } from "../../src/history/history.js";
import { contractRecord } from "../helpers/fixtures.js";
import { writeConfig } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

const record = (base: string, translated: number, total: number) =>
  contractRecord(base, {
    language: "cs",
    total,
    stats: { translated, fuzzy: 0, failingChecks: 0 },
  });

// Issue 42, point 4: a manual rerun in the minute of a scheduled run, the total changed in
// between. The second run's point must not take the first one's place.
describe("two runs in one minute", () => {
  it("keeps both runs' points, and the second says what changed since the first", async () => {
    const dir = await tempDir();
    const out = join(dir, "out");
    const server = await startStandIn({ records: (b) => [record(b, 50, 91)] });
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      translations: ["proj/comp/cs"],
      crawl: { retries: 0 },
    });
    const build = async (at: string) => {
      const io = { ...captureIo(), now: () => new Date(at) };
      const args = ["build", "--config", config, "--out", out, "--previous", out];
      return main(args, io);
    };
    // The first run has nothing published yet: --previous names a folder that is not there.
    expect(await build("2026-11-21T06:00:05.000Z")).toBe(0);
    server.setRecords([record(server.baseUrl, 50, 100)]);
    expect(await build("2026-11-21T06:00:40.000Z")).toBe(0);

    const history = await readHistoryFile(join(out, "data", "history.json"));
    expect(pointCount(history.series.get("proj/comp/cs") ?? [])).toBe(2);
    const page = parseHtml(await readFile(join(out, "proj/comp/cs/index.html"), "utf8"));
    const trend = page.querySelector("section.trend");
    expect(trend?.text).not.toContain("No change since");
    expect(trend?.querySelector("svg")).not.toBeNull();
  });
});
