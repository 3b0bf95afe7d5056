import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { describeFsError } from "../output/fs-errors.js";
import { doneTemp, madeTemp, removeDeadTemps, tempName } from "../output/temp-files.js";
import { OutputError } from "../model/errors.js";
import { serializeSnapshot, type Snapshot } from "./snapshot.js";

/** Writes a file atomically: a temporary sibling, then a rename over the target. */
async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = madeTemp(tempName(`${file}.tmp-`));
  try {
    await mkdir(dirname(file), { recursive: true });
    await removeDeadTemps(dirname(file), `${basename(file)}.tmp-`);
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new OutputError(`cannot write ${file}: ${describeFsError(error)}`, { cause: error });
  } finally {
    doneTemp(temp);
  }
}

export async function writeSnapshot(file: string, snapshot: Snapshot): Promise<void> {
  await writeFileAtomic(file, serializeSnapshot(snapshot));
}
