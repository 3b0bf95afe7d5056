import {
  componentPathProblem,
  segmentProblem,
  tripleKey,
  WILDCARD,
  type Triple,
} from "../config/triple.js";
import { field, str } from "../model/json.js";
import type { CarriedData } from "../snapshot/schema.js";
import { checkStatistics } from "../validate/statistics.js";
import { validateRecord } from "../validate/validate-record.js";

// Carried data comes from the previous site, which anyone with push access (or a compromised
// Pages deployment) could have edited: it is checked as fresh data is before it is published
// again. A record carried for its triple must meet the record contract for that triple, the links
// the pages show must be on the configured server, and its times must make sense.

/** The record fields the pages turn into links. */
const SHOWN_LINKS = ["web_url", "translate_url", "share_url"] as const;

/**
 * Why a previous entry's names cannot be published (a wildcard, a slug that would change a path),
 * or undefined.
 */
export function entryProblem(t: Triple): string | undefined {
  if (t.project === WILDCARD || t.component === WILDCARD || t.language === WILDCARD)
    return "a wildcard is not a translation";
  const problem =
    segmentProblem(t.project) ?? componentPathProblem(t.component) ?? segmentProblem(t.language);
  return problem && `its key ${JSON.stringify(tripleKey(t).slice(0, 200))} ${problem}`;
}

/**
 * Why carried data cannot be shown for `entry`: "expired" when it is older than `staleDays`
 * (normal, no warning), else the problem in a few words; undefined when it can.
 */
export function carriedProblem(
  data: CarriedData,
  entry: Triple,
  options: { now: number; baseUrl: string; staleDays: number; strict?: boolean },
): string | undefined {
  const asOf = Date.parse(data.asOf);
  const since = Date.parse(data.since);
  if (!(asOf < options.now) || !(since <= options.now) || since < asOf)
    return (
      `its dates are not in the past (asOf ${JSON.stringify(data.asOf)}, ` +
      `since ${JSON.stringify(data.since)})`
    );
  if (options.now - asOf > options.staleDays * 86_400_000) return "expired";
  const names = entryProblem(entry);
  if (names) return names;
  const result = validateRecord(data.record, entry, {
    baseUrl: options.baseUrl,
    strict: options.strict,
  });
  if (result.status !== "ok") {
    const first = result.errors[0];
    const detail = first ? ` (${first.path}: ${first.message.slice(0, 200)})` : "";
    return `its record does not meet the contract${detail}`;
  }
  const stats = data.statistics && checkStatistics(data.statistics, data.record).warnings[0];
  if (stats) return `its statistics do not meet the contract (${stats.path}: ${stats.message})`;
  const origin = new URL(options.baseUrl).origin;
  for (const name of SHOWN_LINKS) {
    const value = str(field(data.record, name));
    if (value !== undefined && originOf(value) !== origin)
      return (
        `its ${name} leads off the configured server ` + `(${JSON.stringify(value.slice(0, 200))})`
      );
  }
  return undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
