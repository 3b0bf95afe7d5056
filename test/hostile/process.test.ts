import { execFileSync, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { captureIo } from "../helpers/stand-in.js";
import {
  expectCase,
  filesUnder,
  goodWeblate,
  json,
  PREVIOUS_INDEX,
  recordFor,
  runCase,
  startHostile,
  type Handler,
} from "../helpers/hostile-server.js";
import { tempDir } from "../helpers/temp-dir.js";

// Process faults: kill -9 during build, two builds at once, a full disk, read-only output.

const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = join(root, "src/cli.ts");

/** proj/comp/* with `n` languages in one list: a site of a few hundred files from 2 requests. */
const bigList =
  (n: number): Handler =>
  (req, res, server) => {
    const base = server.baseUrl;
    if (req.url!.startsWith("/api/components/proj/comp/translations/")) {
      return json(res, 200, {
        count: n,
        next: null,
        previous: null,
        results: Array.from({ length: n }, (_, i) => recordFor(base, "proj", "comp", `l${i}`)),
      });
    }
    if (req.url!.startsWith("/api/components/proj/comp/"))
      return json(res, 200, recordFor(base, "proj", "comp", "cs").component);
    return goodWeblate(req, res, server);
  };

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const pid = Number(
    execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).toString(),
  );
  expect(() => process.kill(pid, 0)).toThrow();
  return pid;
}

/**
 * Mounts a tmpfs of `size` on dir; false when this machine does not let us (not root, no mount).
 */
function mountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const canMount = (() => {
  const probe = join(tmpdir(), `l10n-mount-probe-${process.pid}`);
  execFileSync("mkdir", ["-p", probe]);
  const ok = mountTmpfs(probe, "64k");
  if (ok) execFileSync("umount", [probe]);
  return ok;
})();

async function workDir(): Promise<{
  dir: string;
  out: string;
  config: (baseUrl: string) => Promise<string>;
}> {
  const dir = await tempDir("l10n-hostile-");
  const out = join(dir, "out");
  // A previous site, as a build leaves it (a site has its snapshot: only a site is replaced).
  await mkdir(join(out, "data"), { recursive: true });
  await writeFile(join(out, "index.html"), PREVIOUS_INDEX);
  await writeFile(join(out, "data", "snapshot.json"), "{}\n");
  return {
    dir,
    out,
    config: async (baseUrl) => {
      const file = join(dir, "config.json");
      await writeFile(
        file,
        JSON.stringify({
          baseUrl,
          translations: ["proj/comp/*"],
          crawl: { retryDelayMs: 10, timeoutMs: 2000 },
        }),
      );
      return file;
    },
  };
}

/** The site in `out` is either the previous one, untouched, or a whole new one. */
async function expectPreviousOrWhole(out: string): Promise<"previous" | "new"> {
  const files = await filesUnder(out);
  if (files.get("index.html") === PREVIOUS_INDEX) {
    expect([...files.keys()].sort()).toEqual(["data/snapshot.json", "index.html"]);
    return "previous";
  }
  expect(files.has("404.html")).toBe(true);
  expect(files.has(".nojekyll")).toBe(true);
  expect(JSON.parse(files.get("data/snapshot.json.gz")!).translations).toHaveLength(300);
  return "new";
}

