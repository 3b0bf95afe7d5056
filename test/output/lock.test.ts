import { execFileSync, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readdir, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { lockOutDir } from "../../src/output/out-dir.js";
import {
  newOwner,
  ownerRuns,
  parseOwner,
  releaseOwner,
  STALE_AFTER_MS,
  type Owner,
} from "../../src/output/owner.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

// The output lock records host, PID, start time, boot and PID namespace, and is taken over when
// its process no longer exists, or holds this process's own PID from an earlier process (every
// container run is PID 1); a second live run is still refused.

const root = fileURLToPath(new URL("../../", import.meta.url));
const statStart = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};
const deadPid = () =>
  Number(execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]));

describe("who holds the lock", () => {
  const me = newOwner();
  releaseOwner(me);

  it("takes a lock of this process's own PID that it does not hold as an earlier process's", () => {
    expect(ownerRuns({ ...me, token: "an-earlier-container" }, 0)).toBe(false);
    // A lock of an older version: the bare PID.
    expect(ownerRuns(parseOwner(`${process.pid}\n`)!, 0)).toBe(false);
    const held = newOwner();
    expect(ownerRuns(held, 0)).toBe(true);
    releaseOwner(held);
    expect(ownerRuns(held, 0)).toBe(false);
  });

  it("asks this machine whether another PID runs, and whether it is still the same process", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await new Promise((r) => other.once("spawn", r));
    try {
      const live: Owner = { ...me, pid: other.pid!, start: statStart(other.pid!) };
      expect(ownerRuns(live, 0)).toBe(true);
      // The PID was reused by another process since.
      expect(ownerRuns({ ...live, start: "1" }, 0)).toBe(false);
      expect(ownerRuns({ ...live, pid: deadPid() }, 0)).toBe(false);
      // A reboot ended every process.
      expect(ownerRuns({ ...live, bootId: "another-boot" }, 0)).toBe(false);
    } finally {
      other.kill();
    }
  });

  it("takes a holder it cannot ask (another host, another PID namespace) as gone once its lock stands still", () => {
    for (const owner of [
      { ...me, host: "ci-runner-7", pid: 1 },
      { ...me, pid: 12345, pidNamespace: "pid:[1]" },
    ]) {
      expect(ownerRuns(owner, 1000)).toBe(true);
      expect(ownerRuns(owner, STALE_AFTER_MS + 1)).toBe(false);
    }
  });

  it("refuses a live holder by host, PID and start, and takes over a stale one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "l10n-lock-"));
    const target = join(dir, "out");
    const lock = join(dir, ".out.lock");
    const live = { ...me, host: "ci-runner-7", pid: 1, at: "2026-11-25T06:00:00.000Z" };
    await writeFile(lock, JSON.stringify(live));
    await expect(lockOutDir(target, "out")).rejects.toThrow(
      "cannot write the site to out: another l10n-snapshot (process 1 on ci-runner-7, since 2026-11-25T06:00:00.000Z) is writing it now; run again once it is done",
    );
    const old = new Date(Date.now() - STALE_AFTER_MS - 1000);
    await utimes(lock, old, old);
    const release = await lockOutDir(target, "out");
    expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({
      host: hostname(),
      pid: process.pid,
    });
    await release();
    expect(await readdir(dir)).toEqual([]);
  });
});

function runAsync(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

/** Whether this machine lets us make a PID namespace (root, unshare). */
const canUnshare =
  spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"], { stdio: "ignore" }).status ===
  0;

describe("a build that is PID 1, as in a container", () => {
  const locks: [string, (owner: Owner) => string][] = [
    ["this version's", (owner) => JSON.stringify({ ...owner, pid: 1, token: "earlier" })],
    ["an older version's", () => "1\n"],
  ];
  it.for(locks)(
    "takes over %s lock left by an earlier PID 1 run",
    { timeout: 30_000 },
    async ([, lockText], ctx) => {
      if (!canUnshare) ctx.skip("a PID namespace needs root and unshare; this machine has neither");
      const server = await startStandIn({ records: (b) => [contractRecord(b)] });
      const dir = await mkdtemp(join(tmpdir(), "l10n-pid1-"));
      const config = join(dir, "config.json");
      await writeFile(
        config,
        JSON.stringify({ baseUrl: server.baseUrl, translations: ["proj/comp/cs"] }),
      );
      const out = join(dir, "out");
      expect(await main(["build", "--config", config, "--out", out], captureIo())).toBe(0);
      // What a PID 1 run killed while it wrote the site left (a container is gone: its host was
      // this one, its namespace another).
      await writeFile(join(dir, ".out.lock"), lockText(newOwner()));
      // Not spawnSync: the stand-in Weblate answers from this process.
      const run = await runAsync(
        "unshare",
        [
          "--pid",
          "--fork",
          "--mount-proc",
          process.execPath,
          "--import",
          "tsx",
          join(root, "src/cli.ts"),
          "build",
          "--quiet",
          "--config",
          config,
          "--out",
          out,
          "--no-previous",
        ],
        root,
      );
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect((await readdir(dir)).sort()).toEqual(["config.json", "out"]);
    },
  );
});
