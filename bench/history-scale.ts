// The history at scale (npm run bench:history -- --translations 100000 --days 30): a simulated
// month of daily runs over N translations (projects x 25 components x 200 languages; each day 10%
// of the translations change), written split by project (history/history-parts.ts); then, in a
// process of its own as `build` does it, the next run read, merged and written: bytes, the largest file
// (what history.maxBytes must hold), peak RSS and CPU time.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { emptyHistory } from "../src/history/history.js";
import { historyFiles } from "../src/history/history-parts.js";
import { mergeRun } from "../src/history/merge-run.js";
import { option, runWorker, stringOption } from "./measure.js";
import { dayEntries, scaleSize, type WorkerResult } from "./history-scale-worker.js";

const translations = option("translations", 100_000);
const days = option("days", 30);
const size = scaleSize(translations);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const t0 = performance.now();
const history = emptyHistory("https://weblate.example");
for (let day = 0; day < days; day++)
  mergeRun(history, dayAt(day), dayEntries(size, day), { threshold: 90 });
console.log(
  `history at scale: ${size.count.toLocaleString("en-US")} translations ` +
    `(${size.projects} projects x 25 components x 200 languages), ${days} daily runs, 10% change ` +
    `a day (simulated in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
);
// --keep DIR: the files stay there (to run the worker of another version on them).
const keep = stringOption("keep", "");
const dir = keep || (await mkdtemp(join(tmpdir(), "l10n-history-scale-")));
try {
  const split = join(dir, "split", "data");
  for (const file of historyFiles(history)) {
    await mkdir(dirname(join(split, file.path)), { recursive: true });
    await writeFile(join(split, file.path), file.render());
  }
  const next = ["--day", String(days), "--translations", String(translations)];
  const idle = await runWorker<WorkerResult>("history-scale-worker.ts", ["none", dir, ...next]);
  console.log(`a process that loads the modules and reads nothing: ${idle.peakRssMb} MB RSS`);
  {
    const r = await runWorker<WorkerResult>("history-scale-worker.ts", ["split", dir, ...next]);
    console.log(
      "split by project: " +
        `${mb(r.bytes)} in ${r.files} file${r.files === 1 ? "" : "s"}, largest ${mb(r.largest)}` +
        ` (${(r.bytes / size.count).toFixed(0)} B a translation); read, merge one run and ` +
        `write: peak RSS ${r.peakRssMb} MB, CPU ${(r.cpuMs / 1000).toFixed(1)} s ` +
        `(read ${(r.readMs / 1000).toFixed(1)} s, merge ${(r.mergeMs / 1000).toFixed(1)} s, ` +
        `write ${(r.writeMs / 1000).toFixed(1)} s wall)`,
    );
  }
} finally {
  if (!keep) await rm(dir, { recursive: true, force: true });
}

function dayAt(day: number): string {
  return new Date(Date.parse("2026-10-01T06:00:00Z") + day * 86_400_000).toISOString();
}
