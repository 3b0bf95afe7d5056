import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { siteOptionsSchema, type SiteOptions } from "../config/schema.js";
import { OutputError } from "../errors.js";
import { serializeSnapshot, type Snapshot } from "../snapshot/snapshot.js";
import { renderBadges } from "./render-badges.js";
import { renderPages } from "./render-pages.js";
import { buildSiteModel } from "./site-model.js";
import { assertUniqueOutputPaths } from "./site-paths.js";

export interface SiteFile {
  /** Path relative to the output directory, with "/" separators. */
  path: string;
  content: string | Uint8Array;
}

/** Every file of the site, computed without touching the disk; two files with one path are an error. */
export function siteFiles(snapshot: Snapshot, site: SiteOptions): SiteFile[] {
  const model = buildSiteModel(snapshot, site);
  const files = [...renderPages(model), ...renderBadges(model), { path: "data/snapshot.json", content: serializeSnapshot(snapshot) }];
  assertUniqueOutputPaths(files.map((f) => f.path));
  return files;
}

/**
 * Renders the site into a temporary sibling of `outDir`, which replaces `outDir` only when every
 * file was written: a failed run leaves the previous site as it was.
 */
export async function renderSite(snapshot: Snapshot, outDir: string, site: SiteOptions = siteOptionsSchema.parse({})): Promise<{ files: number }> {
  const files = siteFiles(snapshot, site);
  const target = resolve(outDir);
  const temp = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
  const old = `${temp}-old`;
  try {
    await writeAll(temp, files);
    await rename(target, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw new OutputError(`cannot write the site to ${outDir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  await rm(old, { recursive: true, force: true });
  return { files: files.length };
}

async function writeAll(root: string, files: readonly SiteFile[]): Promise<void> {
  const dirs = new Set(files.map((f) => dirname(join(root, f.path))));
  for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
  const queue = [...files];
  const workers = Array.from({ length: 16 }, async () => {
    for (let file = queue.pop(); file; file = queue.pop()) await writeFile(join(root, file.path), file.content);
  });
  await Promise.all(workers);
}
