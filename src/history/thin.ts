import { POINT_SIZE } from "./series.js";
import { must } from "../model/must.js";

const DAY = 24 * 60;
/** Points older than this are thinned to one a week... */
export const WEEKLY_AFTER_DAYS = 90;
/** ...and older than this to one a month. */
export const MONTHLY_AFTER_DAYS = 730;

/**
 * Keeps the history bounded: of the points older than 90 days, the last of each week (Monday to
 * Sunday, UTC) is kept; of those older than 2 years, the last of each calendar month. The last
 * point of a bucket holds the values in force at the bucket's end, so the step line the chart
 * draws stays right at every kept time. The newest point is always kept. Thinned in place.
 */
export function thinSeries(flat: number[], nowMinute: number): number[] {
  const n = flat.length / POINT_SIZE;
  if (n < 2 || must(flat[0]) >= nowMinute - WEEKLY_AFTER_DAYS * DAY) return flat;
  // Most runs drop nothing: look before building a new array (this runs for every series every
  // run).
  let drops = false;
  for (let i = 0; i < n - 1 && !drops; i++) {
    const at = must(flat[i * POINT_SIZE]);
    if (at >= nowMinute - WEEKLY_AFTER_DAYS * DAY) break;
    drops = bucketOf(at, nowMinute) === bucketOf(must(flat[(i + 1) * POINT_SIZE]), nowMinute);
  }
  if (!drops) return flat;
  // In place: the kept points move down over the dropped ones (a year of 10,000 series would
  // otherwise copy some 50 MB of numbers every run).
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const at = must(flat[i * POINT_SIZE]);
    const keep =
      i === n - 1 ||
      bucketOf(at, nowMinute) !== bucketOf(must(flat[(i + 1) * POINT_SIZE]), nowMinute);
    if (!keep) continue;
    if (kept !== i)
      for (let k = 0; k < POINT_SIZE; k++)
        flat[kept * POINT_SIZE + k] = must(flat[i * POINT_SIZE + k]);
    kept += 1;
  }
  flat.length = kept * POINT_SIZE;
  return flat;
}

const WEEKS = 1e12;
const MONTHS = 2e12;

/**
 * A number naming the point's bucket: its own minute when recent, else its week or its month
 * (offset apart).
 */
function bucketOf(minute: number, nowMinute: number): number {
  if (minute >= nowMinute - WEEKLY_AFTER_DAYS * DAY) return minute;
  if (minute >= nowMinute - MONTHLY_AFTER_DAYS * DAY) {
    // 1970-01-01 was a Thursday: day + 3 puts Mondays on multiples of 7.
    return WEEKS + Math.floor((Math.floor(minute / DAY) + 3) / 7);
  }
  const date = new Date(minute * 60_000);
  return MONTHS + date.getUTCFullYear() * 12 + date.getUTCMonth();
}
