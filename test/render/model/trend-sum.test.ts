import { describe, expect, it } from "vitest";
import type { Counts } from "../../../src/history/history.js";
import { COUNTERS, UNKNOWN } from "../../../src/history/series.js";
import { sumTrend } from "../../../src/render/model/trend-sum.js";

// A group's trend summed from its series one at a time (render/model/trend-sum.ts): the steps
// summed at every time any series changes, by the measure every point allows.

const known: Counts = {
  total: 10,
  translated: 4,
  fuzzy: 1,
  failingChecks: 0,
  totalWords: 100,
  translatedWords: 30,
  totalChars: 500,
  translatedChars: 150,
  approved: 2,
  approvedWords: 20,
  approvedChars: 100,
};
const flat = (...points: [number, Partial<Counts>][]) =>
  points.flatMap(([at, c]) => [at, ...COUNTERS.map((k) => ({ ...known, ...c })[k])]);

describe("a trend summed series by series", () => {
  it("sums step series at every time one changes, reading each series once", () => {
    const a = flat([10, { translated: 4 }], [30, { translated: 8 }]);
    const b = flat([20, { translated: 1 }]);
    const read: number[][] = [];
    function* once() {
      for (const s of [a, b]) {
        read.push(s);
        yield s;
      }
    }
    const summed = sumTrend(once(), { metric: "strings", progress: "translated" });
    expect(read).toEqual([a, b]);
    expect(summed.points).toEqual([
      { at: 10, total: 10, translated: 4 },
      { at: 20, total: 20, translated: 5 },
      { at: 30, total: 20, translated: 9 },
    ]);
    expect(summed.used).toEqual({ metric: "strings", progress: "translated" });
  });

  it("counts by the measure every point allows, falling back as the pages do", () => {
    const words = { metric: "words", progress: "approved" } as const;
    const full = flat([10, {}], [20, { approvedWords: 25 }]);
    expect(sumTrend([full], words)).toEqual({
      points: [
        { at: 10, total: 100, translated: 20 },
        { at: 20, total: 100, translated: 25 },
      ],
      used: words,
    });
    // One point of another series without approved words (a project without review): the whole
    // trend counts translated words, its earlier points included.
    const unreviewed = flat([15, { approvedWords: UNKNOWN, approved: UNKNOWN }]);
    expect(sumTrend([full, unreviewed], words)).toEqual({
      points: [
        { at: 10, total: 100, translated: 30 },
        { at: 15, total: 200, translated: 60 },
      ],
      used: { metric: "words", progress: "translated" },
    });
    // A point of a server that gives neither characters nor approved, under characters approved:
    // the fall back to strings then finds no approved strings either.
    const chars = { metric: "chars", progress: "approved" } as const;
    const old = flat([15, { totalChars: UNKNOWN, translatedChars: UNKNOWN, approved: UNKNOWN }]);
    expect(sumTrend([full, old], chars).used).toEqual({
      metric: "strings",
      progress: "translated",
    });
  });
});
