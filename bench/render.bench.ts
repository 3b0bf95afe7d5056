// Render benchmark: a synthetic snapshot of 10,000 translations (50 components x 200 languages)
// rendered with `l10n-snapshot render` into a temp dir, every page and badge. When `hugo` is
// installed, Hugo renders one page per translation from front-matter-only content files, side by
// side, in two variants (see hugo-site.ts): "same page" renders the same translation page as ours
// (the comparison the goal is about), "bare" only a title and the raw counters. They alternate,
// --runs times each, and the medians are compared. All are timed as whole processes, start-up
// included: wall, and CPU (user + system) with peak RSS, which the machine's load stretches less.
// Then the same render with the site in 4 locales (site.locales: en, de, ar, ja): pages and render
// time grow with the number of locales, badges, widgets and data do not; printed against 1 locale.
// Options: --projects 1 --components 50 --languages 200 --runs 3 --locales 4 (0: no multi-locale
// run) --places disk,memory --hugo same-page,bare (none: no Hugo) --baseline-cli PATH (another
// bundle's render, e.g. main's, run first in each round, interleaved, and compared: before/after).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { syntheticRecords, syntheticTriples } from "../src/demo/synthetic-data.js";
import { serializeSnapshot, toSnapshot } from "../src/snapshot/snapshot.js";
import { toEntry } from "../src/pipeline/to-entry.js";
import { writeHugoSite } from "./hugo-site.js";
import { option, stringOption } from "./measure.js";

