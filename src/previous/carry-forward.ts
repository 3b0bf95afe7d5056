import { covers, tripleKey } from "../config/triple.js";
import { isListEntry as isWildcard } from "../model/tally.js";
import { PublishableClaims, unpublishable } from "../site/publishable.js";
import type { SnapshotSpool } from "../snapshot/spool.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import type { CarriedData, Snapshot, SnapshotEntry } from "../snapshot/schema.js";
import { withoutUserInfo } from "../text/http-url.js";
import { sanitizeText } from "../text/sanitize.js";
import { carriedProblem, entryProblem } from "./carried-checks.js";

// Last known good: what this run could not use keeps what an earlier run could, marked with when
// it was fetched, instead of vanishing from the pages. At two levels:
// - a translation this run failed on (its own request, or its record invalid) keeps its previous
//   record (`update`);
// - a wildcard whose list failed (a component's translations, a project's components, the
//   instance's translations, the incremental probe of a project) is a failed scope: every entry
//   the previous snapshot held under it that this run does not have is carried as a failed
//   entry of its own, with the scope's reason and, while usable, its last known good record
//   (`scoped`). Only what a list fetched whole no longer holds is gone.
// The previous site is untrusted: a carried record must pass the record contract for its own
// triple (strictly under --strict), its shown links must be on the configured server, its times
// in the past; what fails is dropped with a warning.

export interface CarryOptions {
  /** Last known good data older than this is no longer shown. */
  staleDays: number;
  /** --strict: a carried record must meet the contract without a warning or a note. */
  strict?: boolean;
}

/** What this run's failures need: its header, its failed scopes and its triples' keys. */
interface Run {
  header: Pick<Snapshot, "generatedAt" | "source">;
  /** This run's wildcard entries that are not ok: its failed scopes (read whole; they are few). */
  scopes: readonly SnapshotEntry[];
  /** Keys of its translations that are not ok. */
  unusable: Set<string>;
  /** Keys of its translations under a failed scope (and, as they are added, of those carried). */
  present: Set<string>;
}

/**
 * The previous entries under this run's failed scopes that this run does not have, each as a
 * failed entry of its own (with its last known good data while usable), in previous-snapshot
 * order. The previous snapshot is read once more, streamed.
 */
function* scopedEntries(
  previous: SnapshotSource,
  run: Run,
  lastGood: (prev: SnapshotEntry) => CarriedData | undefined,
  checked: ReturnType<typeof carriedChecker>,
  warnings: string[],
): Generator<SnapshotEntry> {
  if (run.scopes.length === 0) return;
  for (const prev of previous.entries()) {
    if (isWildcard(prev)) continue;
    const key = tripleKey(prev);
    const scope = run.scopes.find((s) => covers(s, prev));
    if (!scope || run.present.has(key)) continue;
    // A key that is not a triple of slugs (a tampered snapshot) is not put on the site.
    const bad = entryProblem(prev);
    if (bad) {
      warnings.push(`${sanitizeText(key.slice(0, 300))}: previous entry dropped: ${bad}`);
      continue;
    }
    run.present.add(key);
    const entry = scopedEntry(prev, scope);
    const data = checked(lastGood(prev), entry);
    yield data ? { ...entry, carried: data } : entry;
  }
}

/**
 * This run as the carry step needs it, from the spool in snapshot `order`: only the keys a failed
 * scope could carry are held.
 */
function runOf(spool: SnapshotSpool, order: Uint32Array, header: Run["header"]): Run {
  const scopes: SnapshotEntry[] = [];
  const unusable = new Set<string>();
  const present = new Set<string>();
  for (const n of order)
    if (!spool.isOk(n) && isWildcard(spool.triple(n))) scopes.push(spool.entry(n));
  for (const n of order) {
    const triple = spool.triple(n);
    if (isWildcard(triple)) continue;
    if (!spool.isOk(n)) unusable.add(tripleKey(triple));
    if (scopes.some((s) => covers(s, triple))) present.add(tripleKey(triple));
  }
  return { header, scopes, unusable, present };
}

