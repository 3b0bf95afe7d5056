import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parse as parseHtml } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { VERSION } from "../../src/model/version.js";
import { runAction } from "../helpers/action-runner.js";
import { startStandIn } from "../helpers/stand-in.js";

// The package as users get it: `npm pack` (which builds dist/), installed from the tarball into an
// empty folder (runtime dependencies come from the registry, or npm's cache), then run with npx.
// Slow (a build and an install): `npm run check:package` runs this file alone.

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);
let tarball = "";
let packedFiles: string[] = [];

/** Temp folders made here (each install is some 13 MB), removed at the end. */
const made: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

beforeAll(async () => {
  const dest = await tempDir("l10n-snapshot-pack-");
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", dest], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  // prepack's build prints before npm's JSON: the JSON is the last array in the output.
  const packed = JSON.parse(stdout.slice(stdout.lastIndexOf("\n[") + 1)) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  tarball = join(dest, packed[0]!.filename);
  packedFiles = packed[0]!.files.map((f) => f.path).sort();
  console.log(
    `packed ${packed[0]!.filename}: ${(packed[0]!.size / 1024).toFixed(1)} kB, ${(packed[0]!.unpackedSize / 1024).toFixed(1)} kB unpacked, ${packedFiles.length} files`,
  );
}, 180_000);

async function npmInstall(dir: string, spec: string): Promise<void> {
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", spec], { cwd: dir });
}

