import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { OutputError } from "../model/errors.js";
import { isAlive, outputError } from "./fs-errors.js";

// The output folder's neighbours: `.out.tmp-<pid>-<hex>` (a site being written),
// `.out.tmp-<pid>-<hex>-old` (the previous site, moved aside for a moment) and `.out.lock`.
// A run killed at the wrong moment leaves them behind; the next run cleans up after it.

/** The temporary sibling a run writes the site into. */
export function tempSiblingName(target: string, pid: number, hex: string): string {
  return join(dirname(target), `.${basename(target)}.tmp-${pid}-${hex}`);
}

/**
 * Removes what dead runs left beside `target`, and puts back a previous site a run moved aside
 * and died before replacing (so `out/` is never lost to a kill between the two renames).
 */
export async function recoverOutDir(target: string): Promise<void> {
  const parent = dirname(target);
  const pattern = new RegExp(
    `^\\.${escapeRegExp(basename(target))}\\.tmp-(\\d+)-[0-9a-f]+(-old)?$`,
  );
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  const stale = names
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter((n) => n.match && !isAlive(Number(n.match[1])));
  const targetExists = names.includes(basename(target));
  const stranded = stale.find((n) => n.match![2] !== undefined);
  if (!targetExists && stranded) {
    await rename(join(parent, stranded.name), target).catch(() => undefined);
  }
  await Promise.all(
    stale
      .filter((n) => n !== stranded || targetExists)
      .map((n) =>
        rm(join(parent, n.name), { recursive: true, force: true }).catch(() => undefined),
      ),
  );
}

/**
 * The same, at a command's start, under the lock: skipped while another run holds it (that run
 * cleans up), or when nothing can be written there (the write says why).
 */
export async function recoverOutDirAtStart(target: string): Promise<void> {
  let release: () => Promise<void>;
  try {
    release = await lockOutDir(target, target);
  } catch {
    return;
  }
  try {
    await recoverOutDir(target);
  } finally {
    await release();
  }
}

/**
 * Takes `.out.lock` beside the output folder: two runs writing one site at once would swap it
 * under each other. A lock left by a dead run is taken over. Returns the release.
 */
export async function lockOutDir(target: string, shown: string): Promise<() => Promise<void>> {
  const lock = join(dirname(target), `.${basename(target)}.lock`);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(lock, `${process.pid}\n`, { flag: "wx" });
      return () => rm(lock, { force: true }).catch(() => undefined);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EEXIST" || attempt > 0)
        throw outputError(`cannot write the site to ${shown}`, error);
    }
    const holder = Number((await readFile(lock, "utf8").catch(() => "")).trim());
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new OutputError(
        `cannot write the site to ${shown}: another l10n-snapshot (process ${holder}) is writing it now; run again once it is done`,
      );
    }
    await rm(lock, { force: true });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
