import { describe, expect, it } from "vitest";
import { addCounts, COUNT_KEYS, countsFrom, emptyCounts } from "../../src/model/counts.js";

describe("countsFrom", () => {
  it("reads each count in COUNT_KEYS' order, every key once", () => {
    const read: number[] = [];
    const counts = countsFrom((k) => {
      read.push(k);
      return 100 + k;
    });
    expect(read).toEqual(COUNT_KEYS.map((_, k) => k));
    expect(Object.entries(counts)).toEqual(COUNT_KEYS.map((key, k) => [key, 100 + k]));
    // The same keys in the same order as the sums' start.
    expect(Object.keys(counts)).toEqual(Object.keys(emptyCounts()));
  });
});

describe("addCounts", () => {
  it("adds every count, key by key", () => {
    const into = emptyCounts();
    const one = countsFrom((k) => k + 1);
    addCounts(into, one);
    addCounts(into, one);
    addCounts(into, undefined);
    expect(COUNT_KEYS.map((key) => into[key])).toEqual(COUNT_KEYS.map((_, k) => 2 * (k + 1)));
    expect(Object.keys(into).sort()).toEqual([...COUNT_KEYS].sort());
  });
});
