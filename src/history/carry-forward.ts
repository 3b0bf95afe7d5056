import { tripleKey, type Triple } from "../config/triple.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
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
export function carryForward(
  snapshot: Snapshot,
  previous: SnapshotSource | undefined,
  options: CarryOptions,
): { snapshot: Snapshot; carried: number } {
  if (!previous) return { snapshot, carried: 0 };
  const carry = carrier(
    previous,
    snapshot,
    options,
    snapshot.translations.filter((e) => e.status !== "ok"),
  );
  let carried = 0;
  const translations = snapshot.translations.map((entry) => {
    const after = carry(entry);
    if (!after) return entry;
    carried += 1;
    return after;
  });
  return { snapshot: { ...snapshot, translations }, carried };
}

/**
 * The same for one entry at a time (a spooled run's, read back): the entry with its last known
 * good data, or undefined when it has none to carry. `run` is this run's header; `unusable`, the
 * triples of its entries that are not ok: only their previous entries are kept (the previous
 * snapshot is streamed once), so memory holds the few that can carry, not the whole snapshot.
 */
export function carrier(
  previous: SnapshotSource,
  run: Pick<Snapshot, "generatedAt" | "source">,
  options: CarryOptions,
  unusable: Iterable<Triple>,
): (entry: SnapshotEntry) => SnapshotEntry | undefined {
  const wanted = new Set<string>();
  for (const triple of unusable) wanted.add(tripleKey(triple));
  const before = new Map<string, SnapshotEntry>();
  if (wanted.size > 0) {
    for (const entry of previous.entries()) {
      if (entry.status !== "ok" && !entry.carried) continue;
      const key = tripleKey(entry);
      if (wanted.has(key)) before.set(key, entry);
    }
  }
  const { generatedAt } = previous.header;
  const now = Date.parse(run.generatedAt);
  return (entry) => {
    if (entry.status === "ok") return undefined;
    const prev = before.get(tripleKey(entry));
    if (!prev) return undefined;
    const data: CarriedData | undefined =
      prev.status === "ok" && prev.record !== undefined
        ? { asOf: generatedAt, since: run.generatedAt, record: prev.record }
        : prev.carried;
    if (!data || !usable(data, entry, now, options, run.source.baseUrl)) return undefined;
    return { ...entry, carried: data };
  };
}

function usable(
  data: CarriedData,
  entry: SnapshotEntry,
  now: number,
  options: CarryOptions,
  baseUrl: string,
): boolean {
  const asOf = Date.parse(data.asOf);
  const since = Date.parse(data.since);
  if (!(asOf < now) || !(since <= now) || since < asOf) return false;
  if (now - asOf > options.staleDays * 86_400_000) return false;
  return validateRecord(data.record, entry, { baseUrl }).status === "ok";
}
