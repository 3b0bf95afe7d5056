import { tripleKey } from "../config/triple.js";
import type { CarriedData, Snapshot, SnapshotEntry } from "../snapshot/snapshot.js";
import { validateRecord } from "../validate/validate-record.js";

export interface CarryOptions {
  /** Last known good data older than this is no longer shown. */
  staleDays: number;
}

/**
 * Last known good: a translation this run could not use (failed or invalid) that the previous
 * run could use keeps that run's record, marked with when it was fetched, instead of vanishing
 * from the pages. The previous site is untrusted, so the carried record must still pass the
 * record contract for its own triple, and its times must be in the past.
 */
export function carryForward(snapshot: Snapshot, previous: Snapshot | undefined, options: CarryOptions): { snapshot: Snapshot; carried: number } {
  if (!previous) return { snapshot, carried: 0 };
  const before = new Map<string, SnapshotEntry>();
  for (const entry of previous.translations) if (entry.status === "ok" || entry.carried) before.set(tripleKey(entry), entry);
  const now = Date.parse(snapshot.generatedAt);
  let carried = 0;
  const translations = snapshot.translations.map((entry) => {
    if (entry.status === "ok") return entry;
    const prev = before.get(tripleKey(entry));
    if (!prev) return entry;
    const data: CarriedData | undefined =
      prev.status === "ok" && prev.record !== undefined ? { asOf: previous.generatedAt, since: snapshot.generatedAt, record: prev.record } : prev.carried;
    if (!data || !usable(data, entry, now, options, snapshot.source.baseUrl)) return entry;
    carried += 1;
    return { ...entry, carried: data };
  });
  return { snapshot: { ...snapshot, translations }, carried };
}

function usable(data: CarriedData, entry: SnapshotEntry, now: number, options: CarryOptions, baseUrl: string): boolean {
  const asOf = Date.parse(data.asOf);
  const since = Date.parse(data.since);
  if (!(asOf < now) || !(since <= now) || since < asOf) return false;
  if (now - asOf > options.staleDays * 86_400_000) return false;
  return validateRecord(data.record, entry, { baseUrl }).status === "ok";
}
