import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { OutputError } from "../errors.js";
import { serializeSnapshot, type Snapshot } from "./snapshot.js";

/** Writes a file atomically: a temporary sibling, then a rename over the target. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new OutputError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
}

export async function writeSnapshot(file: string, snapshot: Snapshot): Promise<void> {
  await writeFileAtomic(file, serializeSnapshot(snapshot));
}
