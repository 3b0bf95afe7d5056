import type { Counts } from "../model/counts.js";
import { recordCounts, recordView, type RecordView } from "../weblate/record-view.js";
import type { SnapshotEntry } from "./schema.js";

// What an entry counts: the one reading of a snapshot entry's numbers that the pages, the badges,
// the exports and `check` share, so that a percent is the same wherever it is shown or judged.

/**
 * The entry's counts (model/counts.ts): its record's with what the component's statistics add
 * (characters, approved); a carried entry's with the statistics carried with its record (those
 * of the run that fetched it); undefined for an entry with no numbers at all.
 */
export function entryCounts(
  entry: Pick<SnapshotEntry, "status" | "record" | "statistics" | "carried">,
  /** The view of the record counted (the entry's, else the carried one), when already read. */
  view?: RecordView,
): Counts | undefined {
  if (entry.status === "ok")
    return recordCounts(view ?? recordView(entry.record), entry.statistics);
  if (entry.carried === undefined) return undefined;
  // As the pages read it: the entry's own record where it kept one, else the carried one.
  return recordCounts(
    view ?? recordView(entry.record ?? entry.carried.record),
    entry.carried.statistics,
  );
}
