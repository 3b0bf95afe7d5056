import { describe, expect, it } from "vitest";
import { RowList } from "../../src/render/model/row-list.js";

describe("RowList", () => {
  it("keeps its rows when it lets go of its room, and takes more after", () => {
    for (const count of [0, 1, 8, 9, 1000]) {
      const list = new RowList();
      for (let i = 0; i < count; i++) list.push(i * 3);
      list.settle();
      expect([...list]).toEqual(Array.from({ length: count }, (_, i) => i * 3));
      expect(list.view().buffer.byteLength).toBe(count * 4);
      list.push(-5);
      list.push(7);
      expect(list.length).toBe(count + 2);
      expect(list.get(count)).toBe(-5);
      expect(list.get(count + 1)).toBe(7);
      list.reorder([...list].reverse());
      expect(list.get(0)).toBe(7);
    }
  });
});
