// Render benchmark: a synthetic snapshot of 10,000 translations (50 components x 200 languages)
// rendered into a temp dir, every page and badge. When `hugo` is installed, Hugo renders one page
// per translation of the same table from front-matter-only content files, side by side.
// Options: --components 50 --languages 200
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { syntheticRecords, syntheticTriples } from "../src/demo/synthetic-data.js";
import { serializeSnapshot, toEntry, toSnapshot } from "../src/snapshot/snapshot.js";
import { writeHugoSite } from "./hugo-site.js";
import { option, runWorker } from "./measure.js";

const size = { components: option("components", 50), languages: option("languages", 200) };
const base = "https://weblate.example";
interface Result { files: number; pages: number; bytes: number; totalSeconds: number; peakRssMb: number }

const triples = syntheticTriples(size).map((t) => {
  const [project, component, language] = t.split("/") as [string, string, string];
  return { project, component, language };
});
const records = syntheticRecords(size)(base);
const entries = records.map((body, i) => toEntry({ triple: triples[i]!, body }, { baseUrl: base }));
const snapshot = toSnapshot(entries, { baseUrl: base, triples, now: new Date("2026-11-21T12:00:00Z") });
const hugo = await promisify(execFile)("hugo", ["version"]).then((o) => o.stdout.trim(), () => undefined);
console.log(`render: ${entries.length} translations (${size.components} components x ${size.languages} languages)`);

// The same run on disk (the temp dir) and in memory (tmpfs), since disk speed varies a lot on shared machines.
const places: [string, string][] = [["disk", tmpdir()]];
if (existsSync("/dev/shm")) places.push(["memory (tmpfs)", "/dev/shm"]);
for (const [where, parent] of places) {
  const dir = await mkdtemp(join(parent, "l10n-render-bench-"));
  try {
    const snapshotFile = join(dir, "snapshot.json");
    await writeFile(snapshotFile, serializeSnapshot(snapshot));
    const r = await runWorker<Result>("render-worker.ts", [snapshotFile, join(dir, "out")]);
    console.log(`${where}:`);
    console.log(`  l10n-snapshot: ${r.pages} pages, ${r.files} files, ${(r.bytes / 1e6).toFixed(1)} MB in ${r.totalSeconds.toFixed(2)} s ` +
      `(read snapshot, render, write): ` +
      `${Math.round(r.pages / r.totalSeconds)} pages/s, ${Math.round(r.files / r.totalSeconds)} files/s, peak RSS ${r.peakRssMb} MB`);
    if (!hugo) {
      console.log("  hugo: not installed (apt-get install hugo), no side-by-side comparison");
      continue;
    }
    const site = join(dir, "hugo");
    await writeHugoSite(site, snapshot);
    const started = performance.now();
    await promisify(execFile)("hugo", ["--quiet", "--source", site, "--destination", join(dir, "hugo-out")], { maxBuffer: 16 * 1024 * 1024 });
    const seconds = (performance.now() - started) / 1000;
    console.log(`  hugo ${hugo.split(" ")[1]}: ${entries.length} pages from front matter in ${seconds.toFixed(2)} s: ${Math.round(entries.length / seconds)} pages/s`);
    console.log(`  ratio: l10n-snapshot whole site / hugo pages = ${(r.totalSeconds / seconds).toFixed(2)}x ${r.totalSeconds < seconds ? "(faster than Hugo)" : "(slower than Hugo)"}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
