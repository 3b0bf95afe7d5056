// Scale benchmark: a whole instance of 10,000 and 100,000 translations (10 projects x 5 or 50
// components x 200 languages) served by the local stand-in, crawled with one `p/*/*` wildcard per
// project into a snapshot file, then rendered with `l10n-snapshot render`. Each crawl and render
// is a fresh process whose peak RSS is its own. Prints, per size: crawl requests, wall and peak
// RSS; snapshot bytes per translation; render wall, pages/s, peak RSS and the site's size; Hugo on
// the same pages when installed.
// Options: --latency 10 --concurrency 8 --sizes 5,50 (components per project) --languages 200
// --projects 10
// --only crawl (the crawls alone, no render, no Hugo) --runs 1 (times each measured crawl and
// render runs)
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { StandInServer } from "../src/demo/stand-in-server.js";
import { syntheticRecords } from "../src/demo/synthetic-data.js";
import { readSnapshot } from "../src/snapshot/read-snapshot.js";
import { writeHugoSite } from "./hugo-site.js";
import { option, runWorker, stringOption } from "./measure.js";

const latency = option("latency", 10);
const concurrency = option("concurrency", 8);
const projects = option("projects", 10);
const languages = option("languages", 200);
const sizes = stringOption("sizes", "5,50").split(",").map(Number);
const parent = stringOption("dir", tmpdir());
const only = stringOption("only", "");
if (only !== "" && only !== "crawl") throw new Error(`--only takes "crawl", found "${only}"`);
const runs = option("runs", 1);

interface CrawlResult {
  requests: number;
  seconds: number;
  translations: number;
  ok: number;
  snapshotBytes: number;
  peakRssMb: number;
}
interface RenderResult {
  exitCode: number;
  peakRssMb: number;
  cpuSeconds: number;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, (performance.now() - started) / 1000];
}

/** Apparent size (the bytes GitHub Pages counts) and disk usage (blocks) of a folder. */
async function tree(
  dir: string,
): Promise<{ files: number; pages: number; bytes: number; diskBytes: number }> {
  let files = 0,
    pages = 0,
    bytes = 0,
    diskBytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const s = await stat(join(entry.parentPath, entry.name));
    files += 1;
    bytes += s.size;
    diskBytes += s.blocks * 512;
    if (entry.name.endsWith(".html")) pages += 1;
  }
  return { files, pages, bytes, diskBytes };
}

