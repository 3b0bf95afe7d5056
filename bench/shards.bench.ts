// Shards benchmark: the README's CI matrix, measured. A synthetic instance (25 components x 200
// languages a project) served by the local stand-in (10 ms latency), tracked as `<project>/*/*`;
// each shard crawled by `node dist/cli.js crawl --shard I/N` as a fresh process under
// /usr/bin/time (in CI each is a job of its own, in parallel: its wall, CPU, peak RSS and requests
// are the job's), then `merge` of the shards, as the publishing job does. The render of the merged
// snapshot is bench:scale's.
// npm run bench:shards -- [--translations 100000] [--shards 4] [--latency 10] [--concurrency 8]
//   [--dir /tmp] [--cli dist/cli.js]
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
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
const COMPONENTS = 25;
const LANGUAGES = 200;
const run = promisify(execFile);

/** A command as a fresh process under /usr/bin/time: wall, user+sys CPU, peak RSS. */
async function timed(args: string[]) {
  const out = join(parent, `l10n-shard-time-${process.pid}`);
  const started = performance.now();
  await run("/usr/bin/time", ["-f", "%U %S %M", "-o", out, process.execPath, cli, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: { code: number; stderr: string }) => {
    if (e.code !== 1) throw new Error(`${args.join(" ")} failed: ${e.stderr}`);
  });
  const wall = (performance.now() - started) / 1000;
  const last = (await readFile(out, "utf8")).trim().split("\n").at(-1) ?? "";
  const [user, sys, kb] = last.split(" ").map(Number);
  await rm(out, { force: true });
  return { wall, cpu: (user ?? 0) + (sys ?? 0), rssMb: Math.round((kb ?? 0) / 1024) };
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
    files.push(file);
    const mb = (statSync(file).size / 1e6).toFixed(1);
    rows.push(
      `| crawl --shard ${i}/${shards} | ${server.log.length} | ${t.wall.toFixed(1)} s | ` +
        `${t.cpu.toFixed(1)} s | ${t.rssMb} MB | ${mb} MB |`,
    );
    console.log(rows.at(-1));
  }
  const merged = join(dir, "snapshot.json");
  const m = await timed(["merge", ...files, "--snapshot", merged]);
  rows.push(
    `| merge | 0 | ${m.wall.toFixed(1)} s | ${m.cpu.toFixed(1)} s | ${m.rssMb} MB | ` +
      `${(statSync(merged).size / 1e6).toFixed(1)} MB |`,
  );
  console.log(rows.at(-1));
  console.log("\n| job | requests | wall | CPU | peak RSS | snapshot |\n|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