/** The previous snapshot's ok or carried entries for the given keys, read in one pass. */
function previousEntries(
  previous: SnapshotSource,
  keys: ReadonlySet<string>,
): Map<string, SnapshotEntry> {
  const before = new Map<string, SnapshotEntry>();
  if (keys.size === 0) return before;
  for (const entry of previous.entries()) {
    if (entry.status !== "ok" && !entry.carried) continue;
    const key = tripleKey(entry);
    if (keys.has(key)) before.set(key, entry);
  }
  return before;
}

/** A previous entry's last known good data: its own record when ok, else what it carried. */
function lastGoodData(
  header: SnapshotSource["header"],
  since: string,
): (prev: SnapshotEntry) => CarriedData | undefined {
  const { generatedAt, fetchedAt } = header;
  // A project an incremental crawl carried was last fetched before the previous run.
  return (prev) =>
    prev.status === "ok" && prev.record !== undefined
      ? {
          asOf: fetchedAt?.[prev.project] ?? generatedAt,
          since,
          record: prev.record,
          ...(prev.statistics ? { statistics: prev.statistics } : {}),
        }
      : prev.carried;
}

/** Carried data that passes the checks, without credentials in its links; else a warning. */
function carriedChecker(
  run: Run,
  options: CarryOptions,
  warnings: string[],
): (data: CarriedData | undefined, entry: SnapshotEntry) => CarriedData | undefined {
  const now = Date.parse(run.header.generatedAt);
  const baseUrl = run.header.source.baseUrl;
  return (data, entry) => {
    if (!data) return undefined;
    const problem = carriedProblem(data, entry, { now, baseUrl, ...options });
    if (problem === undefined) {
      // A site published before credentials were taken out may still hold them.
      const record = withoutUserInfo(data.record);
      return record === data.record ? data : { ...data, record };
    }
    if (problem !== "expired")
      warnings.push(
        `${sanitizeText(tripleKey(entry))}: last known good data from the previous site ` +
          `dropped: ${sanitizeText(problem)}`,
      );
    return undefined;
  };
}

/** A previous entry under a failed scope, as this run has it: failed, for the scope's reason. */
function scopedEntry(prev: SnapshotEntry, scope: SnapshotEntry): SnapshotEntry {
  const reason = scope.errors[0]?.message ?? `${scope.status}`;
  return {
    project: prev.project,
    component: prev.component,
    language: prev.language,
    status: scope.status,
    warnings: [],
    errors: [{ path: "(list)", message: `${tripleKey(scope)} could not be listed: ${reason}` }],
    notes: [],
    ...(scope.failure ? { failure: scope.failure } : {}),
  };
}

/**
 * The one carry step of `build` and `render --previous`, over the run's spool in snapshot `order`
 * (`header` is this run's): its failed entries get their last known good data, and the
 * previous entries under its failed scopes are added, checked against the site's claims as the
 * crawl's entries are. Returns the order with the added entries and the warnings for data
 * dropped.
 */
export function carryForward(
  spool: SnapshotSpool,
  order: Uint32Array,
  previous: SnapshotSource | undefined,
  header: Run["header"],
  options: CarryOptions,
): { order: Uint32Array; warnings: string[] } {
  if (!previous) return { order, warnings: [] };
  const run = runOf(spool, order, header);
  const before = previousEntries(previous, run.unusable);
  const warnings: string[] = [];
  const lastGood = lastGoodData(previous.header, header.generatedAt);
  const checked = carriedChecker(run, options, warnings);
  for (const n of order) {
    const prev = spool.isOk(n) ? undefined : before.get(tripleKey(spool.triple(n)));
    const entry = prev && spool.entry(n);
    const data = entry && checked(lastGood(prev), entry);
    if (entry && data) spool.replace(n, { ...entry, carried: data });
  }
  const added = new Set<number>();
  for (const entry of scopedEntries(previous, run, lastGood, checked, warnings))
    added.add(spool.add(entry));
  if (added.size === 0) return { order, warnings };
  // The added entries take the site's files the crawl's did not (site/publishable.ts).
  const sorted = spool.sorted();
  const claims = new PublishableClaims();
  for (const n of sorted) {
    const clash = claims.claim(spool.triple(n));
    if (clash && added.has(n)) spool.replace(n, unpublishable(spool.entry(n), clash));
  }
  return { order: sorted, warnings };
}
