// One side of bench/history-scale.ts in its own process: reads a history (one file, or split by
// project), merges the next day's run into it and writes it back, as `build` does; prints its
// figures as JSON.
import { readFile, readdir, stat, writeFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Counts, History } from "../src/history/history.js";
import type { RunEntry } from "../src/history/merge-run.js";
import { option, peakRssMb } from "./measure.js";

export interface WorkerResult {
  peakRssMb: number;
  cpuMs: number;
  readMs: number;
  mergeMs: number;
  writeMs: number;
  bytes: number;
  files: number;
  largest: number;
}

export interface ScaleSize {
  projects: number;
  count: number;
}

/** Projects of 25 components x 200 languages: 5,000 translations each. */
export function scaleSize(translations: number): ScaleSize {
  const projects = Math.max(1, Math.round(translations / 5000));
  return { projects, count: projects * 5000 };
}

/** A small deterministic hash: the same translations change on the same day in every process. */
function hash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** The counts of translation `i` on `day`: 10% of translations gain 1-5 strings a day. */
function countsOn(i: number, day: number): Counts {
  const total = 100 + (i % 400);
  let translated = Math.floor(hash(i, -1) * total * 0.5);
  for (let d = 1; d <= day; d++) if (hash(i, d) < 0.1) translated += 1 + (i % 5);
  translated = Math.min(total, translated);
  return {
    total,
    translated,
    fuzzy: 0,
    failingChecks: 0,
    totalWords: total * 6,
    translatedWords: translated * 6,
    totalChars: total * 30,
    translatedChars: translated * 30,
    approved: 0,
    approvedWords: 0,
    approvedChars: 0,
  };
}

/** The run of `day`: every translation, in the snapshot's order. */
export function* dayEntries(size: ScaleSize, day: number): Generator<RunEntry> {
  let i = 0;
  for (let p = 0; p < size.projects; p++)
    for (let c = 0; c < 25; c++)
      for (let l = 0; l < 200; l++) {
        yield {
          project: `project${String(p).padStart(3, "0")}`,
          component: `component${String(c).padStart(2, "0")}`,
          language: `l${String(l).padStart(3, "0")}`,
          counts: countsOn(i, day),
        };
        i += 1;
      }
}

async function sizes(dir: string): Promise<number[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => (await stat(join(e.parentPath, e.name))).size),
  );
}

if (process.argv[1]?.endsWith("history-scale-worker.ts")) {
  const [mode, dir] = process.argv.slice(2);
  const size = scaleSize(option("translations", 100_000));
  const day = option("day", 30);
  const at = new Date(Date.parse("2026-10-01T06:00:00Z") + day * 86_400_000).toISOString();
  const { mergeRun } = await import("../src/history/merge-run.js");
  const cpu0 = process.cpuUsage();
  const result: WorkerResult = {
    peakRssMb: 0,
    cpuMs: 0,
    readMs: 0,
    mergeMs: 0,
    writeMs: 0,
    bytes: 0,
    files: 0,
    largest: 0,
  };
  if (mode !== "none") {
    const data = join(dir!, mode!, "data");
    const t0 = performance.now();
    const { openHistory } = await import("../src/history/history-parts.js");
    const index: unknown = JSON.parse(await readFile(join(data, "history.json"), "utf8"));
    const reading = openHistory(index, "split");
    for (const ref of reading.refs)
      reading.add(ref, JSON.parse(await readFile(join(data, ref.path), "utf8")));
    const history: History = reading.finish([]);
    const t1 = performance.now();
    mergeRun(history, at, dayEntries(size, day), { threshold: 90 });
    const t2 = performance.now();
    const out = join(dir!, `${mode}-next`);
    {
      const { historyFiles } = await import("../src/history/history-parts.js");
      for (const file of historyFiles(history)) {
        await mkdir(dirname(join(out, file.path)), { recursive: true });
        await writeFile(join(out, file.path), file.render());
      }
    }
    const t3 = performance.now();
    const written = await sizes(out);
    Object.assign(result, {
      readMs: t1 - t0,
      mergeMs: t2 - t1,
      writeMs: t3 - t2,
      bytes: written.reduce((a, b) => a + b, 0),
      files: written.length,
      largest: Math.max(...written),
    });
  }
  const cpu = process.cpuUsage(cpu0);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  result.peakRssMb = peakRssMb();
  console.log(JSON.stringify(result));
}
