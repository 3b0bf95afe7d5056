import { describe, expect, it } from "vitest";
import { CountColumn } from "../../src/render/model/count-column.js";
import { ChangeColumn } from "../../src/render/model/change-column.js";

describe("the rows' columns", () => {
  it("keeps counts in 32 bits, NaN with its own mark and odd numbers aside", () => {
    const column = new CountColumn();
    const values = [0, 7, 4_294_967_293, Number.NaN, 4_294_967_294, 2 ** 40, 0.5, -1];
    for (let i = 0; i < 3000; i++) column.push(values[i % values.length]!);
    for (let i = 0; i < 3000; i++) expect(column.get(i)).toBe(values[i % values.length]);
  });

  it("keeps last changes as minutes, and any other text as it is", () => {
    const column = new ChangeColumn();
    const texts = ["2026-10-03 08:14 UTC", "2016-03-07 10:20", "", "yesterday", "1970-01-01 00:00"];
    texts.forEach((text, i) => column.push(i, text));
    texts.forEach((text, i) => expect(column.get(i)).toBe(text));
  });
});
