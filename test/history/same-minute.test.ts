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

const record = (base: string, component: string, translated: number, total: number) =>
  contractRecord(base, {
    component,
    language: "cs",
    total,
    stats: { translated, fuzzy: 0, failingChecks: 0 },
  });

/** Two builds 35 s apart, the second from the first's site, the server's records set between. */
async function twoRunsInOneMinute(
  first: (b: string) => unknown[],
  second: (b: string) => unknown[],
) {
  const dir = await tempDir();
  const out = join(dir, "out");
  const server = await startStandIn({ records: first as never });
  const config = await writeConfig(dir, {
    baseUrl: server.baseUrl,
    translations: ["proj/*/cs"],
    crawl: { retries: 0 },
  });
  const build = (at: string) =>
    main(["build", "--config", config, "--out", out, "--previous", out], {
      ...captureIo(),
      now: () => new Date(at),
    });
  // The first run has nothing published yet: --previous names a folder that is not there.
  expect(await build("2026-11-21T06:00:05.000Z")).toBe(0);
  server.setRecords(second(server.baseUrl) as never);
  expect(await build("2026-11-21T06:00:40.000Z")).toBe(0);
  const page = async (path: string) => {
    const html = parseHtml(await readFile(join(out, path), "utf8"));
    const trend = html.querySelector("section.trend");
    const since = trend?.querySelector("table.deltas tbody tr");
    const cells = since?.querySelectorAll("td").map((td) => td.text.trim()) ?? [];
    return { summary: trend?.querySelector("figcaption")?.text ?? trend?.text ?? "", cells };
  };
  return { out, page };
}

// Issue 42, point 4: a manual rerun in the minute of a scheduled run. The second run's points
// must not take the first one's place, and the pages must say what changed between the two.
describe("two runs in one minute", () => {
  it("shows the strings gained since the first run on the overview, project and translation pages", async () => {
    const { out, page } = await twoRunsInOneMinute(
      (b) => [record(b, "a", 50, 91), record(b, "b", 10, 20)],
      (b) => [record(b, "a", 50, 100), record(b, "b", 10, 20)],
    );
    const history = await readHistoryFile(join(out, "data", "history.json"));
    expect(pointCount(history.series.get("proj/a/cs") ?? [])).toBe(2);
    for (const path of ["index.html", "proj/index.html", "proj/a/cs/index.html"]) {
      const { summary, cells } = await page(path);
      expect(summary, path).toMatch(/total strings from 1?\d\d to 1?\d\d \(2 points recorded\)/);
      expect(summary, path).not.toMatch(/from (\d+) to \1 \(/);
      // Since the last run: translated +0, total +9.
      expect(cells.slice(0, 2), path).toEqual(["0", "+9"]);
    }
  });

  it("says the project has run before when a removal alone changed it", async () => {
    const { page } = await twoRunsInOneMinute(
      (b) => [record(b, "a", 50, 91), record(b, "b", 10, 20)],
      (b) => [record(b, "a", 50, 91)],
    );
    for (const path of ["index.html", "proj/index.html"]) {
      const { summary, cells } = await page(path);
      expect(summary, path).not.toContain("One run so far");
      expect(summary, path).toContain("No change since");
      expect(cells.slice(0, 2), path).toEqual(["0", "0"]);
    }
  });
});
