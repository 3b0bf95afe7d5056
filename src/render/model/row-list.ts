import { must } from "../../model/must.js";

/**
 * A component's or language's rows, as indexes into the row store (translation-row.ts) in an
 * Int32Array that doubles as rows are pushed: 4 bytes a row where a JavaScript array of numbers
 * takes 8 and more, and outside the heap the garbage collector walks. Every row of a site is in
 * two lists (its component's and its language's).
 */
export class RowList implements Iterable<number> {
  private items = new Int32Array(8);
  length = 0;

  push(row: number): void {
    if (this.length === this.items.length) {
      const bigger = new Int32Array(Math.max(8, this.items.length * 2));
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.length] = row;
    this.length += 1;
  }

  /** Lets go of the room kept for more rows (a list doubles: up to half of it is empty). */
  settle(): void {
    if (this.items.length > this.length) this.items = this.items.slice(0, this.length);
  }

  get(k: number): number {
    if (k >= this.length) throw new RangeError(`row ${k} of ${this.length}`);
    return must(this.items[k]);
  }

  /** The rows in this order from now on (as many as there are). */
  reorder(rows: Iterable<number>): void {
    let k = 0;
    for (const row of rows) this.items[k++] = row;
    if (k !== this.length) throw new RangeError(`${k} rows for a list of ${this.length}`);
  }

  /** The rows, in the list's own memory: valid until the next push. */
  view(): Int32Array {
    return this.items.subarray(0, this.length);
  }

  [Symbol.iterator](): Iterator<number> {
    return this.view()[Symbol.iterator]();
  }
}
