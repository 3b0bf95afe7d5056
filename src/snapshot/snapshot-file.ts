import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { describeFsError } from "../output/fs-errors.js";
import { doneTemp, madeTemp, ownerAlive } from "../output/temp-files.js";
import { OutputError } from "../model/errors.js";
import { serializeSnapshot, type Snapshot } from "./snapshot.js";

/** Writes a file atomically: a temporary sibling, then a rename over the target. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = madeTemp(`${file}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    await mkdir(dirname(file), { recursive: true });
    await removeDeadTemps(file);
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new OutputError(`cannot write ${file}: ${describeFsError(error)}`, { cause: error });
  } finally {
    doneTemp(temp);
  }
}

/** Temporary siblings (and crawl spools, spool.ts) that runs killed mid-write left behind. */
export async function removeDeadTemps(file: string): Promise<void> {
  const prefix = `${basename(file)}.tmp-`;
  const names = await readdir(dirname(file)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = /^(\d+)-[0-9a-f]+$/.exec(
      name.startsWith(prefix) ? name.slice(prefix.length) : "",
    )?.[1];
    const path = join(dirname(file), name);
    if (pid !== undefined && !ownerAlive(Number(pid), path))
      await rm(path, { force: true }).catch(() => undefined);
  }
}

export async function writeSnapshot(file: string, snapshot: Snapshot): Promise<void> {
  await writeFileAtomic(file, serializeSnapshot(snapshot));
}
