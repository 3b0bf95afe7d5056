import { tripleKey, WILDCARD, type Triple } from "../config/triple.js";
import { PublishableClaims, unpublishable } from "../site/publishable.js";
import type { SnapshotSpool } from "../snapshot/spool.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import type { CarriedData, Snapshot, SnapshotEntry } from "../snapshot/snapshot.js";
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

/** What the carry step needs of this run: its header and a look at its entries. */
export interface RunView {
  header: Pick<Snapshot, "generatedAt" | "source">;
  /** Every triple of this run, and whether its entry is ok (from an index, not the entries). */
  triples: Iterable<{ triple: Triple; ok: boolean }>;
  /** This run's wildcard entries that are not ok: its failed scopes (read whole; they are few). */
  failedScopes: readonly SnapshotEntry[];
}

export interface Carrier {
  /** A failed or invalid entry of this run with its last known good data, or undefined. */
  update(entry: SnapshotEntry): SnapshotEntry | undefined;
  /**
   * The previous entries under this run's failed scopes that this run does not have, each as a
   * failed entry of its own (with its last known good data while usable), in previous-snapshot
   * order. The previous snapshot is read once more, streamed.
   */
  scoped(): Generator<SnapshotEntry>;
  /** One line for each carried record that was dropped, and why. */
  readonly warnings: string[];
}

/** Whether `scope` (a configured pattern, wildcards allowed) covers the triple `t`. */
export function covers(scope: Triple, t: Triple): boolean {
  return (
    (scope.project === WILDCARD || scope.project === t.project) &&
    (scope.component === WILDCARD || scope.component === t.component) &&
    (scope.language === WILDCARD || scope.language === t.language)
  );
}

const isWildcard = (t: Triple) =>
  t.project === WILDCARD || t.component === WILDCARD || t.language === WILDCARD;

/**
 * The carry step of a run over the previous snapshot. The previous snapshot is streamed once
 * here, keeping only the few entries this run's own failures need, and once more by `scoped`.
 */
export function carrier(previous: SnapshotSource, run: RunView, options: CarryOptions): Carrier {
  const scopes = run.failedScopes.filter((e) => e.status !== "ok" && isWildcard(e));
  const { unusable, present } = runKeys(run, scopes);
  const before = previousEntries(previous, unusable);
  const warnings: string[] = [];
  const lastGood = lastGoodData(previous.header, run.header.generatedAt);
  const checked = carriedChecker(run, options, warnings);
  return {
    warnings,
    update(entry) {
      if (entry.status === "ok") return undefined;
      const prev = before.get(tripleKey(entry));
      const data = prev && checked(lastGood(prev), entry);
      return data ? { ...entry, carried: data } : undefined;
    },
    *scoped() {
      if (scopes.length === 0) return;
      for (const prev of previous.entries()) {
        if (isWildcard(prev)) continue;
        const key = tripleKey(prev);
        const scope = scopes.find((s) => covers(s, prev));
        if (!scope || present.has(key)) continue;
        // A key that is not a triple of slugs (a tampered snapshot) is not put on the site.
        const bad = entryProblem(prev);
        if (bad) {
          warnings.push(`${sanitizeText(key.slice(0, 300))}: previous entry dropped: ${bad}`);
          continue;
        }
        present.add(key);
        const entry = scopedEntry(prev, scope);
        const data = checked(lastGood(prev), entry);
        yield data ? { ...entry, carried: data } : entry;
      }
    },
  };
}

/**
 * The keys of this run's translations it could not use, and of those under a failed scope: only
 * the keys a failed scope could carry are held.
 */
function runKeys(
  run: RunView,
  scopes: readonly SnapshotEntry[],
): { unusable: Set<string>; present: Set<string> } {
  const unusable = new Set<string>();
  const present = new Set<string>();
  for (const { triple, ok } of run.triples) {
    if (isWildcard(triple)) continue;
    if (!ok) unusable.add(tripleKey(triple));
    if (scopes.some((s) => covers(s, triple))) present.add(tripleKey(triple));
  }
  return { unusable, present };
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
  run: RunView,
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
 * (`run` is this run's header): its failed entries get their last known good data, and the
 * previous entries under its failed scopes are added, checked against the site's claims as the
 * crawl's entries are. Returns the order with the added entries and the warnings for data
 * dropped.
 */
export function carryForward(
  spool: SnapshotSpool,
  order: Uint32Array,
  previous: SnapshotSource | undefined,
  run: RunView["header"],
  options: CarryOptions,
): { order: Uint32Array; warnings: string[] } {
  if (!previous) return { order, warnings: [] };
  const carry = carrier(
    previous,
    {
      header: run,
      triples: Array.from(order, (n) => ({ triple: spool.triple(n), ok: spool.isOk(n) })),
      failedScopes: Array.from(order)
        .filter((n) => !spool.isOk(n) && isWildcard(spool.triple(n)))
        .map((n) => spool.entry(n)),
    },
    options,
  );
  for (const n of order) {
    if (spool.isOk(n)) continue;
    const after = carry.update(spool.entry(n));
    if (after) spool.replace(n, after);
  }
  const added = new Set<number>();
  for (const entry of carry.scoped()) added.add(spool.add(entry));
  if (added.size === 0) return { order, warnings: carry.warnings };
  // The added entries take the site's files the crawl's did not (site/publishable.ts).
  const sorted = spool.sorted();
  const claims = new PublishableClaims();
  for (const n of sorted) {
    const clash = claims.claim(spool.triple(n));
    if (clash && added.has(n)) spool.replace(n, unpublishable(spool.entry(n), clash));
  }
  return { order: sorted, warnings: carry.warnings };
}
