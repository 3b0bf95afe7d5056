import { STATUS_CODES } from "node:http";
import type { BadgeData } from "../../badges/badge-data.js";
import type { SiteOptions } from "../../config/schema.js";
import type { Counts } from "../../model/counts.js";
import type { SnapshotEntry } from "../../snapshot/schema.js";
import { SITE_PROBLEM_PATH } from "../../site/publishable.js";
import type { BadgeText } from "./badge-text.js";
import type { ComponentView, ProjectView, Reason, StaleRows, TranslationRow } from "./site-view.js";

// What a reader is told of what this run could not fetch: the reason, and for a
// component or a project, how many of its translations show an earlier run's numbers and since
// when. A failure is never shown as "no strings" or "no data": an aggregate with no usable row
// says why, one whose every usable row is stale is marked stale on its badge too.

/** The word "(list)" marks an entry carried because the list it is in failed (carry-forward.ts). */
const LIST_PATH = "(list)";
const LISTED = " could not be listed: ";

/**
 * Why this run could not use an entry, for the pages to say in their locale: the HTTP answer
 * ("500 Internal Server Error") or the failure's kind, and the list, when it was the list's.
 */
export function failureReason(entry: Pick<SnapshotEntry, "status" | "failure" | "errors">): Reason {
  if (entry.status === "invalid")
    return {
      status: "invalid",
      kind: entry.errors.some((e) => e.path === SITE_PROBLEM_PATH) ? "names" : "record",
    };
  const status = entry.failure?.status;
  const first = entry.errors[0];
  const at = first?.path === LIST_PATH ? first.message.indexOf(LISTED) : -1;
  return {
    status: "failed",
    ...(status === undefined
      ? { kind: entry.failure?.kind ?? "error" }
      : { http: `${status} ${STATUS_CODES[status] ?? ""}`.trim() }),
    ...(first && at > 0 ? { list: first.message.slice(0, at) } : {}),
  };
}

/** Adds a stale row to a summary (undefined: none yet). */
export function addStale(
  summary: StaleRows | undefined,
  stale: NonNullable<TranslationRow["stale"]>,
): StaleRows {
  if (!summary) return { count: 1, since: stale.since, asOf: stale.asOf, reason: stale.reason };
  return {
    count: summary.count + 1,
    since: earlier(stale.since, summary.since),
    asOf: earlier(stale.asOf, summary.asOf),
    reason: summary.reason,
  };
}

/** The earlier of two ISO times (as text: they sort as they read). */
const earlier = (a: string, b: string) => [a, b].sort()[0] ?? a;

/**
 * The badge of a component or project from its rows: the measured one (marked stale, with the
 * oldest age, when every usable row is stale), or, with no usable row, the first row's error
 * ("unreachable", "invalid"); "no data" only without any row. `staleRows` sums the stale rows,
 * `stale` is set when the whole aggregate is stale (its badge variants are marked too).
 */
export function aggregate(
  rows: Iterable<TranslationRow>,
  tally: Counts,
  site: SiteOptions,
  text: BadgeText,
  generatedAt: string,
): { badge: BadgeData; staleRows?: StaleRows; stale?: { asOf: string }; failed?: Reason } {
  let summary: StaleRows | undefined;
  let usable = 0;
  let firstError: BadgeData | undefined;
  let failed: Reason | undefined;
  for (const row of rows) {
    if (row.notStarted) continue;
    if (row.stale) summary = addStale(summary, row.stale);
    if (row.status === "ok") usable += 1;
    else {
      firstError ??= row.badge;
      failed ??= row.reason;
    }
  }
  if (usable === 0)
    return {
      badge: firstError ?? text.noData(),
      staleRows: summary,
      ...(failed ? { failed } : {}),
    };
  const badge = text.measured(tally, site, site.thresholds);
  if (!summary || summary.count < usable) return { badge, staleRows: summary };
  return {
    badge: text.stale(badge, summary.asOf, generatedAt),
    staleRows: summary,
    stale: { asOf: summary.asOf },
  };
}

/**
 * Sets a project's badge and stale marks from its components' rows (its tally summed already):
 * the badge from the components it counts (no glossary unless site.includeGlossary), the stale
 * line from all; a project whose list failed before any component was known shows that failure.
 */
export function aggregateProject(
  project: ProjectView,
  site: SiteOptions,
  text: BadgeText,
  generatedAt: string,
): void {
  const rows = (list: ComponentView[]) => list.flatMap((c) => c.translations);
  const counted = project.components.filter((c) => c.counted);
  const { staleRows: _, ...badge } = aggregate(
    rows(counted),
    project.tally,
    site,
    text,
    generatedAt,
  );
  const all = aggregate(rows(project.components), project.tally, site, text, generatedAt);
  Object.assign(project, badge, all.staleRows ? { staleRows: all.staleRows } : {});
  const failed = project.unexpanded[0];
  if (project.components.length === 0 && failed) project.badge = failed.badge;
}
