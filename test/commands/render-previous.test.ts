import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { readHistoryFile } from "../../src/history/history-parts.js";
import { pointCount } from "../../src/history/history.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { StandInServer } from "../../src/demo/stand-in-server.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The README's sharded publish job: `render --snapshot <merged>.json.gz --previous <site>`. The
// compressed snapshot is unpacked to a temporary file and streamed, as `render` does without
// --previous (a trial saw it read whole: 900 MB for 28,800 translations, 3 times the render
// without --previous); the site carries the history on, and the temporary file is gone after.

const records = syntheticRecords({ projects: 1, components: 2, languages: 3 });
let server: StandInServer;
let dir: string;
let scratch: string;
const savedTmp = process.env.TMPDIR;

beforeAll(async () => {
  server = await startStandIn({ records }, { keep: true });
  dir = await tempDir("l10n-render-previous-");
  scratch = join(dir, "tmp");
  await mkdir(scratch);
  process.env.TMPDIR = scratch;
});

afterAll(async () => {
  process.env.TMPDIR = savedTmp;
  if (savedTmp === undefined) delete process.env.TMPDIR;
  await server.stop();
});

describe("render --previous of a compressed snapshot", () => {
  it("renders the snapshot with the previous site's history and leaves no temporary file", async () => {
    const config = join(dir, "config.json");
    await writeFile(
      config,
      JSON.stringify({ baseUrl: server.baseUrl, translations: ["project0/*/*"] }),
    );
    const at = (hour: string) => () => new Date(`2026-11-21T${hour}:00:00Z`);
    const first = captureIo();
    const build = ["build", "--config", config, "--no-previous", "--quiet"];
    expect(
      await main([...build, "--out", join(dir, "one")], { ...first, now: at("06") }),
      first.err(),
    ).toBe(0);
    // The server's numbers change; a second crawl's snapshot, compressed as a site publishes it.
    server.setRecords(
      records(server.baseUrl).map((r) => {
        const record = r as { url?: string; translated?: number };
        return record.url?.endsWith("/component0/l001/") ? { ...record, translated: 1 } : record;
      }),
    );
    const second = captureIo();
    expect(await main([...build, "--out", join(dir, "two")], { ...second, now: at("12") })).toBe(0);
    const snapshot = join(dir, "two", "data", "snapshot.json.gz");
    const run = captureIo();
    const args = [
      "render",
      "--snapshot",
      snapshot,
      "--config",
      config,
      "--out",
      join(dir, "three"),
    ];
    const code = await main([...args, "--previous", join(dir, "one")], { ...run, now: at("12") });
    expect(code, run.err()).toBe(0);
    expect(run.out()).toMatch(/site written to .*three/);
    const history = readHistoryFile(join(dir, "three", "data", "history.json"));
    expect(history.lastRun).toBe("2026-11-21T12:00:00.000Z");
    expect(history.previousRun).toBe("2026-11-21T06:00:00.000Z");
    const changed = history.series.get("project0/component0/l001");
    expect(changed && pointCount(changed)).toBe(2);
    // The changed translation's page draws its trend; the snapshot is copied as it was.
    const page = parse(
      await readFile(join(dir, "three", "project0", "component0", "l001", "index.html"), "utf8"),
    );
    expect(page.querySelector("section.trend svg")).not.toBeNull();
    expect(await readFile(join(dir, "three", "data", "snapshot.json.gz"))).toEqual(
      await readFile(snapshot),
    );
    expect(await readdir(scratch)).toEqual([]);

    // A snapshot whose component list failed: render --previous exits by the run's figures, as
    // build does (the list's translations carried stale from the previous site).
    const failing = "/api/components/project0/component1/translations/";
    server.addFault(failing, ...Array.from({ length: 10 }, () => ({ status: 500 })));
    const third = captureIo();
    const built = ["build", "--config", config, "--previous", join(dir, "one"), "--quiet"];
    expect(await main([...built, "--out", join(dir, "four")], { ...third, now: at("13") })).toBe(1);
    server.clearFaults();
    const again = captureIo();
    const stale = [...args.slice(0, 2), join(dir, "four", "data", "snapshot.json.gz")];
    const rest = [...args.slice(3, 6), join(dir, "five"), "--previous", join(dir, "one")];
    expect(await main([...stale, ...rest], { ...again, now: at("13") }), again.err()).toBe(1);
    expect(again.out()).toMatch(/stale 3, failed 0, invalid 0; removed 0/);
  });
});
