// Start-up benchmark: how long `l10n-snapshot --help` takes as a whole process, from the
// installed package (the bundle in dist/, no TypeScript tooling) against the sources run through tsx
// (what the bin did before the package was built). The package is made with `npm pack` and
// installed from its tarball into an empty temp folder. The variants take turns, --runs times each.
// Options: --runs 10
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { option } from "./measure.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../", import.meta.url));
const runs = Math.max(1, option("runs", 10));

const dir = await mkdtemp(join(tmpdir(), "l10n-snapshot-startup-"));
const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", dir], {
  cwd: root,
  maxBuffer: 16 * 1024 * 1024,
});
const [packed] = JSON.parse(stdout.slice(stdout.lastIndexOf("\n[") + 1)) as {
  filename: string;
  size: number;
  entryCount: number;
}[];
const app = join(dir, "app");
await run("mkdir", ["-p", app]);
await writeFile(join(app, "package.json"), "{}\n");
await run(
  "npm",
  ["install", "--no-audit", "--no-fund", "--prefer-offline", join(dir, packed!.filename)],
  { cwd: app },
);
console.log(
  `startup: ${packed!.filename}, ${(packed!.size / 1024).toFixed(1)} kB, ${packed!.entryCount} files; installed into an empty folder; ${runs} runs each`,
);

const variants: { name: string; file: string; args: string[]; cwd: string }[] = [
  {
    name: "node itself: node -e 0 (for scale)",
    file: process.execPath,
    args: ["-e", "0"],
    cwd: app,
  },
  {
    name: "installed package: node .../bin/l10n-snapshot.js --help",
    file: process.execPath,
    args: [join(app, "node_modules/l10n-snapshot/bin/l10n-snapshot.js"), "--help"],
    cwd: app,
  },
  {
    name: "installed package: npx l10n-snapshot --help",
    file: "npx",
    args: ["--no-install", "l10n-snapshot", "--help"],
    cwd: app,
  },
  {
    name: "sources through tsx: node --import tsx src/cli.ts --help",
    file: process.execPath,
    args: ["--import", "tsx", join(root, "src/cli.ts"), "--help"],
    cwd: root,
  },
];

const times = variants.map(() => [] as number[]);
for (let i = 0; i < runs; i++) {
  for (const [v, variant] of variants.entries()) {
    const started = performance.now();
    await run(variant.file, variant.args, { cwd: variant.cwd });
    times[v]!.push(performance.now() - started);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const tsx = median(times[variants.length - 1]!);
for (const [v, variant] of variants.entries()) {
  const m = median(times[v]!);
  console.log(
    `  ${variant.name.padEnd(60)} median ${m.toFixed(0).padStart(5)} ms (min ${Math.min(...times[v]!).toFixed(0)}, max ${Math.max(...times[v]!).toFixed(0)}); ${(m / tsx).toFixed(2)}x tsx`,
  );
}
await rm(dir, { recursive: true, force: true });
