import { HistoryFormatError } from "./history-file.js";
import type { KeptPart } from "./history.js";

/**
 * A part that is not its index's: another run's (a deploy left half done, a cache's older copy),
 * or holding another number of series than the index lists. Its series are what that run knew:
 * kept with a warning (its project restarted) by `build` and `check`; a strict read stops.
 */
export class StalePart extends HistoryFormatError {}

/** What keeping another run's part costs its project: the end of the warning naming the part. */
export const keptPart = (project: string): string =>
  `kept as that run left it, so project ${JSON.stringify(project.slice(0, 100))} may lack some ` +
  "runs' points (publish each run's files whole)";

/** Why a part is not its index's (another run's, another count of series), if it is not. */
export function staleness(
  part: { run?: string; series: Record<string, string> },
  lastRun: string | undefined,
  listed: number,
): string | undefined {
  if (part.run !== undefined && part.run !== lastRun)
    return `written by the run of ${part.run}, not by the index's (${lastRun ?? "none"})`;
  const held = Object.keys(part.series).length;
  if (held !== listed) return `holds ${held} series where the index lists ${listed}`;
  return undefined;
}

/** A kept part as `check` names it: where, why, and its run when older than the index's. */
export function keptAs(
  where: string,
  why: string,
  run: string | undefined,
  lastRun: string | undefined,
): KeptPart {
  return { where, why, ...(run !== undefined && run !== lastRun ? { run } : {}) };
}