const size = {
  projects: option("projects", 1),
  components: option("components", 50),
  languages: option("languages", 200),
};
const placesWanted = stringOption("places", "disk,memory").split(",");
const hugoWanted = stringOption("hugo", "same-page,bare").split(",");
const baselineOption = stringOption("baseline-cli", "");
const baselineCli = baselineOption ? resolve(baselineOption) : undefined;
if (baselineCli && !existsSync(baselineCli)) throw new Error(`${baselineCli} is missing`);
const runs = Math.max(1, option("runs", 3));
const localeCount = Math.min(4, Math.max(0, option("locales", 4)));
const LOCALES = ["en", "de", "ar", "ja"].slice(0, localeCount);
const base = "https://weblate.example";
// What renders: the bundle the package ships (`npm run bundle` first), or `--cli src/cli.ts`
// through tsx (which adds its compile time to every run).
const cli = fileURLToPath(new URL(`../${stringOption("cli", "dist/cli.js")}`, import.meta.url));
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run bundle`);
if (cli.endsWith(".js"))
  await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/bundle.ts", "--check"], {
    cwd: fileURLToPath(new URL("../", import.meta.url)),
  }).catch(() => {
    throw new Error("dist/ is not the bundle of src/: run npm run bundle first");
  });

const triples = syntheticTriples(size).map((t) => {
  const [project, component, language] = t.split("/") as [string, string, string];
  return { project, component, language };
});
const records = syntheticRecords(size)(base);
const entries = records.map((body, i) => toEntry({ triple: triples[i]!, body }, { baseUrl: base }));
const snapshot = toSnapshot(entries, {
  baseUrl: base,
  triples,
  now: new Date("2026-11-21T12:00:00Z"),
});
const hugo = hugoWanted.includes("none")
  ? undefined
  : await promisify(execFile)("hugo", ["version"]).then(
      (o) => o.stdout.trim().split(" ")[1],
      () => undefined,
    );
console.log(
  `render: ${entries.length} translations (${size.projects} x ${size.components} components x ${size.languages} languages), ${runs} runs each`,
);

async function tree(dir: string): Promise<{ files: number; pages: number; bytes: number }> {
  let files = 0;
  let pages = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
    if (entry.name.endsWith(".html")) pages += 1;
  }
  return { files, pages, bytes };
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, (performance.now() - started) / 1000];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const secs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(", ");

// On disk (the temp dir) and in memory (tmpfs): creating files costs the kernel very different
// amounts on the two, and on a shared machine's disk it varies a lot from run to run.
const places: [string, string][] = [];
if (placesWanted.includes("disk")) places.push(["disk", tmpdir()]);
if (placesWanted.includes("memory") && existsSync("/dev/shm"))
  places.push(["memory (tmpfs)", "/dev/shm"]);
for (const [where, parent] of places) {
  const dir = await mkdtemp(join(parent, "l10n-render-bench-"));
  try {
    const snapshotFile = join(dir, "snapshot.json");
    await writeFile(snapshotFile, serializeSnapshot(snapshot));
    const sameWanted = hugo !== undefined && hugoWanted.includes("same-page");
    const bareWanted = hugo !== undefined && hugoWanted.includes("bare");
    if (sameWanted) await writeHugoSite(join(dir, "hugo"), snapshot, "same-page");
    if (bareWanted) await writeHugoSite(join(dir, "hugo-bare"), snapshot, "bare");
    const ours: number[] = [];
    const theirs: number[] = [];
    const bare: number[] = [];
    // CPU seconds (user + system, every thread) and peak RSS of each run: on a shared machine
    // the other jobs stretch wall times, much less CPU times.
    const cpu = { ours: [] as number[], theirs: [] as number[], bare: [] as number[] };
    const peak = { ours: 0, theirs: 0, bare: 0 };
    const before = { cpu: [] as number[], user: [] as number[], rss: [] as number[] };
    const user: number[] = [];
    const rssRuns: number[] = [];
    /** A process under /usr/bin/time: wall seconds, CPU seconds (user + system), peak RSS. */
    const measured = async (command: string, args: string[]) => {
      const usage = join(dir, "time");
      const [, seconds] = await timed(() =>
        promisify(execFile)("/usr/bin/time", ["-f", "%U %S %M", "-o", usage, command, ...args], {
          maxBuffer: 16 * 1024 * 1024,
        }),
      );
      const [u, sys, kb] = (await readFile(usage, "utf8")).trim().split(" ").map(Number);
      return { seconds, cpu: u! + sys!, user: u!, rssMb: Math.round(kb! / 1024) };
    };
    const hugoRun = async (source: string, destination: string, kind: "theirs" | "bare") => {
      const m = await measured("hugo", [
        ...["--quiet", "--source", join(dir, source), "--destination", join(dir, destination)],
      ]);
      cpu[kind].push(m.cpu);
      peak[kind] = Math.max(peak[kind], m.rssMb);
      return m.seconds;
    };
    /** `l10n-snapshot render` as the package runs it (the bundle: no TypeScript to compile). */
    const oursRun = (out: string, config?: string, bundle = cli) =>
      measured(process.execPath, [
        ...(bundle.endsWith(".ts") ? ["--import", "tsx"] : []),
        ...[bundle, "render", "--snapshot", snapshotFile, "--out", join(dir, out), "--quiet"],
        ...(config ? ["--config", config] : []),
      ]);
    let rss = 0;
    // Nothing is deleted until the end: deleting tens of thousands of files slows down creating
    // new ones on ext4 for minutes afterwards, which would favour whichever runs second.
    for (let i = 0; i < runs; i++) {
      if (baselineCli) {
        const b = await oursRun(`before-out-${i}`, undefined, baselineCli);
        before.cpu.push(b.cpu);
        before.user.push(b.user);
        before.rss.push(b.rssMb);
      }
      const r = await oursRun(`out-${i}`);
      ours.push(r.seconds);
      cpu.ours.push(r.cpu);
      user.push(r.user);
      rssRuns.push(r.rssMb);
      rss = Math.max(rss, r.rssMb);
      if (sameWanted) theirs.push(await hugoRun("hugo", `hugo-out-${i}`, "theirs"));
      if (bareWanted) bare.push(await hugoRun("hugo-bare", `hugo-bare-out-${i}`, "bare"));
      // In memory the first round's sites are enough (read below): the others would fill it
      // (100,000 translations: 600 MB a site). Deleting costs tmpfs nothing later.
      if (i > 0 && parent === "/dev/shm")
        for (const out of ["before-out", "out", "hugo-out", "hugo-bare-out"])
          await rm(join(dir, `${out}-${i}`), { recursive: true, force: true });
    }
    if (baselineCli) {
      // The same site from both bundles, or what differs.
      const diff = await promisify(execFile)(
        "diff",
        ["-rq", join(dir, "before-out-0"), join(dir, "out-0")],
        { maxBuffer: 16 * 1024 * 1024 },
      ).then(
        () => "the same files, byte for byte (diff -r)",
        (e: { stdout?: string }) =>
          `DIFFERENT: ${(e.stdout ?? "").split("\n").slice(0, 5).join("; ")}`,
      );
      console.log(`  before and after: ${diff}`);
    }
    const site = await tree(join(dir, "out-0"));
    const t = median(ours);
    console.log(`${where}:`);
    console.log(
      `  l10n-snapshot render, 1 locale: ${site.pages} pages, ${site.files} files, ${(site.bytes / 1e6).toFixed(1)} MB; median ${t.toFixed(2)} s (runs: ${secs(ours)}): ` +
        `${Math.round(site.pages / t)} pages/s, ${Math.round(site.files / t)} files/s, peak RSS ${rss} MB; ` +
        `CPU median ${median(cpu.ours).toFixed(2)} s (runs: ${secs(cpu.ours)}), ` +
        `${Math.round((median(cpu.ours) / site.files) * 1e6)} µs a file`,
    );
    if (baselineCli) {
      const b = median(before.cpu);
      console.log(
        `  before (${baselineCli}): CPU median ${b.toFixed(2)} s (runs: ${secs(before.cpu)}; user ${secs(before.user)}), peak RSS ${before.rss.join(", ")} MB\n` +
          `  after: CPU runs ${secs(cpu.ours)} (user ${secs(user)}), peak RSS ${rssRuns.join(", ")} MB; after / before = ${(median(cpu.ours) / b).toFixed(2)}x CPU`,
      );
    }
    if (LOCALES.length > 1) {
      // The same snapshot, with its pages in several locales (the config gives site.locales).
      const config = join(dir, "locales.json");
      await writeFile(
        config,
        JSON.stringify({ baseUrl: base, translations: ["*/*/*"], site: { locales: LOCALES } }),
      );
      const times: number[] = [];
      let peak = 0;
      for (let i = 0; i < runs; i++) {
        const r = await oursRun(`locales-out-${i}`, config);
        times.push(r.seconds);
        peak = Math.max(peak, r.rssMb);
      }
      const many = await tree(join(dir, "locales-out-0"));
      const m = median(times);
      console.log(
        `  l10n-snapshot render, ${LOCALES.length} locales (${LOCALES.join(", ")}): ${many.pages} pages, ${many.files} files, ${(many.bytes / 1e6).toFixed(1)} MB; median ${m.toFixed(2)} s (runs: ${secs(times)}), peak RSS ${peak} MB`,
      );
      console.log(
        `    against 1 locale: time ${(m / t).toFixed(2)}x, size ${(many.bytes / site.bytes).toFixed(2)}x, pages ${(many.pages / site.pages).toFixed(2)}x (badges, widgets and data are not repeated)`,
      );
    }
    if (!hugo) {
      console.log(
        hugoWanted.includes("none")
          ? "  hugo: not asked for (--hugo none)"
          : "  hugo: not installed (apt-get install hugo), no side-by-side comparison",
      );
      continue;
    }
    for (const [label, times, out, kind] of [
      ...(sameWanted ? [["same page", theirs, "hugo-out-0", "theirs"] as const] : []),
      ...(bareWanted ? [["bare", bare, "hugo-bare-out-0", "bare"] as const] : []),
    ]) {
      const h = median(times);
      const c = median(cpu[kind]);
      const other = await tree(join(dir, out));
      console.log(
        `  hugo ${hugo}, ${label}: ${other.pages} pages, ${other.files} files, ${(other.bytes / 1e6).toFixed(1)} MB; median ${h.toFixed(2)} s (runs: ${secs(times)}): ${Math.round(other.pages / h)} pages/s; ` +
          `CPU median ${c.toFixed(2)} s (runs: ${secs(cpu[kind])}), ${Math.round((c / other.files) * 1e6)} µs a file, peak RSS ${peak[kind]} MB`,
      );
      const ratio = median(cpu.ours) / c;
      console.log(
        `    ratio: l10n-snapshot whole site / hugo ${label} = ${(t / h).toFixed(2)}x wall, ${ratio.toFixed(2)}x CPU ${verdict(ratio)}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Within 3% either way is a tie: the runs themselves vary more than that. */
function verdict(ratio: number): string {
  if (ratio < 0.97) return "(faster than Hugo)";
  if (ratio > 1.03) return "(slower than Hugo)";
  return "(level with Hugo, within the spread of the runs)";
}
