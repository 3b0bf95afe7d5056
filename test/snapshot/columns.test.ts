import { describe, expect, it } from "vitest";
import { Growable } from "../../src/snapshot/columns.js";

describe("Growable", () => {
  it("keeps every number pushed, past its first array and across chunks, and sets them", () => {
    const column = new Growable(new Int32Array(1000), (n) => new Int32Array(n));
    const n = 300_000;
    for (let i = 0; i < n; i++) column.push(i * 7 - 5);
    expect(column.length).toBe(n);
    for (const i of [0, 999, 1000, 65_535, 65_536, 131_071, 131_072, n - 1])
      expect(column.get(i)).toBe(i * 7 - 5);
    column.set(65_536, -1);
    column.set(3, -2);
    expect([column.get(65_536), column.get(3), column.get(65_537)]).toEqual([
      -1,
      -2,
      65_537 * 7 - 5,
    ]);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += column.get(i);
    expect(sum).toBe(7 * ((n * (n - 1)) / 2) - 5 * n - 65_536 * 7 + 5 - 1 - 3 * 7 + 5 - 2);
  });
});
