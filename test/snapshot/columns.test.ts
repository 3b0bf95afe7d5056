import { describe, expect, it } from "vitest";
import { Growable, IndexColumn } from "../../src/snapshot/columns.js";

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

describe("IndexColumn", () => {
  it("keeps every index it was given as it widens from 8 to 16 to 32 bits", () => {
    const column = new IndexColumn();
    // Past a chunk (64 Ki) before each widening, and within the first array.
    const value = (i: number) =>
      i < 70_000 ? i % 256 : i < 140_000 ? (i * 7) % 65_536 : i === 140_000 ? 2 ** 31 - 1 : i;
    for (let i = 0; i <= 150_000; i++) column.push(value(i));
    expect(column.length).toBe(150_001);
    for (let i = 0; i <= 150_000; i++)
      if (column.get(i) !== value(i)) expect(column.get(i)).toBe(i);
    expect(() => column.push(2 ** 31)).toThrow(RangeError);
    expect(() => new IndexColumn().push(-1)).toThrow(RangeError);
    expect(() => new IndexColumn().push(Number.NaN)).toThrow(RangeError);
  });
});
