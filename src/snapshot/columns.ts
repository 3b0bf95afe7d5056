import { must } from "../model/must.js";
// Compact columns for per-translation data at scale (the crawl's spool index, the renderer's
// rows): numbers in typed arrays that grow as they are pushed, and tables that keep each
// distinct value once and name it by its index. 100,000 translations as objects took tens of MB;
// as columns they take a few.

type NumberArray = Float64Array | Int32Array | Uint32Array | Uint8Array;

/** A typed array that grows as numbers are pushed. */
export class Growable<T extends NumberArray> {
  length = 0;
  constructor(
    private array: T,
    private readonly make: (size: number) => T,
  ) {}

  get(i: number): number {
    return must(this.array[i]);
  }

  set(i: number, value: number): void {
    this.array[i] = value;
  }

  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }
}

/** Distinct values, each kept once and named by its index; `key` tells when two are the same. */
export class Table<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string, number>();

  add(key: string, make: () => T): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(make());
      this.index.set(key, i);
    }
    return i;
  }
}
