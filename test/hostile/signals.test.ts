import { fileHashes } from "../helpers/file-hashes.js";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { StandInServer } from "../../src/demo/stand-in-server.js";
import { main } from "../../src/cli/main.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { serveDirectory, type StaticSite } from "../helpers/static-site.js";
import { tempDir } from "../helpers/temp-dir.js";

// Stopping a build from outside, with the real CLI in a child process: SIGINT (Ctrl-C), SIGTERM
// (a CI runner's cancel), SIGHUP (a closed terminal) at each stage, and a closed stdout (EPIPE).
// Each must leave out/ as it was, no temporary file or folder (beside out/ or in the temporary
// folder, where the previous site's snapshot is copied), exit 130 / 143 / 129 / 0, and say so
// in one line.

const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = join(root, "src/cli.ts");

interface Work {
  dir: string;
  out: string;
  config: string;
  /** The child's temporary folder (TMPDIR). */
  temp: string;
  server: StandInServer;
  site: StaticSite;
}

async function setUp(): Promise<Work> {
  const dir = await tempDir("l10n-signals-");
  const out = join(dir, "out");
  const temp = join(dir, "..", `${dir.split("/").pop()}-tmp`);
  await mkdir(temp);
  const server = await startStandIn({
    records: syntheticRecords({ components: 3, languages: 120 }),
  });
  const site = await serveDirectory(out);
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: ["project0/component0/*", "project0/component1/*", "project0/component2/*"],
      site: { url: site.url },
      crawl: { retryDelayMs: 10 },
    }),
  );
  // The published site the scheduled job reads back.
  const first = captureIo();
  expect(await main(["build", "--config", config, "--out", out], first), first.err()).toBe(0);
  site.requests.length = 0;
  return { dir, out, config, temp, server, site };
}

const hashes = fileHashes;

/** What is in the temporary folder but the cache of tsx, which runs the sources in these tests. */
const ours = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith("tsx-"));

/** Runs the build as a child; `stop` is called each few ms until it returns true. */
function runChild(
  work: Work,
  stop: (child: ReturnType<typeof spawn>) => boolean,
  options: { closeStdout?: boolean } = {},
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", cli, "build", "--config", work.config, "--out", work.out],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TMPDIR: work.temp } },
    );
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    // The reader of stdout goes away at once (`build | head -0`).
    if (options.closeStdout) child.stdout!.destroy();
    else child.stdout!.resume();
    const poll = setInterval(() => {
      if (stop(child)) clearInterval(poll);
    }, 3);
    child.on("close", (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, stderr });
    });
  });
}

const stages = {
  "while it reads the previous site": async (work: Work) => {
    // The previous site answers slowly: its snapshot is being copied into the temporary folder.
    work.site.override = (path, res) => {
      if (path !== "/data/snapshot.json.gz") return false;
      setTimeout(() => res.destroy(), 20_000);
      return true;
    };
    return () => work.site.requests.some((r) => r.url.split("?")[0] === "/data/snapshot.json.gz");
  },
  "while it crawls": async (work: Work) => {
    work.server.latencyMs = 400;
    return () => work.server.log.length > 0;
  },
  "while it writes the site": async (work: Work) => () =>
    readdirSync(work.dir).some((name) => name.startsWith(".out.tmp-")),
};

describe("a build stopped from outside", () => {
  it.each([
    ["SIGINT", 130, "while it reads the previous site"],
    ["SIGTERM", 143, "while it crawls"],
    ["SIGHUP", 129, "while it writes the site"],
    ["SIGINT", 130, "while it writes the site"],
    ["SIGTERM", 143, "while it reads the previous site"],
  ] as const)(
    "%s (exit %i) %s: one line, out/ as it was, no temporary file anywhere",
    async (name, code, stage) => {
      const work = await setUp();
      const before = await hashes(work.out);
      // A leftover of an older run in the temporary folder (its process has ended): swept.
      const leftover = join(work.temp, "l10n-snapshot-previous-4194305-aB3dE9");
      await mkdir(leftover);
      await writeFile(join(leftover, "snapshot.json"), "{}");
      work.server.resetStats();
      const ready = await stages[stage](work);
      const result = await runChild(work, (child) => ready() && child.kill(name));
      expect(result.signal).toBeNull();
      expect(result.code).toBe(code);
      expect(result.stderr).toBe(
        `l10n-snapshot: stopped by ${name}; nothing was published, and its temporary files were removed\n`,
      );
      expect(await hashes(work.out)).toEqual(before);
      expect(readdirSync(work.dir).sort()).toEqual(["config.json", "out"]);
      expect(existsSync(leftover)).toBe(false);
      expect(ours(work.temp)).toEqual([]);
    },
    60_000,
  );

  it("stdout closed (EPIPE): exit 0, one line, no stack trace, the site in place, no temporary file", async () => {
    const work = await setUp();
    // build tells the site's figures once it is written (one tally): the closed pipe is heard
    // then, with the new site already in place.
    const result = await runChild(work, () => true, { closeStdout: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      "l10n-snapshot: stdout was closed (EPIPE); stopped; the new site was already in place\n",
    );
    expect(readdirSync(work.dir).sort()).toEqual(["config.json", "out"]);
    expect(ours(work.temp)).toEqual([]);
  }, 60_000);
});
