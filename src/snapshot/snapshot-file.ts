import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { OutputError } from "../errors.js";
import { formatPath } from "../format-path.js";
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

const problemSchema = z.object({ path: z.string(), message: z.string() });
const snapshotSchema = z.object({
  schemaVersion: z.literal(1, "expected 1 (this tool's snapshot format)"),
  generatedAt: z.string(),
  source: z.object({ baseUrl: z.string(), configHash: z.string() }),
  shard: z.object({ index: z.int().min(1), count: z.int().min(1) }).optional(),
  translations: z.array(z.object({
    project: z.string(),
    component: z.string(),
    language: z.string(),
    status: z.enum(["ok", "invalid", "failed"]),
    record: z.unknown().optional(),
    warnings: z.array(problemSchema),
    errors: z.array(problemSchema),
    failure: z.object({ kind: z.string(), status: z.int().optional() }).optional(),
  })),
});

/** Reads a snapshot written by `crawl`; a file that is not one is a one-line error (exit 3). */
export async function readSnapshot(file: string): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new OutputError(`snapshot ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new OutputError(`snapshot ${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const result = snapshotSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new OutputError(`snapshot ${file}: "${formatPath(issue.path)}": ${issue.message}; write it with "l10n-snapshot crawl"`);
  }
  return result.data as Snapshot;
}