describe("process faults", () => {
  it("kill -9 during build, 6 times (3 at random points, 3 while the site is being written): out/ is always whole; the next build cleans up", async () => {
    const server = await startHostile(bigList(300));
    const work = await workDir();
    const config = await work.config(server.baseUrl);
    /**
     * One build, killed after `killAfterMs`, or as soon as its temporary folder appears
     * ("writing"), or not at all.
     */
    const run = (kill?: number | "writing") =>
      new Promise<{ code: number | null; killedWriting: boolean }>((resolve) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", cli, "build", "--quiet", "--config", config, "--out", work.out],
          { cwd: root, stdio: "ignore" },
        );
        let killedWriting = false;
        const timer =
          typeof kill === "number" ? setTimeout(() => child.kill("SIGKILL"), kill) : undefined;
        const poll =
          kill === "writing"
            ? setInterval(() => {
                if (readdirSync(work.dir).some((name) => name.startsWith(".out.tmp-"))) {
                  killedWriting = child.kill("SIGKILL");
                  clearInterval(poll);
                }
              }, 2)
            : undefined;
        child.on("exit", (code) => {
          clearTimeout(timer);
          clearInterval(poll);
          resolve({ code, killedWriting });
        });
      });
    let killedWriting = 0;
    let lastKilledWriting = false;
    for (let i = 0; i < 6; i++) {
      const result = await run(i % 2 === 1 ? "writing" : 400 + Math.floor(Math.random() * 2000));
      if (result.killedWriting) killedWriting += 1;
      lastKilledWriting = result.killedWriting;
      await expectPreviousOrWhole(work.out);
    }
    expect(killedWriting).toBeGreaterThan(0);
    // The last run was killed while writing: its temporary folder is there for the next run to
    // clean.
    if (lastKilledWriting)
      expect(readdirSync(work.dir).some((name) => name.startsWith(".out.tmp-"))).toBe(true);
    expect((await run()).code).toBe(0);
    expect(await expectPreviousOrWhole(work.out)).toBe("new");
    expect((await readdir(work.dir)).sort()).toEqual(["config.json", "out"]);
  }, 60_000);

  it("killed between the two renames (out/ moved aside): a render that fails at once still puts the previous site back", async () => {
    const work = await workDir();
    await rename(work.out, join(work.dir, `.out.tmp-${deadPid()}-deadbeef-old`));
    const half = join(work.dir, `.out.tmp-${deadPid()}-0badf00d`);
    await mkdir(half);
    await writeFile(join(half, "index.html"), "half a site");
    const io = captureIo();
    expect(
      await main(["render", "--snapshot", join(work.dir, "missing.json"), "--out", work.out], io),
    ).toBe(3);
    expect(io.err()).toMatch(
      /^l10n-snapshot: snapshot .*missing\.json: cannot read it \(ENOENT\)\n$/,
    );
    expect(await readFile(join(work.out, "index.html"), "utf8")).toBe(PREVIOUS_INDEX);
    expect((await readdir(work.dir)).sort()).toEqual(["out"]);
  });

  it("killed between the two renames: a build whose crawl then fails puts the previous site back too", async () => {
    const work = await workDir();
    await rename(work.out, join(work.dir, `.out.tmp-${deadPid()}-deadbeef-old`));
    const result = await runCase({
      crawl: { retries: 0 },
      handler: (req) => void req.socket.destroy(),
      beforeRun: async (dir) => {
        // runCase wrote a fresh previous site into out/: strand it as a killed run would have.
        await rename(join(dir, "out"), join(dir, `.out.tmp-${deadPid()}-deadbeef-old`));
      },
    });
    await expectCase(result, { code: 3, message: "nothing usable" });
  });

  it("two builds into one out/ at once: each ends 0, or 3 saying the other is writing; out/ is whole", async () => {
    const server = await startHostile(
      (req, res, s) => void setTimeout(() => bigList(300)(req, res, s), 100),
    );
    const work = await workDir();
    const config = await work.config(server.baseUrl);
    const ios = [captureIo(), captureIo(), captureIo()];
    const codes = await Promise.all(
      ios.map((io) => main(["build", "--quiet", "--config", config, "--out", work.out], io)),
    );
    expect(codes.filter((c) => c === 0).length).toBeGreaterThan(0);
    codes.forEach((code, i) => {
      if (code !== 0)
        expect(ios[i]!.err()).toMatch(
          /^l10n-snapshot: cannot write the site to .*: another l10n-snapshot \(process \d+\) is writing it now; run again once it is done/,
        );
      expect([0, 3]).toContain(code);
    });
    expect(await expectPreviousOrWhole(work.out)).toBe("new");
    expect((await readdir(work.dir)).sort()).toEqual(["config.json", "out"]);
  });

  it("a full disk: exit 3 naming it, the previous site intact, no temporary folder left", async (ctx) => {
    if (!canMount) ctx.skip("mounting a tmpfs needs root; this machine does not allow it");
    let mounted = "";
    try {
      const result = await runCase({
        handler: bigList(300),
        translations: ["proj/comp/*"],
        prepare: async (dir) => void (mountTmpfs(dir, "300k") && (mounted = dir)),
      });
      expect(mounted).not.toBe("");
      await expectCase(result, {
        code: 3,
        message:
          /^l10n-snapshot: cannot write the site to .*: no space left on the device \(ENOSPC\)/,
      });
    } finally {
      if (mounted) execFileSync("umount", [mounted]);
    }
  });

  it("read-only output: exit 3 naming the real cause (EROFS), the previous site intact", async (ctx) => {
    if (!canMount) ctx.skip("mounting a tmpfs needs root; this machine does not allow it");
    let mounted = "";
    try {
      const result = await runCase({
        prepare: async (dir) => void (mountTmpfs(dir, "1m") && (mounted = dir)),
        beforeRun: async (dir) => void execFileSync("mount", ["-o", "remount,ro", dir]),
      });
      expect(mounted).not.toBe("");
      await expectCase(result, {
        code: 3,
        message:
          /^l10n-snapshot: cannot write the site to .*: the file system is read-only \(EROFS\)$/,
      });
    } finally {
      if (mounted) execFileSync("umount", [mounted]);
    }
  });

  it.each([
    [
      "a truncated snapshot",
      (good: string) => good.slice(0, Math.floor(good.length / 2)),
      /^l10n-snapshot: snapshot .*: not valid JSON/,
    ],
    [
      "binary garbage",
      () => "\u0000\u00ff\u001b[2J\u202e garbage",
      /^l10n-snapshot: snapshot .*: not valid JSON/,
    ],
    [
      "the wrong shape",
      () => JSON.stringify({ schemaVersion: 3, translations: "all" }),
      /^l10n-snapshot: snapshot .*: "generatedAt": /,
    ],
    [
      "an entry with a bad status",
      (good: string) => good.replace('"status":"ok"', '"status":"\\u001b[31mok"'),
      /^l10n-snapshot: snapshot .*: "translations\[0\]\.status": /,
    ],
  ])(
    "%s into render and merge: exit 3, one line, the previous site intact",
    async (_name, spoil, message) => {
      const result = await runCase({ command: "crawl" });
      const file = join(result.dir, "snapshot.json");
      await writeFile(file, spoil(await readFile(file, "utf8")));
      for (const args of [
        ["render", "--snapshot", file, "--out", result.outDir],
        ["merge", file, "--snapshot", join(result.outDir, "merged.json")],
      ]) {
        const io = captureIo();
        expect(await main(args, io)).toBe(3);
        expect(io.err()).toMatch(message);
        expect(io.err().split("\n")).toHaveLength(2);
        // eslint-disable-next-line no-control-regex
        expect(io.err()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
        await expectCase(
          { ...result, code: 3, err: io.err(), out: io.out() },
          { code: 3, allow: ["snapshot.json"] },
        );
      }
    },
  );
});
