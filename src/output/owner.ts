import { randomBytes } from "node:crypto";
import { readFileSync, readlinkSync } from "node:fs";
import { hostname } from "node:os";
import { field, num, str } from "../model/json.js";
import { isAlive } from "./fs-errors.js";

// Who holds a lock, in enough detail to tell whether it still runs. A PID alone is not: in a
// container every run is PID 1, so a lock a killed run left holds this run's own PID; a PID is
// reused after its process ends; another machine's (or another PID namespace's) PID says nothing
// here. So a lock records the host, the PID, the process's start (in the kernel's clock ticks
// since boot, where /proc has it), the boot and the PID namespace, and a token of the taking;
// its holder refreshes the file's time while it holds it.

/** What a lock file records of its holder. */
export interface Owner {
  host: string;
  pid: number;
  /** When the holder took the lock (ISO), for people. */
  at: string;
  /** The holder process's start, in clock ticks since boot (Linux), to tell a reused PID. */
  start?: string;
  bootId?: string;
  pidNamespace?: string;
  /** Unique to one taking of a lock. */
  token: string;
}

/** How long a lock's time may stand still before a holder that cannot be asked is taken as gone. */
export const HEARTBEAT_MS = 20_000;
export const STALE_AFTER_MS = 6 * HEARTBEAT_MS;

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
};

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startOf(pid: number | "self"): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields?.[19];
}

const self = {
  host: hostname(),
  start: startOf("self"),
  bootId: readText("/proc/sys/kernel/random/boot_id"),
  pidNamespace: (() => {
    try {
      return readlinkSync("/proc/self/ns/pid");
    } catch {
      return undefined;
    }
  })(),
};

/** Tokens of the locks this process holds now (several runs may share one process, as tests do). */
const held = new Set<string>();

/** This process as a new lock's owner. */
export function newOwner(): Owner {
  const owner: Owner = {
    host: self.host,
    pid: process.pid,
    at: new Date().toISOString(),
    ...(self.start ? { start: self.start } : {}),
    ...(self.bootId ? { bootId: self.bootId } : {}),
    ...(self.pidNamespace ? { pidNamespace: self.pidNamespace } : {}),
    token: randomBytes(8).toString("hex"),
  };
  held.add(owner.token);
  return owner;
}

/** The lock of `owner` is given up. */
export function releaseOwner(owner: Owner): void {
  held.delete(owner.token);
}

/**
 * A lock file's text as its owner: the JSON this version writes, or a bare PID (older versions).
 */
export function parseOwner(text: string): Owner | undefined {
  const pid = Number(text.trim());
  if (/^\d+$/.test(text.trim()) && Number.isSafeInteger(pid) && pid > 0)
    return { host: self.host, pid, at: "", token: "" };
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return undefined;
  }
  const host = str(field(o, "host"));
  const owned = num(field(o, "pid"));
  const token = str(field(o, "token"));
  if (host === undefined || owned === undefined || !Number.isSafeInteger(owned) || !token)
    return undefined;
  const start = str(field(o, "start"));
  const bootId = str(field(o, "bootId"));
  const pidNamespace = str(field(o, "pidNamespace"));
  return {
    host,
    pid: owned,
    at: str(field(o, "at")) ?? "",
    token,
    ...(start ? { start } : {}),
    ...(bootId ? { bootId } : {}),
    ...(pidNamespace ? { pidNamespace } : {}),
  };
}

/**
 * Whether the lock's owner may still run. `ageMs`: how long since the lock file's time last
 * moved (its heartbeat), for an owner this machine cannot ask.
 */
export function ownerRuns(owner: Owner, ageMs: number): boolean {
  // Another machine's process (or another container's, named after it) cannot be asked: its
  // lock is taken for gone once its time has stood still long enough.
  if (owner.host !== self.host) return ageMs < STALE_AFTER_MS;
  // A reboot ends every process of the machine.
  if (owner.bootId && self.bootId && owner.bootId !== self.bootId) return false;
  // This process's own PID: one of its own runs, or an earlier process's (a container's PID 1)
  // that is gone.
  if (owner.pid === process.pid) return held.has(owner.token);
  if (owner.pidNamespace && self.pidNamespace && owner.pidNamespace !== self.pidNamespace)
    return ageMs < STALE_AFTER_MS;
  if (!isAlive(owner.pid)) return false;
  // Alive, but maybe another process that got the PID since.
  const start = owner.start === undefined ? undefined : startOf(owner.pid);
  return start === undefined || start === owner.start;
}

/** "process 123 on host ci-7, since 2026-11-25T06:00:00Z": the owner, for messages. */
export function describeOwner(owner: Owner): string {
  return `process ${owner.pid} on ${owner.host}${owner.at ? `, since ${owner.at}` : ""}`;
}
