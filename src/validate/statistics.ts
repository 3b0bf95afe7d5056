import { statisticsSchema, type Problem } from "../snapshot/schema.js";
import { describeValue } from "./problem.js";
import { obj, type Json } from "../model/json.js";

// What newer servers count that translation records do not carry (Weblate's StatisticsSerializer:
// approved and read-only strings, characters, words of each state), as its component's statistics
// row gives it for a translation (crawl.statistics). Kept in the entry's `statistics` when
// present, each value checked (a count, a percent) and held against the record's own numbers;
// never required, so older servers' rows, which have none of it, leave no `statistics` at all.

/** The counts kept, and the record's count (or another kept one) each may not exceed. */
const COUNTS: Record<string, string | undefined> = {
  total_chars: undefined,
  translated_chars: "total_chars",
  fuzzy_chars: "total_chars",
  fuzzy_words: "total_words",
  approved: "translated",
  approved_words: "translated_words",
  approved_chars: "translated_chars",
  readonly: "total",
  readonly_words: "total_words",
  readonly_chars: "total_chars",
};

/** The fields an entry's `statistics` may hold, in the serializer's order (the snapshot's). */
const STATISTICS_FIELDS = Object.keys(statisticsSchema.shape);

/**
 * The newer statistics of a row, checked: what is kept (undefined when the row has none of them)
 * and the warnings about what is not a count or a percent, or exceeds what it is part of.
 */
export function checkStatistics(
  row: Json,
  record: unknown,
): { statistics?: Record<string, number>; warnings: Problem[] } {
  const warnings: Problem[] = [];
  const kept: Record<string, number> = {};
  const own = obj(record) ?? {};
  for (const field of STATISTICS_FIELDS) {
    if (!(field in row)) continue;
    const value = row[field];
    const isPercent = field.endsWith("_percent");
    const ok = isPercent
      ? typeof value === "number" && value >= 0 && value <= 100
      : typeof value === "number" && Number.isInteger(value) && value >= 0;
    if (!ok || typeof value !== "number") {
      warnings.push({
        path: `statistics.${field}`,
        message:
          `expected ` +
          `${isPercent ? "a percent from 0 to 100" : "a count (an integer >= 0)"}, found ` +
          `${describeValue(value)}`,
      });
      continue;
    }
    kept[field] = value;
  }
  for (const [field, whole] of Object.entries(COUNTS)) {
    const part = kept[field];
    if (part === undefined || whole === undefined) continue;
    const limit = typeof kept[whole] === "number" ? kept[whole] : own[whole];
    if (typeof limit === "number" && part > limit)
      warnings.push({
        path: `statistics.${field}`,
        message: `expected at most ${whole} (${limit}), found ${part}`,
      });
  }
  // Approved as counted (record-view.ts) is approved plus read-only: it too is part of the total.
  for (const unit of ["", "_words", "_chars"]) {
    const [approved, readonly] = [kept[`approved${unit}`], kept[`readonly${unit}`] ?? 0];
    const total = kept[`total${unit}`] ?? own[`total${unit}`];
    if (approved !== undefined && typeof total === "number" && approved + readonly > total)
      warnings.push({
        path: `statistics.approved${unit}`,
        message:
          `expected approved and read-only (${approved} + ${readonly}) at most ` +
          `total${unit} (${total}), found ${approved + readonly}`,
      });
  }
  return Object.keys(kept).length > 0 ? { statistics: kept, warnings } : { warnings };
}
