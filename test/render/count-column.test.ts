import { describe, expect, it } from "vitest";
import { CountColumn } from "../../src/render/model/count-column.js";
import { ChangeColumn } from "../../src/render/model/change-column.js";

describe("the rows' columns", () => {
  it("keeps counts of any size, NaN with its own mark and odd numbers aside", () => {
    const column = new CountColumn(3);
    const values = [0, 7, 4_294_967_293, Number.NaN, 4_294_967_294, 2 ** 40, 0.5, -1];
    for (let i = 0; i < 3000; i++) column.push(values[i % values.length]!);
    for (let i = 0; i < 3000; i++) expect(column.get(i)).toBe(values[i % values.length]);
  });

  it("keeps what a column held in 16 bits when a larger count comes after it", () => {
    // Two kinds of count over 10,000 rows (more than one block): the second meets large counts
    // late in each block, after NaN and odd numbers it held in 16 bits.
    const keys = 2;
    const small = (row: number) => [row % 65_534, Number.NaN, 0.25, 65_533][row % 4]!;
    const late = (row: number) =>
      row % 4096 > 4000 ? [65_534, 65_535, 65_536, 4_294_967_293][row % 4]! : small(row);
    const column = new CountColumn(keys);
    for (let row = 0; row < 10_000; row++) {
      column.push(small(row));
      column.push(late(row));
    }
    const read = new Float64Array(keys);
    for (let row = 0; row < 10_000; row++) {
      expect(column.get(row * keys)).toBe(small(row));
      expect(column.get(row * keys + 1)).toBe(late(row));
      // A row read whole gives what its counts read one by one give.
      expect([...column.readRow(row, read)]).toEqual([small(row), late(row)]);
    }
  });

  it("keeps a block's one value, whatever it is, until another comes at any row", () => {
    // Each key a block of one value (0, NaN, a fraction, -1, 300, 70,000) broken by another value
    // (small, 8-bit's marks' neighbours, 16 and 32 bits, NaN, odd) at a row of the block, or never.
    const ones = [0, Number.NaN, 0.5, -1, 300, 70_000, 253, 254];
    const others = [1, 253, 254, 255, 65_533, 65_534, 4_294_967_293, Number.NaN, 0.75, 2 ** 40];
    const breaks = [1, 2, 4095, 3000, -1];
    const cases = ones.flatMap((one) =>
      others.flatMap((other) => breaks.map((at) => ({ one, other, at }))),
    );
    const rows = 3 * 4096 + 17;
    const value = (row: number, c: (typeof cases)[number]) => {
      const at = row % 4096;
      if (Math.floor(row / 4096) === 1) return c.one; // the middle block: one value throughout
      return c.at >= 0 && at >= c.at && at % 3 !== 0 ? c.other : c.one;
    };
    const column = new CountColumn(cases.length);
    const whole = new Float64Array(cases.length);
    for (let row = 0; row < rows; row++) for (const c of cases) column.push(value(row, c));
    for (let row = 0; row < rows; row++) {
      // A row read whole gives what its counts read one by one give.
      column.readRow(row, whole);
      cases.forEach((c, key) => {
        const got = column.at(row, key);
        if (!Object.is(whole[key], got)) expect(whole[key]).toBe(got);
        if (!Object.is(got, value(row, c)) && !(got === 0 && value(row, c) === 0))
          expect({ row, ...c, got }).toEqual({ row, ...c, got: value(row, c) });
      });
    }
  });

  it("keeps last changes as minutes, and any other text as it is", () => {
    const column = new ChangeColumn();
    const texts = ["2026-10-03 08:14 UTC", "2016-03-07 10:20", "", "yesterday", "1970-01-01 00:00"];
    texts.forEach((text, i) => column.push(i, text));
    texts.forEach((text, i) => expect(column.get(i)).toBe(text));
  });
});
