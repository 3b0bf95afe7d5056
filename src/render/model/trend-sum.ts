import { measureCounters, pointAt, type Counts } from "../../history/history.js";
import { COUNTERS, POINT_SIZE, UNKNOWN } from "../../history/series.js";
import type { Measure } from "../../model/measure.js";
import { must } from "../../model/must.js";
import type { ChartPoint } from "./trend-chart.js";

// A group's trend summed from its translations' series one at a time, as they are decoded: at each
// time any of them changes, the sum of the values in force. Every counter is summed (a few numbers
// a distinct time), so the measure can be chosen after the last series, and no series is held past
// its turn and no point becomes an object: at 1,000,000 translations the site's trend holds one
// decoded series and the sums, where holding them all took some 2 GB.

/** The trend of a group: its points by the measure all its points allow, and that measure. */
export interface SummedTrend {
  points: ChartPoint[];
  used: Measure;
}

const COUNTS = POINT_SIZE - 1;

/**
 * Sums `series` (flattened, each as history.ts keeps it) by `by`, or the measure closest to it
 * that every point allows (history.ts measureCounters); each series is read once, in turn.
 */
export function sumTrend(series: Iterable<readonly number[]>, by: Measure): SummedTrend {
  // Per time, the change of each counter summed over the series changing then.
  const events = new Map<number, Float64Array>();
  // The points' kinds (which counters each lacks), one point of each: what the measure depends on.
  const kinds = new Map<number, Counts>();
  const before = new Float64Array(COUNTS);
  for (const flat of series) {
    before.fill(0);
    for (let o = 0; o + POINT_SIZE <= flat.length; o += POINT_SIZE) {
      const at = must(flat[o]);
      let sums = events.get(at);
      if (!sums) {
        sums = new Float64Array(COUNTS);
        events.set(at, sums);
      }
      let kind = 0;
      for (let k = 0; k < COUNTS; k++) {
        const value = must(flat[o + 1 + k]);
        sums[k] = must(sums[k]) + value - must(before[k]);
        before[k] = value;
        if (value === UNKNOWN) kind |= 1 << k;
      }
      if (!kinds.has(kind)) kinds.set(kind, pointAt(flat, o / POINT_SIZE));
    }
  }
  const counters = measureCounters(by, kinds.values());
  const part = COUNTERS.indexOf(counters.part);
  const whole = COUNTERS.indexOf(counters.whole);
  const points: ChartPoint[] = [];
  let total = 0;
  let translated = 0;
  for (const at of [...events.keys()].sort((a, b) => a - b)) {
    const sums = must(events.get(at));
    const [dt, dtr] = [must(sums[whole]), must(sums[part])];
    total += dt;
    translated += dtr;
    if (points.length && dt === 0 && dtr === 0) continue;
    points.push({ at, total, translated });
  }
  return { points, used: counters.used };
}
