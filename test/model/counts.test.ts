import { describe, expect, it } from "vitest";
import { addCounts, COUNT_KEYS, type Counts, emptyCounts } from "../../src/model/counts.js";

describe("addCounts", () => {
  it("adds every count, key by key", () => {
    const into = emptyCounts();
    const one = Object.fromEntries(COUNT_KEYS.map((key, k) => [key, k + 1])) as unknown as Counts;
    addCounts(into, one);
    addCounts(into, one);
    addCounts(into, undefined);
    expect(COUNT_KEYS.map((key) => into[key])).toEqual(COUNT_KEYS.map((_, k) => 2 * (k + 1)));
    expect(Object.keys(into).sort()).toEqual([...COUNT_KEYS].sort());
  });
});
