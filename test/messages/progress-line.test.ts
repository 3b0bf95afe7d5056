import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { StandInServer } from "../../src/demo/stand-in-server.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The progress line on a terminal is redrawn at most every 100 ms of the run's clock, not once
// per translation (a trial's crawl of 28,800 translations wrote 1.9 MB of redraws).

const records = syntheticRecords({ projects: 2, components: 3, languages: 10 });
let server: StandInServer;
let config: string;

beforeAll(async () => {
  server = await startStandIn({ records }, { keep: true });
  const dir = await tempDir("l10n-progress-");
  config = join(dir, "config.json");
  await writeFile(config, JSON.stringify({ baseUrl: server.baseUrl, translations: ["*/*/*"] }));
});

afterAll(() => server.stop());

async function crawl(tty: boolean, now: () => Date) {
  const io = captureIo();
  io.stderr.isTTY = tty;
  const out = join(await tempDir("l10n-progress-"), "s.json");
  const code = await main(["crawl", "--config", config, "--snapshot", out], { ...io, now });
  return { code, redraws: io.err().split("\rcrawling ").length - 1, err: io.err() };
}

describe("the progress line on a terminal", () => {
  it("is drawn once while the clock stands still, and cleared at the end", async () => {
    const run = await crawl(true, () => new Date("2026-11-21T12:00:00Z"));
    expect(run.code, run.err).toBe(0);
    expect(run.redraws).toBe(1);
    expect(run.err).toContain("\r\u001b[K");
  });

  it("is redrawn as the clock moves on, at most once per 100 ms", async () => {
    // Each reading of the clock is 40 ms later: at most every third draw is shown.
    let t = Date.parse("2026-11-21T12:00:00Z");
    const run = await crawl(true, () => new Date((t += 40)));
    expect(run.code, run.err).toBe(0);
    expect(run.redraws).toBeGreaterThan(1);
    expect(run.redraws).toBeLessThanOrEqual(Math.ceil(60 / 3) + 1);
  });

  it("is not drawn when stderr is not a terminal", async () => {
    const run = await crawl(false, () => new Date("2026-11-21T12:00:00Z"));
    expect(run.redraws).toBe(0);
  });
});
