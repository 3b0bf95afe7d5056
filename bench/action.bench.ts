// `npm run bench:action`: the Action's start-up - from the runner starting `node dist/action.js`
// (the Action's first step: a JavaScript action has no other) to the crawl's first request,
// against the demo stand-in on 127.0.0.1 - and the bundle's size. The Action runs from a copy of
// the repository's files in a temporary folder (no node_modules up the tree), as a runner that has
// downloaded the action at its ref; "warm": node and the files already read once (a first,
// unmeasured run).
// Beside it, for scale: `node -e 0`, and `node dist/cli.js --version` (loading the same size of
// bundle, no crawl); and, as the cost of the install step the former composite action had, `npm
// install` of this package's tarball into an empty folder (from npm's cache, --prefer-offline)
// followed by the same build from the installed package. The variants take turns, --runs times.
// Options: --runs 10
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { buildDemoRecords } from "../src/demo/demo-data.js";
import { StandInServer } from "../src/demo/stand-in-server.js";
import { actionCheckout } from "../test/helpers/action-checkout.js";
import { option } from "./measure.js";

const run = promisify(execFile);
const runs = Math.max(1, option("runs", 10));
const dir = await mkdtemp(join(tmpdir(), "l10n-snapshot-bench-action-"));
const action = await actionCheckout(join(dir, "_actions/l10n-snapshot/l10n-snapshot/v1"));
const server = new StandInServer({ records: buildDemoRecords });
await server.start();

const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
const distFiles = (await readdir(join(action, "dist"))).sort();
let total = 0;
const sizes: string[] = [];
for (const f of distFiles) {
  const bytes = (await stat(join(action, "dist", f))).size;
  total += bytes;
  const gz = f.endsWith(".js")
    ? `, ${kB(gzipSync(readFileSync(join(action, "dist", f))).length)} gzipped`
    : "";
  sizes.push(`  dist/${f}: ${kB(bytes)}${gz}`);
}
console.log(
  "dist/ (the Action loads action.js and resvg-wasm.wasm when it draws the Open Graph pictures):",
);
console.log(`${sizes.join("\n")}\n  dist/ in all: ${kB(total)}`);

/** Starts a process and resolves with ms from spawn to the stand-in's first request, and to exit. */
async function timed(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const before = server.log.length;
  const start = performance.now();
  const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  child.stdout.resume();
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  const end = performance.now();
  if (code > 1) throw new Error(`${file} ${args.join(" ")} exited ${code}: ${err}`);
  const first = server.log[before];
  return { first: first ? first.at - start : Number.NaN, total: end - start };
}

/** A fresh workspace with the demo's config, and the variables a runner sets. */
async function workspace(n: string) {
  const ws = join(dir, `work-${n}`);
  await rm(ws, { recursive: true, force: true });
  await mkdir(join(ws, "config"), { recursive: true });
  await writeFile(
    join(ws, "config/l10n-snapshot.json"),
    JSON.stringify({ baseUrl: server.baseUrl, translations: ["*/*/*"] }),
  );
  const temp = join(dir, `temp-${n}`);
  await mkdir(temp, { recursive: true });
  const { WEBLATE_TOKEN: _token, ...machine } = process.env;
  const env = {
    ...machine,
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: ws,
    RUNNER_TEMP: temp,
    GITHUB_OUTPUT: join(temp, "output"),
    GITHUB_STEP_SUMMARY: join(temp, "summary"),
    INPUT_CONFIG: "config/l10n-snapshot.json",
    INPUT_OUT: "out",
    INPUT_TOKEN: "",
    INPUT_PREVIOUS: "",
    "INPUT_PREVIOUS-FORCE": "false",
    INPUT_FULL: "false",
    INPUT_CHECK: "false",
  };
  return { ws, env };
}

// The package for the install variant, as npm pack makes it.
const packDir = join(dir, "pack");
await mkdir(packDir);
const packed = await run("npm", ["pack", "--json", "--pack-destination", packDir], {
  cwd: join(import.meta.dirname, ".."),
  maxBuffer: 16 * 1024 * 1024,
});
const tarball = join(
  packDir,
  JSON.parse(packed.stdout.slice(packed.stdout.lastIndexOf("\n[") + 1))[0].filename,
);

const variants: { name: string; go: (i: number) => Promise<{ first: number; total: number }> }[] = [
  {
    name: "node -e 0 (node itself, for scale)",
    go: async () => timed(process.execPath, ["-e", "0"], dir, process.env),
  },
  {
    name: "node dist/cli.js --version (the bundle loaded, no crawl)",
    go: async () =>
      timed(process.execPath, [join(action, "dist/cli.js"), "--version"], dir, process.env),
  },
  {
    name: "the Action: node dist/action.js, runner's variables set",
    go: async (i) => {
      const { ws, env } = await workspace(`action-${i}`);
      return timed(process.execPath, [join(action, "dist/action.js")], ws, env);
    },
  },
  {
    name: "an install step instead: npm install TARBALL (cache warm), then its CLI's build",
    go: async (i) => {
      const { ws, env } = await workspace(`install-${i}`);
      const home = join(dir, `install-${i}`);
      await rm(home, { recursive: true, force: true });
      await mkdir(home);
      await writeFile(join(home, "package.json"), "{}\n");
      const start = performance.now();
      await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], {
        cwd: home,
      });
      const installed = performance.now() - start;
      const bin = join(home, "node_modules/l10n-snapshot/bin/l10n-snapshot.js");
      const t = await timed(process.execPath, [bin, "build", "--quiet"], ws, env);
      return { first: installed + t.first, total: installed + t.total };
    },
  },
];

const results = variants.map(() => ({ first: [] as number[], total: [] as number[] }));
for (let i = -1; i < runs; i++) {
  for (const [v, variant] of variants.entries()) {
    const r = await variant.go(i);
    // Run -1 warms the page cache and npm's cache; it is not counted.
    if (i >= 0) {
      results[v]!.first.push(r.first);
      results[v]!.total.push(r.total);
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => (Number.isNaN(x) ? "-" : `${x.toFixed(0)} ms`);
console.log(`\n${runs} runs each: the median, and the fastest-slowest run to the first request`);
const columns = (name: string, first: string, total: string) =>
  `${name.padEnd(82)} ${first.padStart(26)} ${total.padStart(10)}`;
console.log(columns("variant", "to the 1st request", "to exit"));
for (const [v, variant] of variants.entries()) {
  const { first, total } = results[v]!;
  const spread = first.some(Number.isNaN)
    ? ""
    : ` (${ms(Math.min(...first))}-${ms(Math.max(...first))})`;
  console.log(columns(variant.name, `${ms(median(first))}${spread}`, ms(median(total))));
}
// What the runner downloads before the first step: GitHub's tarball of the repository at the
// ref, about `git archive` of the committed files, gzipped.
const archive = await run("bash", ["-c", "git archive --format=tar HEAD | gzip -9 | wc -c"], {
  cwd: join(import.meta.dirname, ".."),
});
console.log(`\nthe action's download (git archive HEAD, gzipped): ${kB(Number(archive.stdout))}`);
await server.stop();
await rm(dir, { recursive: true, force: true });
