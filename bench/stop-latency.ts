// How soon a render stops on SIGTERM (a CI runner's cancel), at any moment of a large render: a
// synthetic snapshot (bench/synthetic-snapshot.ts, what `crawl` of the stand-in writes) rendered
// once whole (the previous site, and the phases' times), then once per moment, each a fresh
// `l10n-snapshot render` process sent SIGTERM at that moment. Prints, per moment, the phase the
// signal found (packing the snapshot and planning and measuring, writing the site), the time from
// the signal to the exit, the exit code (143 expected), and whether out/ is as it was (files,
// sizes and the overview page) with nothing left beside it.
// npx tsx bench/stop-latency.ts [--translations 100000] [--at 0.05,0.15,...] [--cli src/cli.ts]
//   [--dir /tmp]
// --at: moments as fractions of the whole render's wall time. --cli: the CLI to run (a .ts file
// runs through tsx; dist/cli.js is the bundle).
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { option, stringOption } from "./measure.js";
import { writeSyntheticSnapshot } from "./synthetic-snapshot.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const translations = option("translations", 100_000);
const moments = stringOption("at", "0.03,0.1,0.2,0.3,0.45,0.6,0.75,0.9").split(",").map(Number);
const cli = resolve(root, stringOption("cli", "src/cli.ts"));
const parent = stringOption("dir", tmpdir());

// 25 components x 100 languages a project, as many projects as the size asks.
const languages = Math.min(100, translations);
const components = Math.min(25, Math.ceil(translations / languages));
const projects = Math.ceil(translations / (languages * components));

type Phase = "starting" | "planning" | "writing" | "swapping";

/**
 * The phase of a render into `out`, from what it makes beside out/: the packed snapshot (from
 * packing it through planning and measuring), the new site's folder (writing), the old one moved
 * aside (swapping).
 */
function phaseOf(dir: string): Phase {
  const names = readdirSync(dir).filter((n) => n.startsWith(".out.tmp-"));
  if (names.some((n) => n.endsWith("-old"))) return "swapping";
  if (names.some((n) => !n.endsWith(".snapshot.json.gz"))) return "writing";
  return names.length > 0 ? "planning" : "starting";
}

interface Run {
  code: number | null;
  signal: string | null;
  wallMs: number;
  /** When each phase was first seen, in ms from the start. */
  seen: Partial<Record<Phase, number>>;
  /** The phase when SIGTERM was sent, and the ms from it to the exit. */
  stoppedIn?: Phase;
  stopMs?: number;
  stderr: string;
}

/** One render of `snapshot` into `dir`/out; SIGTERM after `stopAfterMs` when given. */
function render(dir: string, snapshot: string, stopAfterMs?: number): Promise<Run> {
  const args = cli.endsWith(".ts") ? ["--import", "tsx", cli] : [cli];
  const out = join(dir, "out");
  return new Promise((done) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      [...args, "render", "--snapshot", snapshot, "--out", out, "--quiet"],
      { cwd: root, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const run: Run = { code: null, signal: null, wallMs: 0, seen: {}, stderr: "" };
    let sentAt: number | undefined;
    let phase: Phase = "starting";
    const poll = setInterval(() => {
      const now = phaseOf(dir);
      if (now !== phase) run.seen[now] ??= performance.now() - start;
      phase = now;
    }, 10);
    if (stopAfterMs !== undefined)
      setTimeout(() => {
        run.stoppedIn = phaseOf(dir);
        sentAt = performance.now();
        child.kill("SIGTERM");
      }, stopAfterMs);
    child.on("close", (code, signal) => {
      clearInterval(poll);
      const end = performance.now();
      done({
        ...run,
        code,
        signal,
        wallMs: end - start,
        ...(sentAt !== undefined ? { stopMs: end - sentAt } : {}),
        stderr,
      });
    });
  });
}

/** A fingerprint of a folder: its files' paths and sizes, and the overview page's text. */
async function fingerprint(out: string): Promise<string> {
  const lines: string[] = [];
  for (const e of await readdir(out, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const file = join(e.parentPath, e.name);
      lines.push(`${file} ${(await stat(file)).size}`);
    }
  lines.sort();
  return `${lines.join("\n")}\n${await readFile(join(out, "index.html"), "utf8")}`;
}

const dir = await mkdtemp(join(parent, "l10n-stop-"));
try {
  const snapshot = join(dir, "snapshot.json");
  const made = await writeSyntheticSnapshot(
    snapshot,
    { projects, components, languages },
    "https://weblate.example/",
  );
  console.log(`${made} translations (${projects} x ${components} x ${languages}), cli ${cli}`);
  const whole = await render(dir, snapshot);
  if (whole.code !== 0) throw new Error(`the whole render failed: ${whole.stderr}`);
  const phases = Object.entries(whole.seen)
    .map(([p, ms]) => `${p} from ${((ms ?? 0) / 1000).toFixed(1)} s`)
    .join(", ");
  console.log(`whole render: ${(whole.wallMs / 1000).toFixed(1)} s (${phases})`);
  const before = await fingerprint(join(dir, "out"));
  console.log("| at | phase | signal to exit | exit code | out/ as it was | left beside out/ |");
  console.log("|---|---|---|---|---|---|");
  for (const at of moments) {
    const run = await render(dir, snapshot, Math.round(at * whole.wallMs));
    const same = (await fingerprint(join(dir, "out"))) === before;
    const left = readdirSync(dir).filter((n) => n !== "out" && n !== "snapshot.json");
    const stop = run.stopMs === undefined ? "-" : `${(run.stopMs / 1000).toFixed(2)} s`;
    console.log(
      `| ${((at * whole.wallMs) / 1000).toFixed(1)} s | ${run.stoppedIn} | ${stop} | ` +
        `${run.code ?? run.signal} | ${same ? "yes" : "no"} | ${left.join(" ") || "nothing"} |`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
