import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parse as parseHtml } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { VERSION } from "../../src/model/version.js";
import { startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The package as users get it: `npm pack` (which checks that dist/ is the bundle of src/ and
// writes the declarations), installed from the tarball into an empty folder - the bundle needs no
// other package - then run with npx. Slow (a pack and an install): `npm run check:package` runs
// this file alone.

const root = fileURLToPath(new URL("../../", import.meta.url));
/** The @types/node this project develops with, for the TypeScript consumer. */
const nodeTypesVersion: string = JSON.parse(
  readFileSync(join(root, "node_modules/@types/node/package.json"), "utf8"),
).version;
const run = promisify(execFile);
let tarball = "";
let packedFiles: string[] = [];

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

async function npmInstall(dir: string, ...specs: string[]): Promise<void> {
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...specs], {
    cwd: dir,
  });
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
      "locales",
      "package.json",
      "templates",
      "types",
    ]);
    // The shipped catalogs: what --catalog adds to, and the English base a project translates.
    expect(packedFiles.filter((f) => f.startsWith("locales/")).sort()).toEqual([
      "locales/ar.json",
      "locales/de.json",
      "locales/en.json",
      "locales/ja.json",
    ]);
    expect(packedFiles.filter((f) => f.startsWith("config/"))).toEqual([
      "config/l10n-snapshot.schema.json",
    ]);
    // The same bundle as the Action's (one file per entry point), committed in dist/.
    expect(packedFiles.filter((f) => f.startsWith("dist/"))).toEqual([
      "dist/action.js",
      "dist/cli.js",
      "dist/index.js",
      "dist/resvg-wasm.wasm",
    ]);
    // The declarations, one file (scripts/bundle-types.ts).
    expect(packedFiles.filter((f) => f.startsWith("types/"))).toEqual(["types/index.d.ts"]);
    expect(packedFiles.some((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toBe(false);
  });

  it("installed into an empty folder, runs --help, init, crawl, render and build without tsx", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir("l10n-snapshot-installed-");
    await writeFile(join(dir, "package.json"), "{}\n");
    await npmInstall(dir, tarball);
    // Everything it runs is in the bundle: npm installs the package and nothing else.
    const installed = await readdir(join(dir, "node_modules"));
    expect(installed.filter((name) => !name.startsWith("."))).toEqual(["l10n-snapshot"]);

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
    // The shipped catalogs are found from the bundle: the site in Arabic too.
    const config = JSON.parse(await readFile(join(dir, "config/l10n-snapshot.json"), "utf8"));
    config.site = { ...config.site, locales: ["en", "ar"] };
    await writeFile(join(dir, "config/l10n-snapshot.json"), JSON.stringify(config));
    const localized = await npx(dir, ["render", "--snapshot", "s.json", "--out", "again"]);
    expect(localized.code).toBe(0);
    expect(await readFile(join(dir, "again/ar/index.html"), "utf8")).toContain(
      '<html lang="ar" dir="rtl">',
    );
    // The Open Graph pictures: resvg's WebAssembly module beside the bundle.
    expect((await readFile(join(dir, "out/assets/og.png"))).subarray(1, 4).toString()).toBe("PNG");
  }, 120_000);

  it("gives TypeScript its types: a consumer compiles with skipLibCheck false, and a wrong use fails", async () => {
    const dir = await tempDir("l10n-snapshot-typescript-");
    await writeFile(join(dir, "package.json"), '{"type": "module"}\n');
    // A TypeScript user of a Node.js library has Node's types; nothing else is installed.
    await npmInstall(dir, tarball, `@types/node@${nodeTypesVersion}`);
    expect((await readdir(join(dir, "node_modules"))).filter((n) => !n.startsWith("."))).toEqual([
      "@types",
      "l10n-snapshot",
      "undici-types",
    ]);
    await writeFile(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          noEmit: true,
          types: ["node"],
        },
        include: ["*.ts"],
      }),
    );
    await writeFile(
      join(dir, "use.ts"),
      `import {
  build, crawlToSnapshot, ExitCode, loadConfig, main, openSnapshot, readSnapshot, renderSite,
  snapshotSource, VERSION, writeSnapshot,
  type BuildOptions, type BuildResult, type Config, type ExitCodeValue, type Io, type Snapshot,
} from "l10n-snapshot";

const io: Io = { stdout: process.stdout, stderr: process.stderr, env: process.env };
const code: ExitCodeValue = await main(["--version"], io);
const config: Config = await loadConfig("config/l10n-snapshot.json", { env: process.env });
// (No title: the site's own, in each locale.)
const title: string | undefined = config.site.title;
const concurrency: number = config.crawl.concurrency;
const options: Partial<BuildOptions> = { out: "out" };
const snapshot: Snapshot = readSnapshot("out/data/snapshot.json.gz");
const first: string | undefined = snapshot.translations[0]?.status;
type Built = BuildResult;
console.log(code === ExitCode.ok, title, concurrency, options, first, VERSION);
console.log(typeof build, typeof crawlToSnapshot, typeof openSnapshot, typeof renderSite);
console.log(typeof snapshotSource, typeof writeSnapshot, {} as Built);
`,
    );
    const tsc = (file: string) =>
      run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", file], {
        cwd: dir,
      }).then(
        () => "",
        (error: { stdout: string }) => error.stdout,
      );
    expect(await tsc("tsconfig.json")).toBe("");

    // The types are real, not `any`: a wrong use is an error.
    await writeFile(
      join(dir, "wrong.ts"),
      'import { loadConfig } from "l10n-snapshot";\nconst url: number = (await loadConfig("c.json", { env: {} })).baseUrl;\nconsole.log(url);\n',
    );
    expect(await tsc("tsconfig.json")).toMatch(
      /^wrong\.ts\(2,7\): error TS2322: Type 'string' is not assignable to type 'number'\.\n$/,
    );
  }, 180_000);

  it("gives its programmatic surface to `import`", async () => {
    const dir = await tempDir("l10n-snapshot-library-");
    await writeFile(join(dir, "package.json"), "{}\n");
    await npmInstall(dir, tarball);
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'const m = await import("l10n-snapshot"); console.log(typeof m.main, typeof m.renderSite, m.VERSION);',
      ],
      { cwd: dir },
    );
    expect(stdout).toBe(`function function ${VERSION}\n`);
  }, 120_000);
});
