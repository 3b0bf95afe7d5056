import { tripleKey, type Triple } from "../config/triple.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import type { EntrySpool } from "../snapshot/entry-spool.js";
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
 *
 * The one carry step of `build` and `render --previous`: over the run's spool, in snapshot
 * `order`; `run` is this run's header. `unusable` are the triples this run could not use (by
 * default its entries that are not ok, from the spool's flags: no entry is read): only their
 * previous entries are kept while the previous snapshot is streamed once, so memory holds the few
 * that can carry, not the whole snapshot. Returns how many entries now carry data.
 */
export function carryForward(
  spool: EntrySpool,
  order: Iterable<number>,
  previous: SnapshotSource | undefined,
  run: Pick<Snapshot, "generatedAt" | "source">,
  options: CarryOptions,
  unusable: Iterable<Triple> = unusableTriples(spool, order),
): number {
  if (!previous) return 0;
  const lastGood = lastKnownGood(previous, unusable);
  if (lastGood.size === 0) return 0;
  const now = Date.parse(run.generatedAt);
  let carried = 0;
  for (const n of order) {
    if (spool.isOk(n)) continue;
    const entry = spool.entry(n);
    const prev = lastGood.get(tripleKey(entry));
    if (!prev) continue;
    const data: CarriedData | undefined =
      prev.status === "ok" && prev.record !== undefined
        ? { asOf: previous.header.generatedAt, since: run.generatedAt, record: prev.record }
        : prev.carried;
    if (!data || !usable(data, entry, now, options, run.source.baseUrl)) continue;
    spool.replace(n, { ...entry, carried: data });
    carried += 1;
  }
  return carried;
}

/** The triples of the spooled entries that are not ok, from the spool's flags. */
function* unusableTriples(spool: EntrySpool, order: Iterable<number>): Generator<Triple> {
  for (const n of order) if (!spool.isOk(n)) yield spool.triple(n);
}

/**
 * The previous snapshot's entries of the `wanted` triples that had data (a record, or carried
 * data of their own), streamed once, by triple key.
 */
function lastKnownGood(
  previous: SnapshotSource,
  wanted: Iterable<Triple>,
): Map<string, SnapshotEntry> {
  const keys = new Set<string>();
  for (const triple of wanted) keys.add(tripleKey(triple));
  const before = new Map<string, SnapshotEntry>();
  if (keys.size === 0) return before;
  for (const entry of previous.entries()) {
    if (entry.status !== "ok" && !entry.carried) continue;
    const key = tripleKey(entry);
    if (keys.has(key)) before.set(key, entry);
  }
  return before;
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
