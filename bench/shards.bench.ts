// Shards benchmark: the CI matrix of docs/large-instances.md, measured. A synthetic instance
// (25 components x 200 languages a project) served by the local stand-in (10 ms latency),
// tracked as `<project>/*/*`;
// each shard crawled by `node dist/cli.js crawl --shard I/N` as a fresh process under
// /usr/bin/time (in CI each is a job of its own, in parallel: its wall, CPU, peak RSS and requests
// are the job's), then `merge` of the shards, as the publishing job does. The render of the merged
// snapshot is bench:scale's.
// With --baseline-cli (another bundle, say an earlier commit's), that bundle's `merge` of the same
// shard files runs first, and the two merged files are compared byte for byte.
// npm run bench:shards -- [--translations 100000] [--shards 4] [--latency 10] [--concurrency 8]
//   [--dir /tmp] [--cli dist/cli.js] [--baseline-cli /elsewhere/dist/cli.js] [--keep 1]
// --keep 1 leaves the shard files (and the merged ones) in their folder, and says where.
import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { StandInServer } from "../src/demo/stand-in-server.js";
import { syntheticRecords } from "../src/demo/synthetic-data.js";
import { option, stringOption } from "./measure.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const translations = option("translations", 100_000);
const shards = option("shards", 4);
const latency = option("latency", 10);
const concurrency = option("concurrency", 8);
const parent = stringOption("dir", tmpdir());
const cli = resolve(root, stringOption("cli", "dist/cli.js"));
const keep = option("keep", 0) === 1;
const baselineOption = stringOption("baseline-cli", "");
const baseline = baselineOption ? resolve(root, baselineOption) : undefined;
const COMPONENTS = 25;
const LANGUAGES = 200;
const run = promisify(execFile);

/**
 * A command as a fresh process under /usr/bin/time: wall, user+sys CPU, peak RSS, and the end of
 * what it printed on stderr when it failed (exit 1, some translations not ok, is not a failure).
 */
async function timed(args: string[], bundle = cli) {
  const out = join(parent, `l10n-shard-time-${process.pid}`);
  const started = performance.now();
  let failed: string | undefined;
  await run("/usr/bin/time", ["-f", "%U %S %M", "-o", out, process.execPath, bundle, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: { code: number; stderr: string }) => {
    // A crash exits 1 too: it prints more than the one line of a partial result.
    if (e.code !== 1 || e.stderr.includes("\n    at "))
      failed = `exit ${e.code}: ${e.stderr.trim().split("\n").slice(0, 3).join(" / ")}`;
  });
  const wall = (performance.now() - started) / 1000;
  const last = (await readFile(out, "utf8")).trim().split("\n").at(-1) ?? "";
  const [user, sys, kb] = last.split(" ").map(Number);
  await rm(out, { force: true });
  return { wall, cpu: (user ?? 0) + (sys ?? 0), rssMb: Math.round((kb ?? 0) / 1024), failed };
}

const projects = Math.max(1, Math.round(translations / (COMPONENTS * LANGUAGES)));
const dir = await mkdtemp(join(parent, "l10n-shards-bench-"));
const server = new StandInServer({
  records: syntheticRecords({ projects, components: COMPONENTS, languages: LANGUAGES }),
  latencyMs: latency,
});
await server.start();
try {
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: Array.from({ length: projects }, (_, p) => `project${p}/*/*`),
      crawl: { concurrency },
    }),
  );
  const total = projects * COMPONENTS * LANGUAGES;
  console.log(
    `shards: ${total} translations (${projects} projects x ${COMPONENTS} components x ` +
      `${LANGUAGES} languages) in ${shards} shards; stand-in latency ${latency} ms; ${cli}`,
  );
  const files: string[] = [];
  const rows: string[] = [];
  for (let i = 1; i <= shards; i++) {
    const file = join(dir, `shard-${i}.json`);
    const args = ["crawl", "--config", config, "--snapshot", file, "--quiet"];
    const shard = ["--shard", `${i}/${shards}`];
    if (i === 1) await timed([...args, ...shard]); // the stand-in builds its answers once
    server.resetStats();
    const t = await timed([...args, ...shard]);
    if (t.failed || !existsSync(file)) throw new Error(`crawl --shard ${i}/${shards}: ${t.failed}`);
    files.push(file);
    const mb = (statSync(file).size / 1e6).toFixed(1);
    rows.push(
      `| crawl --shard ${i}/${shards} | ${server.log.length} | ${t.wall.toFixed(1)} s | ` +
        `${t.cpu.toFixed(1)} s | ${t.rssMb} MB | ${mb} MB |`,
    );
    console.log(rows.at(-1));
  }
  const merges = baseline
    ? [
        ["merge (baseline)", baseline],
        ["merge", cli],
      ]
    : [["merge", cli]];
  const outputs: string[] = [];
  for (const [name, bundle] of merges) {
    const merged = join(dir, `snapshot-${outputs.length}.json`);
    const m = await timed(["merge", ...files, "--snapshot", merged], bundle);
    const size = existsSync(merged) ? `${(statSync(merged).size / 1e6).toFixed(1)} MB` : "none";
    rows.push(
      `| ${name} | 0 | ${m.wall.toFixed(1)} s | ${m.cpu.toFixed(1)} s | ${m.rssMb} MB | ` +
        `${m.failed ? `failed (${m.failed})` : size} |`,
    );
    console.log(rows.at(-1));
    if (!m.failed) outputs.push(merged);
  }
  if (outputs.length === 2) {
    const same = await run("cmp", ["-s", ...outputs]).then(
      () => true,
      () => false,
    );
    console.log(`the merged files byte for byte the same (cmp): ${same}`);
  }
  console.log("\n| job | requests | wall | CPU | peak RSS | snapshot |\n|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
} finally {
  await server.stop();
  if (keep) console.log(`kept: ${dir}`);
  else await rm(dir, { recursive: true, force: true });
}
