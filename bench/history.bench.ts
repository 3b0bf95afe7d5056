// History benchmark: 10,000 translations (50 components x 200 languages) through a simulated year
// of daily runs, merged one run at a time as `build --previous` does, in two scenarios: a
// realistic one (each day 10% of the translations change, and one component in 14 gets new
// strings) and the worst case (every translation changes every day). Prints the size of
// data/history.json after the year, the time to merge one run into it, to write it and to read
// it back, and its share of the whole site (the site rendered in memory, not written).
// Options: --components 50 --languages 200 --days 365. With --translations N (and --days, 30 by
// default), the history at scale instead (bench/history-scale.ts): one file against split by
// project, bytes, peak RSS and CPU time.
if (process.argv.includes("--translations")) {
  await import("./history-scale.js");
  process.exit(0);
}
import { syntheticRecords, syntheticTriples } from "../src/demo/synthetic-data.js";
import { siteOptionsSchema } from "../src/config/schema.js";
import { emptyHistory, type Counts, type History } from "../src/history/history.js";
import { historyFiles } from "../src/history/history-parts.js";
import { readHistory } from "../test/helpers/read-history.js";
import { countsOf, mergeHistory, mergeRun, type RunEntry } from "../src/history/merge-run.js";
import { planSite } from "../src/render/render-site.js";
import { loadOgRenderer } from "../src/widgets/og-image.js";
import { toSnapshot } from "../src/snapshot/snapshot.js";
import { toEntry } from "../src/pipeline/to-entry.js";
import { option, peakRssMb } from "./measure.js";

const size = { components: option("components", 50), languages: option("languages", 200) };
const days = option("days", 365);
const base = "https://weblate.example";
const triples = syntheticTriples(size).map((t) => {
  const [project, component, language] = t.split("/") as [string, string, string];
  return { project, component, language };
});
const records = syntheticRecords(size)(base);
const start = Date.parse("2025-11-21T06:00:00Z");

/** A small deterministic PRNG (mulberry32), so every run of the bench simulates the same year. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

function simulate(
  changeShare: number,
  newStringsEvery: number,
): { history: History; mergeMs: number[]; counts: Counts[] } {
  const rand = random(42);
  const counts = records.map(countsOf);
  const history = emptyHistory(base);
  const mergeMs: number[] = [];
  for (let day = 0; day < days; day++) {
    if (day > 0) {
      for (let c = 0; c < size.components; c++) {
        if (newStringsEvery > 0 && rand() < 1 / newStringsEvery) {
          const added = 1 + Math.floor(rand() * 20);
          for (let l = 0; l < size.languages; l++) {
            const x = counts[c * size.languages + l]!;
            x.total += added;
            x.totalWords += added * 6;
          }
        }
      }
      for (const x of counts) {
        if (rand() >= changeShare) continue;
        const step = 1 + Math.floor(rand() * 5);
        x.translated = Math.min(x.total, x.translated + step);
        x.translatedWords = Math.min(x.totalWords, x.translatedWords + step * 6);
        x.fuzzy = Math.max(0, Math.min(x.total - x.translated, x.fuzzy + (rand() < 0.5 ? -1 : 1)));
        x.failingChecks = Math.floor(rand() * 3);
      }
    }
    const entries: RunEntry[] = triples.map((t, i) => ({ ...t, counts: { ...counts[i]! } }));
    const at = new Date(start + day * 86_400_000).toISOString();
    const t0 = performance.now();
    mergeRun(history, at, entries, { threshold: 90 });
    mergeMs.push(performance.now() - t0);
  }
  return { history, mergeMs, counts };
}

console.log(
  `history: ${triples.length} translations (${size.components} components x ${size.languages} languages), ${days} daily runs`,
);
let lastHistory: History | undefined;
for (const [label, share, newStringsEvery] of [
  ["realistic: 10% change a day, new strings in 1 component of 14 a day", 0.1, 14],
  ["worst case: every translation changes every day", 1, 14],
] as const) {
  const { history, mergeMs } = simulate(share, newStringsEvery);
  const t1 = performance.now();
  const texts = historyFiles(history).map((f) => f.render());
  const writeMs = performance.now() - t1;
  const t2 = performance.now();
  const [index, ...parts] = texts.map((t) => JSON.parse(t));
  const back = readHistory(index, "bench", [], new Map(parts.map((p) => [p.project, p])));
  const readMs = performance.now() - t2;
  const text = texts.join("");
  let points = 0;
  for (const [, s] of back.series) points += s.length / 7;
  const bytes = Buffer.byteLength(text);
  console.log(`${label}:`);
  console.log(
    `  data/history.json: ${mb(bytes)} (${points.toLocaleString("en-US")} points, ${(points / triples.length).toFixed(1)} per translation, ${(bytes / points).toFixed(1)} bytes a point), ${history.runs.length} runs in the feed`,
  );
  console.log(
    `  merge one run: median ${median(mergeMs).toFixed(1)} ms, slowest ${Math.max(...mergeMs).toFixed(1)} ms; write ${writeMs.toFixed(0)} ms, read and check ${readMs.toFixed(0)} ms`,
  );
  lastHistory = back;
  (globalThis as { last?: { label: string; bytes: number; history: History } }).last = {
    label,
    bytes,
    history: back,
  };
}

// The share of the site: the whole site of the last scenario's final day, rendered in memory.
const entries = records.map((body, i) => toEntry({ triple: triples[i]!, body }, { baseUrl: base }));
const snapshot = toSnapshot(entries, {
  baseUrl: base,
  triples,
  now: new Date(start + days * 86_400_000),
});
// No previous snapshot: nothing carries, the run is merged into the history.
const run = mergeHistory(snapshot, snapshot.translations, lastHistory, {
  site: siteOptionsSchema.parse({}),
  history: { staleDays: 30, keepRemovedDays: 30, maxBytes: 1e8 },
});
const t3 = performance.now();
let siteBytes = 0;
let historyBytes = 0;
let files = 0;
await loadOgRenderer();
for (const file of planSite(snapshot, siteOptionsSchema.parse({}), run.history)) {
  if (!("render" in file)) continue;
  const content = file.render();
  const n =
    typeof content === "string"
      ? Buffer.byteLength(content)
      : content instanceof Uint8Array
        ? content.byteLength
        : [...content].reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  siteBytes += n;
  files += 1;
  if (file.path === "data/history.json") historyBytes = n;
}
console.log(
  `site with history (worst case, rendered in memory in ${((performance.now() - t3) / 1000).toFixed(1)} s): ${files} files, ${mb(siteBytes)}; data/history.json is ${((historyBytes * 100) / siteBytes).toFixed(1)}% of it`,
);
console.log(`peak RSS ${peakRssMb()} MB`);
