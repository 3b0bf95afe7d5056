import { execFileSync, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { lockOutDir } from "../../src/output/out-dir.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The output lock holds its run's PID, and is taken over when that process no longer exists, or
// holds this process's own PID from an earlier process (every container run is PID 1); a second
// live run is refused.

const root = fileURLToPath(new URL("../../", import.meta.url));
const deadPid = () =>
  Number(execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]));

describe("the output folder's lock", () => {
  const folder = async () => {
    const dir = await tempDir("l10n-lock-");
    return { dir, target: join(dir, "out"), lock: join(dir, ".out.lock") };
  };

  it("refuses a second run while the first holds it, in this process or another", async () => {
    const { target, lock } = await folder();
    const release = await lockOutDir(target, "out");
    await expect(lockOutDir(target, "out")).rejects.toThrow(
      `cannot write the site to out: another l10n-snapshot (process ${process.pid}) is writing it now`,
    );
    await release();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await new Promise((r) => other.once("spawn", r));
    try {
      await writeFile(lock, `${other.pid}\n`);
      await expect(lockOutDir(target, "out")).rejects.toThrow(`(process ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock whose run has ended, or of this PID that this process did not take", async () => {
    for (const pid of [deadPid(), process.pid]) {
      const { dir, target, lock } = await folder();
      await writeFile(lock, `${pid}\n`);
      const release = await lockOutDir(target, "out");
      expect(readFileSync(lock, "utf8")).toBe(`${process.pid}\n`);
      await release();
      expect(await readdir(dir)).toEqual([]);
    }
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
  it("takes over the lock left by an earlier PID 1 run", { timeout: 30_000 }, async (ctx) => {
    if (!canUnshare) ctx.skip("a PID namespace needs root and unshare; this machine has neither");
    const server = await startStandIn({ records: (b) => [contractRecord(b)] });
    const dir = await tempDir("l10n-pid1-");
    const config = join(dir, "config.json");
    await writeFile(
      config,
      JSON.stringify({ baseUrl: server.baseUrl, translations: ["proj/comp/cs"] }),
    );
    const out = join(dir, "out");
    expect(await main(["build", "--config", config, "--out", out], captureIo())).toBe(0);
    // What a PID 1 run killed while it wrote the site left (a container is gone: its host was
    // this one, its namespace another).
    await writeFile(join(dir, ".out.lock"), "1\n");
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
  });
});
