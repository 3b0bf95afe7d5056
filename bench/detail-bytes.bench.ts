// Bytes per translation by kind of file at one detail of the site's budget (render/budget/): a
// synthetic snapshot (bench/synthetic-snapshot.ts, 25 components x 200 languages a project) is
// planned as `render` plans it, with site.url set, at the detail after `--steps` steps of the drop
// order (default: all of them, the smallest form), and every file is rendered and counted, nothing
// written. The kinds are bench/site-bytes.ts's, as BENCHMARKS.md's tables have them.
// npm run bench:bytes -- --translations 10000 [--steps N] [--snapshot file] [--keep]
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { siteOptionsSchema } from "../src/config/schema.js";
import { fileBytes } from "../src/render/budget/measure-files.js";
import { detailAfter, DROP_STEPS } from "../src/render/budget/site-detail.js";
import { formatBytes } from "../src/render/budget/site-budget.js";
import { planSiteFiles } from "../src/render/site-plan.js";
import { openSnapshot } from "../src/snapshot/read-snapshot.js";
import { loadOgRenderer } from "../src/widgets/og-image.js";
import { option, peakRssMb, stringOption } from "./measure.js";
import { kindOf } from "./site-bytes.js";
import { writeSyntheticSnapshot } from "./synthetic-snapshot.js";

const translations = option("translations", 10_000);
const steps = option("steps", DROP_STEPS.length);
const given = stringOption("snapshot", "");
const COMPONENTS = 25;
const LANGUAGES = 200;

const dir = await mkdtemp(join(tmpdir(), "l10n-detail-bytes-"));
const file = given || join(dir, "snapshot.json");
try {
  if (!given || !existsSync(given)) {
    const started = performance.now();
    const projects = Math.max(1, Math.round(translations / (COMPONENTS * LANGUAGES)));
    const components = Math.min(COMPONENTS, Math.ceil(translations / LANGUAGES));
    const size = { projects, components, languages: LANGUAGES };
    const count = await writeSyntheticSnapshot(file, size, "http://127.0.0.1:40000");
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`snapshot: ${count} translations written to ${file} in ${secs} s`);
  }
  await loadOgRenderer();
  const site = siteOptionsSchema.parse({ url: "https://weblate-status.example/" });
  const plan = planSiteFiles(openSnapshot(file), site);
  plan.setDetail(detailAfter(steps));
  const kinds = new Map<string, { files: number; bytes: number }>();
  const cpu = process.cpuUsage();
  let total = 0;
  for (const f of plan.files()) {
    const kind = kindOf(f.path);
    const k = kinds.get(kind) ?? { files: 0, bytes: 0 };
    const bytes = fileBytes(f);
    k.files += 1;
    k.bytes += bytes;
    total += bytes;
    kinds.set(kind, k);
  }
  const n = plan.model.counts.tracked;
  const used = process.cpuUsage(cpu);
  const taken = DROP_STEPS.slice(0, steps).map((s) => s.name);
  console.log(
    `${n} translations, ${steps} of ${DROP_STEPS.length} drop steps taken` +
      ` (${taken.join(", ") || "full detail"}): ${formatBytes(total)}, ` +
      `${Math.round(total / n)} bytes per translation; rendered in ` +
      `${((used.user + used.system) / 1e6).toFixed(1)} s CPU, peak RSS ${peakRssMb()} MB`,
  );
  console.log("| kind of file | files | bytes | bytes per translation |\n|---|---|---|---|");
  for (const [kind, k] of [...kinds].sort((a, b) => b[1].bytes - a[1].bytes))
    console.log(`| ${kind} | ${k.files} | ${k.bytes} | ${Math.round(k.bytes / n)} |`);
} finally {
  if (!process.argv.includes("--keep")) await rm(dir, { recursive: true, force: true });
}
