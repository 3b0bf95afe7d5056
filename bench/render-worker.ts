// One render, in its own process: reads a snapshot file, renders the whole site, prints figures as JSON.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { siteOptionsSchema } from "../src/config/schema.js";
import { renderSite } from "../src/render/render-site.js";
import { openSnapshot } from "../src/snapshot/read-snapshot.js";
import { peakRssMb } from "./measure.js";

const [snapshotFile, outDir] = process.argv.slice(2) as [string, string];
const started = performance.now();
const source = openSnapshot(snapshotFile);
const { files } = await renderSite(source, outDir, siteOptionsSchema.parse({ title: "Bench" }));
const done = performance.now();
let bytes = 0;
let pages = 0;
for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  bytes += (await stat(join(entry.parentPath, entry.name))).size;
  if (entry.name.endsWith(".html")) pages += 1;
}
console.log(JSON.stringify({ files, pages, bytes, totalSeconds: (done - started) / 1000, peakRssMb: peakRssMb() }));
