// The render with a history at scale: `render --previous` of a snapshot whose previous site holds a
// month of daily runs over every one of its translations (each day 10% of them change; the split
// history, data/history.json and a part per project), so every page's trend and the overview's
// trend are summed from real series. Each bundle given runs in its own process under
// /usr/bin/time -v: peak RSS and CPU time (user + system), as the machine gives them.
//   node --import tsx bench/render-history.bench.ts --translations 100000 [--days 30]
//     [--snapshot FILE --config FILE] [--cli dist/cli.js,OTHER/dist/cli.js] [--dir DIR]
// With --snapshot (a snapshot crawl wrote, e.g. 1,000,000 translations) its config must match it.
// --prepare writes the previous site into --dir and stops; a --dir holding one is not simulated
// again (a large one's month takes many minutes: then only the renders run, e.g. under a lock).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { emptyHistory } from "../src/history/history.js";
import { historyFiles } from "../src/history/history-parts.js";
import { mergeRun, type RunEntry } from "../src/history/merge-run.js";
import { openSnapshot } from "../src/snapshot/read-snapshot.js";
import { option, stringOption } from "./measure.js";
import { writeSyntheticSnapshot } from "./synthetic-snapshot.js";

const translations = option("translations", 100_000);
const days = option("days", 30);
const given = stringOption("snapshot", "");
const givenConfig = stringOption("config", "");
const clis = stringOption("cli", "dist/cli.js").split(",");
const kept = stringOption("dir", "");
const dir = kept || (await mkdtemp(join(tmpdir(), "l10n-render-history-")));
const BASE = "http://127.0.0.1:40000";

/** A small deterministic hash: the same translations change on the same day in every run. */
function hash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

try {
  let snapshot = given;
  let config = givenConfig;
  if (!snapshot) {
    snapshot = join(dir, "snapshot.json");
    const projects = Math.max(1, Math.round(translations / 5000));
    await writeSyntheticSnapshot(snapshot, { projects, components: 25, languages: 200 }, BASE);
    config = join(dir, "config.json");
    const site = { url: "https://weblate-status.example/" };
    await writeFile(config, JSON.stringify({ baseUrl: BASE, translations: ["*/*/*"], site }));
  }
  const previous = join(dir, "previous");
  if (!existsSync(join(previous, "data/history.json"))) await simulate(snapshot, previous);
  if (process.argv.includes("--prepare")) process.exit(0);
  for (const [i, cli] of clis.entries()) {
    const out = join(dir, `out-${i}`);
    const args = ["render", "--config", config, "--snapshot", snapshot, "--out", out];
    const run = spawnSync(
      "/usr/bin/time",
      ["-v", process.execPath, resolve(cli), ...args, "--previous", previous, "--quiet"],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const field = (name: string) =>
      Number(new RegExp(`${name}: ([\\d.]+)`).exec(run.stderr)?.[1] ?? Number.NaN);
    const cpu = field("User time \\(seconds\\)") + field("System time \\(seconds\\)");
    const rss = field("Maximum resident set size \\(kbytes\\)") / 1024;
    const wall = /Elapsed \(wall clock\) time .*: (\S+)/.exec(run.stderr)?.[1];
    console.log(
      `${cli}: exit ${run.status}, peak RSS ${rss.toFixed(0)} MB, CPU ${cpu.toFixed(1)} s ` +
        `(wall ${wall})`,
    );
    if (run.status !== 0) console.log(run.stderr.split("\n").slice(0, 5).join("\n"));
    // A large site: removed at the lowest priority, not to slow the others on the machine.
    spawn("ionice", ["-c3", "nice", "rm", "-rf", out], { detached: true, stdio: "ignore" }).unref();
  }
} finally {
  if (!kept) await rm(dir, { recursive: true, force: true });
}

/** A month of daily runs over the snapshot's translations, written split into `previous`/data. */
async function simulate(snapshot: string, previous: string): Promise<void> {
  const source = openSnapshot(snapshot);
  const keys: [string, string, string][] = [];
  for (const e of source.entries()) keys.push([e.project, e.component, e.language]);
  const first = Date.parse(source.header.generatedAt) - (days + 1) * 86_400_000;
  const history = emptyHistory(source.header.source.baseUrl);
  function* day(d: number): Generator<RunEntry> {
    for (let i = 0; i < keys.length; i++) {
      const [project, component, language] = keys[i] ?? ["", "", ""];
      const total = 100 + (i % 400);
      let translated = Math.floor(hash(i, -1) * total * 0.5);
      for (let n = 1; n <= d; n++) if (hash(i, n) < 0.1) translated += 1 + (i % 5);
      const known = { total, translated: Math.min(total, translated), fuzzy: 0, failingChecks: 0 };
      const words = { totalWords: total * 6, translatedWords: known.translated * 6 };
      const unknown = { totalChars: -1, translatedChars: -1 };
      const approved = { approved: -1, approvedWords: -1, approvedChars: -1 };
      const counts = { ...known, ...words, ...unknown, ...approved };
      yield { project, component, language, counts };
    }
  }
  const t0 = performance.now();
  for (let d = 0; d < days; d++)
    mergeRun(history, new Date(first + d * 86_400_000).toISOString(), day(d), { threshold: 90 });
  let bytes = 0;
  for (const file of historyFiles(history)) {
    const path = join(previous, "data", file.path);
    await mkdir(dirname(path), { recursive: true });
    const text = file.render();
    bytes += Buffer.byteLength(text);
    await writeFile(path, text);
  }
  console.log(
    `render with a history: ${keys.length.toLocaleString("en-US")} translations, ${days} daily ` +
      `runs (10% change a day), history ${(bytes / 1e6).toFixed(1)} MB split by project ` +
      `(simulated in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
