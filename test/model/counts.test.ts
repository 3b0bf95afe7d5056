import { describe, expect, it } from "vitest";
import { addCounts, type Counts, emptyCounts } from "../../src/model/counts.js";

describe("addCounts", () => {
  it("adds every count, key by key", () => {
    const keys = Object.keys(emptyCounts()) as (keyof Counts)[];
    const into = emptyCounts();
    const one = emptyCounts();
    keys.forEach((key, k) => {
      one[key] = k + 1;
    });
    addCounts(into, one);
    addCounts(into, one);
    addCounts(into, undefined);
    expect(keys.map((key) => into[key])).toEqual(keys.map((_, k) => 2 * (k + 1)));
    expect(keys).toHaveLength(16);
  });
});
