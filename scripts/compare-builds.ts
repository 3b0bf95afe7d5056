// `npx tsx scripts/compare-builds.ts [REF_A] [REF_B]`: builds `npm start`'s out/ from two
// commits (REF_B left out: the working tree as it is) and compares the two sites file by file,
// ignoring what differs from one run to the next of the same code: times (ISO timestamps, the
// times the pages print, metrics' seconds), the stand-in server's port, and what is derived from
// them (the feed's entry ids, the snapshot's config hash, the history's minutes). data/*.gz are
// compared unpacked; the history read whole with its parts (a split one's
// data/history/<project>.json are compared as read through data/history.json). Prints each
// difference and exits 1 when there is one. Each tree is checked out into a
// temporary folder with `git archive` (this checkout's node_modules linked in); nothing in the
// repository changes. KEEP_BUILDS=1 keeps the two folders to look into.
// SYNTHETIC=PxCxL (e.g. 1x50x200, 10,000 translations) compares instead the sites `render` makes
// of a synthetic server's snapshot of that size, each tree writing the snapshot with its own code.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { POINT_SIZE } from "../src/history/series.js";
import { readHistoryFile } from "../src/history/history-parts.js";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Builds out/ from `ref` (or the working tree) in a temporary folder; returns the folder. */
function buildAt(ref: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "l10n-compare-"));
  if (ref === undefined) {
    // The working tree: tracked and new files, as they are now.
    const files = execFileSync(
      "git",
      ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
      {
        cwd: root,
      },
    )
      .toString()
      .split("\0")
      // A tracked file deleted in the working tree is not in it.
      .filter((file) => file !== "" && existsSync(join(root, file)));
    execFileSync("tar", ["-cf", join(dir, "tree.tar"), "--", ...files], { cwd: root });
  } else execFileSync("git", ["archive", "-o", join(dir, "tree.tar"), ref], { cwd: root });
  execFileSync("tar", ["-xf", "tree.tar"], { cwd: dir });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  const synthetic = process.env.SYNTHETIC;
  const run = synthetic
    ? spawnSync("npx", ["tsx", "--eval", renderSynthetic(synthetic)], {
        cwd: dir,
        encoding: "utf8",
      })
    : spawnSync("npx", ["tsx", "src/demo/start.ts"], { cwd: dir, encoding: "utf8" });
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`npm start failed at ${ref ?? "the working tree"} (exit ${run.status})`);
  }
  return dir;
}

/**
 * A script, run in a tree's folder, that writes a synthetic server's snapshot of `size` (PxCxL)
 * with that tree's code and renders it into out/ with its CLI.
 */