const isFirstOf = (record: Record<string, unknown>, project: string) => {
  const r = record as {
    component: { slug: string; project: { slug: string } };
    language_code: string;
  };
  return (
    r.component.project.slug === project &&
    r.component.slug === "component0" &&
    r.language_code === "l000"
  );
};
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const hugo = await promisify(execFile)("hugo", ["version"]).then(
  (o) => o.stdout.trim().split(" ")[1],
  () => undefined,
);
console.log(
  `scale: ${projects} projects x {${sizes.join(",")}} components x ${languages} languages; stand-in latency ${latency} ms, crawl concurrency ${concurrency}; each crawl and render a fresh process`,
);
const renderWalls: number[] = [];
const renderCpus: number[] = [];
const renderPeaks: number[] = [];
/** The highest peak RSS of the full crawls at each size. */
const crawlPeaks: number[] = [];
for (const components of sizes) {
  const total = projects * components * languages;
  const dir = await mkdtemp(join(parent, "l10n-scale-bench-"));
  const records = syntheticRecords({ projects, components, languages });
  const server = new StandInServer({ records, latencyMs: latency });
  await server.start();
  try {
    console.log(`\n${total} translations (${projects} x ${components} x ${languages}):`);
    const snapshotFile = join(dir, "snapshot.json");
    const triples = Array.from({ length: projects }, (_, p) => `project${p}/*/*`);
    // The stand-in builds its answers on first use: an unmeasured crawl first, so the measured one
    // waits only for the latency it simulates.
    const crawlTo = (file: string, previous = "-") =>
      runWorker<CrawlResult>("scale-crawl-worker.ts", [
        server.baseUrl,
        String(concurrency),
        file,
        previous,
        ...triples,
      ]);
    await crawlTo(snapshotFile);
    for (let run = 1; run <= runs; run++) {
      if (run > 1) {
        // The records as they were, their answers built again by an unmeasured crawl.
        server.setRecords(records(server.baseUrl));
        await crawlTo(snapshotFile);
      }
      server.resetStats();
      const crawl = await crawlTo(snapshotFile);
      const label = runs > 1 ? ` (run ${run})` : "";
      crawlPeaks[sizes.indexOf(components)] = Math.max(
        crawlPeaks[sizes.indexOf(components)] ?? 0,
        crawl.peakRssMb,
      );
      console.log(
        `  crawl${label}: ${crawl.ok}/${crawl.translations} ok, ${crawl.requests} requests, wall ${crawl.seconds.toFixed(2)} s, peak RSS ${crawl.peakRssMb} MB`,
      );
      console.log(
        `  snapshot: ${mb(crawl.snapshotBytes)}, ${Math.round(crawl.snapshotBytes / crawl.translations)} bytes per translation`,
      );
      const same = await crawlTo(join(dir, "same.json"), snapshotFile);
      // One translation of one project changes: its last change moves, as after a translator's
      // edit.
      server.setRecords(
        records(server.baseUrl).map((r) =>
          isFirstOf(r, "project3") ? { ...r, last_change: "2026-11-20T09:00:00Z" } : r,
        ),
      );
      const one = await crawlTo(join(dir, "one.json"), snapshotFile);
      console.log(
        `  incremental crawl (--previous): nothing changed ${same.requests} requests (${same.seconds.toFixed(2)} s, peak RSS ${same.peakRssMb} MB); one project changed ${one.requests} requests (${one.seconds.toFixed(2)} s, peak RSS ${one.peakRssMb} MB)`,
      );
    }
    if (only === "crawl") continue;
    // Each measured render runs `runs` times (into a fresh folder): the fastest wall and CPU and
    // the highest peak RSS count.
    let wall = Infinity,
      cpu = Infinity,
      peak = 0;
    for (let run = 1; run <= runs; run++) {
      await rm(join(dir, "out"), { recursive: true, force: true });
      const [render, seconds] = await timed(() =>
        runWorker<RenderResult>("render-worker.ts", [snapshotFile, join(dir, "out")]),
      );
      if (render.exitCode !== 0) throw new Error(`render exited with ${render.exitCode}`);
      if (runs > 1)
        console.log(
          `  render (run ${run}): wall ${seconds.toFixed(2)} s, CPU ${render.cpuSeconds.toFixed(1)} s, peak RSS ${render.peakRssMb} MB`,
        );
      wall = Math.min(wall, seconds);
      cpu = Math.min(cpu, render.cpuSeconds);
      peak = Math.max(peak, render.peakRssMb);
    }
    renderWalls.push(wall);
    renderCpus.push(cpu);
    renderPeaks.push(peak);
    const site = await tree(join(dir, "out"));
    console.log(
      `  render: wall ${wall.toFixed(2)} s, ${Math.round(site.pages / wall)} pages/s, CPU ${cpu.toFixed(1)} s, peak RSS ${peak} MB${runs > 1 ? ` (fastest and highest of ${runs} runs)` : ""}`,
    );
    console.log(
      `  site (out/): ${site.pages} pages, ${site.files} files, ${mb(site.bytes)} apparent size, ${mb(site.diskBytes)} on disk`,
    );
    if (hugo) {
      const snapshot = readSnapshot(snapshotFile);
      await writeHugoSite(join(dir, "hugo"), snapshot, "same-page");
      const [, h] = await timed(() =>
        promisify(execFile)(
          "hugo",
          ["--quiet", "--source", join(dir, "hugo"), "--destination", join(dir, "hugo-out")],
          { maxBuffer: 64 * 1024 * 1024 },
        ),
      );
      const other = await tree(join(dir, "hugo-out"));
      console.log(
        `  hugo ${hugo}, same page: ${other.pages} pages in ${h.toFixed(2)} s (${Math.round(other.pages / h)} pages/s), ${mb(other.bytes)}; ratio l10n-snapshot / hugo = ${(wall / h).toFixed(2)}x`,
      );
    } else console.log("  hugo: not installed (apt-get install hugo), no side-by-side comparison");
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
if (crawlPeaks.length === 2)
  console.log(
    `\ncrawl peak RSS (highest of the runs): ${crawlPeaks[0]} MB at ${sizes[0]! * projects * languages} translations, ${crawlPeaks[1]} MB at ${sizes[1]! * projects * languages}: ${crawlPeaks[1]! - crawlPeaks[0]!} MB more`,
  );
if (renderWalls.length === 2) {
  console.log(
    `\nrender peak RSS: ${renderPeaks[0]} MB at ${sizes[0]! * projects * languages} translations, ${renderPeaks[1]} MB at ${sizes[1]! * projects * languages}: ${renderPeaks[1]! - renderPeaks[0]!} MB more`,
  );
  console.log(
    `render ratio for ${sizes[1]! / sizes[0]!}x the translations: wall ${(renderWalls[1]! / renderWalls[0]!).toFixed(2)}x, CPU ${(renderCpus[1]! / renderCpus[0]!).toFixed(2)}x`,
  );
}
