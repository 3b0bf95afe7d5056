import { must } from "../model/must.js";
// Compact columns for per-translation data at scale (the crawl's spool index, the renderer's
// rows): numbers in typed arrays that grow as they are pushed, and tables that keep each
// distinct value once and name it by its index. 100,000 translations as objects took tens of MB;
// as columns they take a few.

export type NumberArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** Elements of a chunk once a column is past its first one: 64 Ki. */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

/**
 * A typed array that grows as numbers are pushed: one array doubling up to 64 Ki elements, then
 * chunks of 64 Ki. A million rows never take twice their size, nor a copy of themselves, while the
 * column grows (a doubling array does both: 16 MB held for 8 MB of numbers at the wrong moment).
 */
export class Growable<T extends NumberArray> {
  length = 0;
  private first: T;
  private readonly chunks: T[] = [];

  constructor(
    first: T,
    private readonly make: (size: number) => T,
  ) {
    this.first = first;
  }

  get(i: number): number {
    return must(i < CHUNK ? this.first[i] : this.chunk(i)[i & (CHUNK - 1)]);
  }

  set(i: number, value: number): void {
    if (i < CHUNK) this.first[i] = value;
    else this.chunk(i)[i & (CHUNK - 1)] = value;
  }

  push(value: number): void {
    const i = this.length;
    if (i < CHUNK) {
      if (i === this.first.length) {
        const bigger = this.make(Math.min(CHUNK, this.first.length * 2));
        bigger.set(this.first);
        this.first = bigger;
      }
      this.first[i] = value;
    } else {
      if ((i >>> CHUNK_BITS) - 1 === this.chunks.length) this.chunks.push(this.make(CHUNK));
      this.chunk(i)[i & (CHUNK - 1)] = value;
    }
    this.length = i + 1;
  }

  /** Drops the elements from `length` on (their memory stays for the next pushes). */
  truncate(length: number): void {
    if (length < this.length) this.length = length;
  }

  /** The chunk element `i` (past the first array) is in. */
  private chunk(i: number): T {
    return must(this.chunks[(i >>> CHUNK_BITS) - 1]);
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

/**
 * Indexes into a table (0 to 2^31 - 1) that grow as they are pushed, in the fewest bits that hold
 * the largest so far: 8, then 16, then 32 (each widening copies the column once). A million rows'
 * languages (200 of them) take 1 MB, their components (5,000) 2 MB, where 32 bits each took 4.
 */
export class IndexColumn {
  private column: Growable<Uint8Array | Uint16Array | Int32Array> = new Growable(
    new Uint8Array(1024),
    (n) => new Uint8Array(n),
  );
  private largest = 0xff;

  get length(): number {
    return this.column.length;
  }

  get(i: number): number {
    return this.column.get(i);
  }

  push(value: number): void {
    if (value > this.largest || !(value >= 0)) this.widen(value);
    this.column.push(value);
  }

  private widen(value: number): void {
    const old = this.column;
    const wide = value > 0xffff;
    if (!Number.isInteger(value) || value < 0 || value > 0x7fff_ffff)
      throw new RangeError(`IndexColumn: ${value} is no index`);
    this.largest = wide ? 0x7fff_ffff : 0xffff;
    this.column = wide
      ? new Growable(new Int32Array(1024), (n) => new Int32Array(n))
      : new Growable(new Uint16Array(1024), (n) => new Uint16Array(n));
    for (let i = 0; i < old.length; i++) this.column.push(old.get(i));
  }
}