function renderSynthetic(size: string): string {
  const [projects, components, languages] = size.split("x").map(Number);
  return `
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { syntheticRecords, syntheticTriples } from "./src/demo/synthetic-data.ts";
import { serializeSnapshot, toSnapshot } from "./src/snapshot/snapshot.ts";
import { toEntry } from "./src/pipeline/to-entry.ts";
const size = { projects: ${projects}, components: ${components}, languages: ${languages} };
const baseUrl = "https://weblate.example";
const triples = syntheticTriples(size).map((t) => {
  const [project, component, language] = t.split("/");
  return { project, component, language };
});
const entries = syntheticRecords(size)(baseUrl).map((body, i) =>
  toEntry({ triple: triples[i], body }, { baseUrl }),
);
const now = new Date("2026-11-21T12:00:00Z");
writeFileSync("snapshot.json", serializeSnapshot(toSnapshot(entries, { baseUrl, triples, now })));
execFileSync(process.execPath, ["--import", "tsx", "src/cli.ts", "render", "--snapshot",
  "snapshot.json", "--out", "out", "--quiet"], { stdio: "inherit" });
`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

/** A local server's address with its port, as text, Markdown-escaped or URL-encoded. */
const PORT = /127\\?\.0\\?\.0\\?\.1(\\?:|%3A)\d+/gi;

/** A file's content with what changes from run to run replaced by placeholders. */
function normalized(file: string): Buffer | string {
  let bytes = readFileSync(file);
  if (file.endsWith(".gz")) bytes = gunzipSync(bytes);
  if (/\.(png|ico|woff2?)$/.test(file)) return bytes;
  if (file.endsWith("data/history.json")) return historyWithoutMinutes(file);
  // A part of a split history: its series and removals are in the index's reading.
  if (/data\/history\/[^/]+\.json$/.test(file)) return "(read with data/history.json)";
  return (
    bytes
      .toString("utf8")
      .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d| UTC)?/g, "<time>")
      .replace(PORT, "127.0.0.1:<port>")
      // The time the English pages print ("Dec 7, 2026, 2:39 AM UTC"), Markdown-escaped too.
      .replace(/[A-Z][a-z]{2} \d+\\?, \d{4}\\?, \d+\\?:\d\d [AP]M( UTC)?/g, "<time>")
      // A trend chart's axis label ("12/7, 9:08 AM", or the time alone on the run's own day).
      .replace(/\b(\d{1,2}\/\d{1,2}, )?\d{1,2}:\d\d [AP]M\b/g, "<time>")
      // OpenMetrics' times are seconds since 1970 (data/metrics.prom).
      .replace(/(_timestamp_seconds(\{[^}]*\})?) \S+/g, "$1 <time>")
      .replace(/urn:uuid:[0-9a-f-]+/g, "<id>")
      // A hash of the base URL (and so of the port) and the triples.
      .replace(/"configHash":\s*"[0-9a-f]+"/g, '"configHash": "<hash>"')
  );
}

/**
 * A history's points hold the minute of the run that made them, encoded with the counters: read
 * through, each point's minute set to 0, and written as plain JSON.
 */
function historyWithoutMinutes(file: string): string {
  // The index and its parts beside it.
  const history = readHistoryFile(file);
  const series = [...history.series].map(([key, flat]) => [
    key,
    flat.map((n, i) => (i % POINT_SIZE === 0 ? 0 : n)),
  ]);
  const { lastRun: _l, previousRun: _p, ...rest } = history;
  return JSON.stringify({
    ...rest,
    runs: rest.runs.map((r) => ({ ...r, at: "<time>" })),
    series,
    gone: [...history.gone.keys()],
  }).replace(PORT, "127.0.0.1:<port>");
}

/** The differences between two sites' folders, one line each ("differs: data/history.json"). */
export function compareSites(outA: string, outB: string): string[] {
  const listA = filesUnder(outA);
  const listB = filesUnder(outB);
  const differences: string[] = [];
  for (const f of listA.filter((f) => !listB.includes(f))) differences.push(`only in A: ${f}`);
  for (const f of listB.filter((f) => !listA.includes(f))) differences.push(`only in B: ${f}`);
  for (const f of listA.filter((f) => listB.includes(f))) {
    const x = normalized(join(outA, f));
    const y = normalized(join(outB, f));
    if (
      typeof x === "string" && typeof y === "string"
        ? x !== y
        : !Buffer.from(x).equals(Buffer.from(y))
    )
      differences.push(`differs: ${f}`);
  }
  return differences;
}

// Run as a script (through a symlink too), not imported by a test.
const script = process.argv[1];
if (script !== undefined && realpathSync(import.meta.filename) === realpathSync(script)) {
  const [refA = "HEAD", refB] = process.argv.slice(2);
  const a = buildAt(refA);
  const b = buildAt(refB);
  try {
    const outA = join(a, "out");
    const outB = join(b, "out");
    const differences = compareSites(outA, outB);
    const listA = filesUnder(outA);
    const listB = filesUnder(outB);
    const what = `${refA} and ${refB ?? "the working tree"}`;
    console.log(`${listA.length} and ${listB.length} files built from ${what}`);
    for (const d of differences) console.log(d);
    console.log(
      differences.length === 0
        ? "the same site (times and the stand-in's port aside)"
        : `${differences.length} differences`,
    );
    process.exitCode = differences.length === 0 ? 0 : 1;
  } finally {
    if (process.env.KEEP_BUILDS) console.log(`kept ${a} and ${b}`);
    else {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  }
}
