import { describe, expect, it } from "vitest";
import { FolderTable } from "../../src/site/folder-table.js";

describe("the claims' table of translation folders", () => {
  it("finds every token by its hash, equal hashes each in a slot of its own, as it grows", () => {
    const table = new FolderTable();
    // 5,000 tokens (the table grows from 1,024 slots several times), under 1,250 hashes: four
    // tokens a hash, and hashes that share their low bits (the slot they start from).
    const hashOf = (token: number) => {
      const h = token % 1250;
      return (h * 4096) | (h % 3 === 0 ? 1 << 31 : 0);
    };
    for (let token = 0; token < 5000; token++) table.add(hashOf(token), token);
    for (let token = 0; token < 5000; token++) {
      const found: number[] = [];
      table.find(hashOf(token), (t) => {
        found.push(t);
        return false;
      });
      expect(found.sort((a, b) => a - b)).toEqual(
        [0, 1, 2, 3].map((k) => (token % 1250) + 1250 * k),
      );
      expect(table.find(hashOf(token), (t) => t === token)).toBe(token);
    }
    expect(table.find(12345, () => true)).toBe(-1);
  });
});
