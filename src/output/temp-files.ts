import { randomBytes } from "node:crypto";
import { existsSync, renameSync, rmSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorCode } from "../model/json.js";

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
    if (!ownerAlive(Number(match[1]), join(dir, name))) dead.push({ name, rest: match[2] ?? "" });
  }
  return dead;
}

/** Removes what dead runs left in `dir` (files or folders); what cannot be removed stays. */
export async function removeDeadTemps(dir: string, prefix: string, rest = /^$/): Promise<void> {
  for (const { name } of await deadTemps(dir, prefix, rest))
    await rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined);
}

// Every temporary file and folder this process makes (a spool, the previous site's snapshot
// copy, the site being written) is named with its PID and known here while it exists, so that:
// - a run stopped by a signal removes them all, even when its normal clean-up cannot run;
// - a run tells its own from an earlier process's with the same PID (in a container every run
//   is PID 1), which it removes as a dead run's leftovers.

const made = new Set<string>();
/** A previous site moved aside for a moment (old -> its place), put back should the run die. */
const aside = new Map<string, string>();

/** Notes a temporary path this process made; returns it. */
export function madeTemp(path: string): string {
  made.add(path);
  return path;
}

/** The path is gone (removed, or renamed into place). */
export function doneTemp(path: string): void {
  made.delete(path);
}

/**
 * Whether the run that made a temporary path named with `pid` may still use it: for this
 * process's own PID, only what this process made; for another, while that process lives.
 */
export function ownerAlive(pid: number, path: string): boolean {
  if (pid === process.pid) return made.has(path);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === "EPERM";
  }
}

/** A site moved aside to `old` while the new one takes `target`'s place; undefined: done. */
export function movedAside(old: string, target: string | undefined): void {
  if (target === undefined) aside.delete(old);
  else aside.set(old, target);
}

/**
 * Removes every temporary path this process made, at once, and puts back a previous site it had
 * moved aside (a signal's last resort).
 */
export function removeTempsNow(): void {
  for (const [old, target] of aside) {
    try {
      if (existsSync(target)) rmSync(old, { recursive: true, force: true });
      else renameSync(old, target);
    } catch {
      // nothing more can be done on the way out
    }
  }
  aside.clear();
  for (const path of made) {
    try {
      rmSync(path, { recursive: true, force: true });
    } catch {
      // nothing more can be done on the way out
    }
  }
  made.clear();
}

/**
 * The system's temporary folder holds folders named `l10n-snapshot-<what>-<pid>-<random>`: the
 * previous site's snapshot copy ("previous"), a compressed snapshot unpacked to render it
 * ("render").
 */
export function tempFolderPrefix(what: "previous" | "render"): string {
  return `l10n-snapshot-${what}-${process.pid}-`;
}
const OURS = /^l10n-snapshot-(?:previous|render)-(\d+)-[0-9A-Za-z]{6}$/;

/** Removes what ended runs of this tool left in the system's temporary folder. */
export async function sweepTempFolder(dir = tmpdir()): Promise<void> {
  const names = await readdir(dir).catch((): string[] => []);
  await Promise.all(
    names.map(async (name) => {
      const pid = OURS.exec(name)?.[1];
      const path = join(dir, name);
      if (pid !== undefined && !ownerAlive(Number(pid), path))
        await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}
