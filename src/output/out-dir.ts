import { lstat, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { OutputError } from "../model/errors.js";
import { outputError } from "./fs-errors.js";
import { deadTemps, doneTemp, madeTemp, ownerAlive, tempName } from "./temp-files.js";
import { errorCode } from "../model/json.js";

// The output folder's neighbours: `.out.tmp-<pid>-<hex>` (a site being written),
// `.out.tmp-<pid>-<hex>-old` (the previous site, moved aside for a moment),
// `.out.tmp-<pid>-<hex>.snapshot.json.gz` (the snapshot compressed, to be measured and copied in)
// and `.out.lock`.
// A run killed at the wrong moment leaves them behind; the next run cleans up after it.

/** The temporary sibling a run writes the site into: `.out.tmp-<pid>-<hex>`. */
export function tempSibling(target: string): string {
  return join(dirname(target), tempName(siblingPrefix(target)));
}

const siblingPrefix = (target: string) => `.${basename(target)}.tmp-`;

/**
 * Removes what dead runs left beside `target`, and puts back a previous site a run moved aside
 * and died before replacing (so `out/` is never lost to a kill between the two renames).
 */
export async function recoverOutDir(target: string): Promise<void> {
  const parent = dirname(target);
  const stale = await deadTemps(parent, siblingPrefix(target), /^(-old|\.snapshot\.json\.gz)?$/);
  const targetExists = await lstat(target).then(
    () => true,
    () => false,
  );
  const stranded = stale.find((n) => n.rest === "-old");
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
 * under each other. The lock holds its run's PID; a lock whose process has ended (a killed run,
 * or an earlier container's PID 1: a PID of this process it did not take) is taken over, a live
 * one is refused. Returns the release.
 */
export async function lockOutDir(target: string, shown: string): Promise<() => Promise<void>> {
  const lock = join(dirname(target), `.${basename(target)}.lock`);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(lock, `${process.pid}\n`, { flag: "wx" });
      madeTemp(lock);
      return async () => {
        await rm(lock, { force: true }).catch(() => undefined);
        doneTemp(lock);
      };
    } catch (error) {
      if (errorCode(error) !== "EEXIST" || attempt > 2)
        throw outputError(`cannot write the site to ${shown}`, error);
    }
    const pid = Number((await readFile(lock, "utf8").catch(() => "")).trim());
    if (Number.isSafeInteger(pid) && pid > 0 && ownerAlive(pid, lock)) {
      throw new OutputError(
        `cannot write the site to ${shown}: another l10n-snapshot (process ${pid}) is writing ` +
          `it now; run again once it is done (or delete ${lock} if no run is)`,
      );
    }
    await rm(lock, { force: true });
  }
}
