import { spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { main } from "../../src/cli/main.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// `build` spools its crawl into a file beside the output folder and renders from that file.

async function setUp(records: (base: string) => unknown[], translations: string[]) {
  const server = await startStandIn({ records });
  const dir = await tempDir("l10n-build-spool-");
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({ baseUrl: server.baseUrl, translations, crawl: { retryDelayMs: 10 } }),
  );
  return { dir, config, server };
}

describe("build renders from the spooled snapshot file", () => {
  it("publishes the very file crawl writes, and leaves nothing beside out/", async () => {
    const records = (base: string) => [
      ...syntheticRecords({ projects: 2, components: 2, languages: 3 })(base),
      // A language code that is a file of the site: invalid, its spooled entry replaced.
      contractRecord(base, { language: "index.html" }),
    ];
    const { dir, config } = await setUp(records, ["project0/*/*", "project1/*/*", "proj/comp/*"]);
    const built = captureIo();
    expect(await main(["build", "--config", config, "--out", join(dir, "out")], built)).toBe(1);
    const crawled = captureIo();
    expect(
      await main(["crawl", "--config", config, "--snapshot", join(dir, "crawled.json")], crawled),
    ).toBe(1);
    // Both runs say the same of the same translations, and the site's copy is the crawl's file byte
    // for byte, compressed.
    expect(built.err()).toBe(crawled.err());
    expect(built.err()).toContain("invalid proj/comp/index.html");
    expect(
      built
        .out()
        .split("\n")[0]!
        .replace(/[\d.]+ s$/, ""),
    ).toBe(
      crawled
        .out()
        .split("\n")[0]!
        .replace(/[\d.]+ s$/, ""),
    );
    // The two runs differ only in the server's clock each read (when the next probe asks from).
    const clock = (text: string) => text.replace(/"changesSince": \{[^}]*\},\n/, "");
    expect(
      clock(
        gunzipSync(await readFile(join(dir, "out", "data", "snapshot.json.gz"))).toString("utf8"),
      ),
    ).toBe(clock(await readFile(join(dir, "crawled.json"), "utf8")));
    expect((await readdir(dir)).sort()).toEqual(["config.json", "crawled.json", "out"]);
  });

  it("removes what a killed build left beside out/, and keeps a running build's file", async () => {
    const { dir, config } = await setUp((base) => [contractRecord(base)], ["proj/comp/cs"]);
    // No process has pid 2^22 + 1 (above Linux's pid_max default); this process's own PID on a
    // file it did not make is an earlier process's (a container's PID 1); the sleeping child is
    // a build that runs.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      const dead = [
        ".out.snapshot-4194305-0a1b2c3d.json",
        ".out.snapshot-4194305-0a1b2c3d.json.tmp-4194305-99aa00ff",
        `.out.snapshot-${process.pid}-12345678.json`,
      ];
      const running = `.out.snapshot-${other.pid}-12345678.json`;
      for (const name of [...dead, running]) await writeFile(join(dir, name), "{}");
      expect(
        await main(["build", "--config", config, "--out", join(dir, "out")], captureIo()),
      ).toBe(0);
      expect((await readdir(dir)).sort()).toEqual([running, "config.json", "out"].sort());
    } finally {
      other.kill();
    }
  });

  it("carries last known good data into the spooled snapshot from the previous site", async () => {
    const { dir, config, server } = await setUp(
      (base) => [
        contractRecord(base, { language: "cs" }),
        contractRecord(base, { language: "de" }),
      ],
      ["proj/comp/*"],
    );
    const io = captureIo();
    expect(
      await main(
        ["build", "--config", config, "--out", join(dir, "out"), "--previous", join(dir, "out")],
        io,
      ),
    ).toBe(0);
    server.setRecords([
      contractRecord(server.baseUrl, { language: "cs" }),
      { ...contractRecord(server.baseUrl, { language: "de" }), translated: "many" },
    ]);
    const later = { ...captureIo(), now: () => new Date("2026-11-21T18:00:00Z") };
    expect(
      await main(
        [
          "build",
          "--config",
          config,
          "--out",
          join(dir, "out"),
          "--previous",
          join(dir, "out"),
          "--full",
        ],
        later,
      ),
    ).toBe(1);
    expect(later.out()).toMatch(/^translations \d+: .*, stale 1, /m);
    const snapshot = JSON.parse(
      gunzipSync(await readFile(join(dir, "out", "data", "snapshot.json.gz"))).toString("utf8"),
    ) as { translations: { language: string; status: string; carried?: { asOf: string } }[] };
    const de = snapshot.translations.find((e) => e.language === "de")!;
    expect(de.status).toBe("invalid");
    expect(de.carried?.asOf).toBe("2026-11-21T12:00:00.000Z");
    expect(
      JSON.parse(await readFile(join(dir, "out", "data", "history.json"), "utf8")),
    ).toMatchObject({ lastRun: "2026-11-21T18:00:00.000Z" });
  });
});
