import { randomBytes } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { isAlive } from "./fs-errors.js";

// What a run writes beside its target before it is whole (the site's temporary folder, a snapshot
// file's temporary sibling, the crawl's spool, build's snapshot beside out/) is named
// `<prefix><pid>-<hex><rest>`: the next run can tell what a dead run left from what a running one
// is writing, and removes the first. The one naming and the one sweep for all of them.

/** A name no other run takes: `<prefix><pid>-<8 hex digits>`. */
export function tempName(prefix: string): string {
  return `${prefix}${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** An entry a dead run left: its name, and what followed its `<pid>-<hex>`. */
export interface DeadTemp {
  name: string;
  rest: string;
}

/**
 * The entries of `dir` named `<prefix><pid>-<hex><rest>`, `rest` matching `rest` (nothing, by
 * default), whose process is gone; none when `dir` cannot be read.
 */
export async function deadTemps(dir: string, prefix: string, rest = /^$/): Promise<DeadTemp[]> {
  const names = await readdir(dir).catch((): string[] => []);
  const dead: DeadTemp[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)-[0-9a-f]+(.*)$/.exec(name.slice(prefix.length));
    if (match?.[1] === undefined || !rest.test(match[2] ?? "")) continue;
    if (!isAlive(Number(match[1]))) dead.push({ name, rest: match[2] ?? "" });
  }
  return dead;
}

/** Removes what dead runs left in `dir` (files or folders); what cannot be removed stays. */
export async function removeDeadTemps(dir: string, prefix: string, rest = /^$/): Promise<void> {
  for (const { name } of await deadTemps(dir, prefix, rest))
    await rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined);
}