/** `npx l10n-snapshot ...` in `dir`, as a user runs it; never fetches the tool itself. */
async function npx(
  dir: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["--no-install", "l10n-snapshot", ...args], {
      cwd: dir,
      env: withoutToken(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function withoutToken(): NodeJS.ProcessEnv {
  const { WEBLATE_TOKEN: _token, ...env } = process.env;
  return env;
}

/** stderr without npm's own warnings about the machine's npm config. */
function ours(stderr: string): string {
  return stderr
    .split("\n")
    .filter((line) => !line.startsWith("npm warn"))
    .join("\n");
}

describe("the npm package", () => {
  it("holds only what users need", () => {
    const tops = [...new Set(packedFiles.map((f) => f.split("/")[0]))].sort();
    expect(tops).toEqual([
      "LICENSE",
      "README.md",
      "bin",
      "config",
      "dist",
      "package.json",
      "templates",
    ]);
    expect(packedFiles.filter((f) => f.startsWith("config/"))).toEqual([
      "config/l10n-snapshot.schema.json",
    ]);
    expect(packedFiles).toContain("dist/cli.js");
    expect(packedFiles).toContain("dist/output/writer-thread.js");
    expect(
      packedFiles.some(
        (f) => f.startsWith("dist/demo/") || (f.endsWith(".ts") && !f.endsWith(".d.ts")),
      ),
    ).toBe(false);
  });

  it("installed into an empty folder, runs --help, init, crawl, render and build without tsx", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir("l10n-snapshot-installed-");
    await writeFile(join(dir, "package.json"), "{}\n");
    await npmInstall(dir, tarball);
    const installed = await readdir(join(dir, "node_modules"));
    expect(
      installed.filter((name) => ["tsx", "typescript", "vitest", "esbuild"].includes(name)),
    ).toEqual([]);

    const version = await npx(dir, ["--version"]);
    expect({ ...version, stderr: ours(version.stderr) }).toEqual({
      code: 0,
      stdout: `${VERSION}\n`,
      stderr: "",
    });
    expect((await npx(dir, ["--help"])).stdout).toContain("l10n-snapshot init");
    const init = await npx(dir, ["init", "--yes", "--base-url", server.baseUrl]);
    expect(init.code).toBe(0);
    expect(ours(init.stderr)).toBe("");
    const build = await npx(dir, ["build", "--quiet"]);
    expect(build).toMatchObject({ code: 0, stdout: "" });
    const index = parseHtml(await readFile(join(dir, "out/index.html"), "utf8"));
    expect(index.querySelectorAll("a").map((a) => a.getAttribute("href"))).toContain(
      "orbit-notes/index.html",
    );
    expect(existsSync(join(dir, "out/badges/orbit-notes.svg"))).toBe(true);

    const crawl = await npx(dir, ["crawl", "--snapshot", "s.json", "--json"]);
    expect(JSON.parse(crawl.stdout)).toMatchObject({ command: "crawl", exitCode: 0, failed: 0 });
    const render = await npx(dir, ["render", "--snapshot", "s.json", "--out", "again"]);
    expect(render.code).toBe(0);
    expect(await readFile(join(dir, "again/index.html"), "utf8")).toContain("Harbor Docs");
  }, 120_000);
});

describe("the GitHub Action (action.yml)", () => {
  async function workspace(config: unknown) {
    const dir = await tempDir("l10n-snapshot-action-");
    await mkdir(join(dir, "workspace/config"), { recursive: true });
    await writeFile(join(dir, "workspace/config/status.json"), JSON.stringify(config));
    return { workspace: join(dir, "workspace"), temp: join(dir, "runner-temp") };
  }

  it("installs the package, builds the site into `out` with the token, and writes the job summary", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/*/*", "orbit-notes/website/*"],
    });
    const result = await runAction(join(root, "action.yml"), {
      actionPath: root,
      ...dirs,
      inputs: {
        config: "config/status.json",
        out: "public",
        token: "wlu_action_token_1234",
        package: tarball,
      },
    });
    console.log(result.steps.map((s) => `${s.status.padEnd(16)} ${s.name}`).join("\n"));
    console.log(result.summary);
    expect(result.steps.map((s) => [s.name, s.status])).toEqual([
      ["actions/setup-node@v4", "not run (uses)"],
      ["Install l10n-snapshot", "success"],
      ["Crawl Weblate and render the site", "success"],
      ["Job summary", "success"],
      ["Check", "skipped"],
    ]);
    expect(result.outputs.build).toEqual({ "exit-code": "0", "site-path": "public" });
    expect(existsSync(join(dirs.workspace, "public/index.html"))).toBe(true);
    expect(existsSync(join(dirs.workspace, "public/badges/tinygrep.svg"))).toBe(true);
    expect(server.log.length).toBeGreaterThan(0);
    expect(server.log.every((r) => r.headers.authorization === "Token wlu_action_token_1234")).toBe(
      true,
    );
    expect(result.summary).toContain(
      "| translations | ok | with warnings | invalid | failed | requests | time |",
    );
    expect(result.summary).toContain("Exit code 0: Every translation was fetched and is valid.");
    expect(result.summary).toContain("The site is in `public`");
    expect(result.steps.map((s) => s.stdout + s.stderr).join("")).not.toContain(
      "wlu_action_token_1234",
    );
  }, 120_000);

  it("still publishes when some translations fail (exit 1), and fails the job on a bad config (exit 2)", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const partial = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/cli/*", "tinygrep/cli/xx"],
      crawl: { retryDelayMs: 10 },
    });
    const ran = await runAction(join(root, "action.yml"), {
      actionPath: root,
      ...partial,
      inputs: { config: "config/status.json", package: tarball },
    });
    expect(ran.failed).toBe(false);
    expect(ran.outputs.build).toEqual({ "exit-code": "1", "site-path": "out" });
    expect(existsSync(join(partial.workspace, "out/index.html"))).toBe(true);
    expect(ran.summary).toContain("| tinygrep/cli/xx | failed | ");

    const bad = await workspace({ baseUrl: server.baseUrl, translations: ["a/b"] });
    const refused = await runAction(join(root, "action.yml"), {
      actionPath: root,
      ...bad,
      inputs: { config: "config/status.json", package: tarball },
    });
    expect(refused.failed).toBe(true);
    expect(refused.steps.map((s) => s.status)).toEqual([
      "not run (uses)",
      "success",
      "failure",
      "success",
      "skipped",
    ]);
    expect(refused.steps[2]!.stderr).toContain('config config/status.json: "translations[0]"');
    expect(refused.summary).toContain("Exit code 2: Usage or config error");
  }, 120_000);

  it("reads the history from `previous`, and runs the gate with `check: true` (a failed gate fails the job)", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/*/*"],
      check: { minPercent: 100 },
    });
    const inputs = { config: "config/status.json", out: "public", package: tarball };
    const first = await runAction(join(root, "action.yml"), { actionPath: root, ...dirs, inputs });
    expect(first.failed).toBe(false);
    const second = await runAction(join(root, "action.yml"), {
      actionPath: root,
      ...dirs,
      inputs: { ...inputs, previous: "public", check: "true" },
    });
    expect(second.steps.map((s) => [s.name, s.status])).toEqual([
      ["actions/setup-node@v4", "not run (uses)"],
      ["Install l10n-snapshot", "success"],
      ["Crawl Weblate and render the site", "success"],
      ["Job summary", "success"],
      ["Check", "failure"],
    ]);
    expect(second.failed).toBe(true);
    expect(second.steps[4]!.stdout).toContain("translated, below the minimum of 100%");
    // The second build read the first one's history: the pages now compare with the last run.
    const index = parseHtml(await readFile(join(dirs.workspace, "public/index.html"), "utf8"));
    expect(index.querySelector("svg.trend")).not.toBeNull();
    expect(index.querySelector("table.deltas")).not.toBeNull();
  }, 180_000);
});
