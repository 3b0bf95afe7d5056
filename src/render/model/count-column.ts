import { must } from "../../model/must.js";

/** Rows a block holds: 4 Ki. */
const BLOCK_BITS = 12;
const BLOCK = 1 << BLOCK_BITS;

/** How a block keeps its counts: one value for all its rows, or 8, 16 or 32 bits a count. */
const SAME = 0;
const BITS_8 = 1;
const BITS_16 = 2;
const BITS_32 = 3;

/** In each width, the two largest codes: a count the server did not give (NaN), and one aside. */
const UNKNOWN_8 = 0xff;
const ODD_8 = 0xfe;
const UNKNOWN_16 = 0xffff;
const ODD_16 = 0xfffe;
const UNKNOWN_32 = 0xffff_ffff;
const ODD_32 = 0xffff_fffe;

/** In place of a block of a width the block does not have. */
const NONE_8 = new Uint8Array(0);
const NONE_16 = new Uint16Array(0);
const NONE_32 = new Uint32Array(0);

/**
 * Counts (strings, words...) as `keys` columns, one per kind of count, each in blocks of 4 Ki
 * rows. A block starts as one value for all its rows (a count a whole site lacks, NaN, or has
 * none of, 0: characters, approvals, comments) and takes 8 bits a count at its first other value,
 * widened to 16 and then 32 bits, alone, when a count does not fit. Most counts of a translation
 * (failing checks, suggestions, its strings) fit 8 or 16 bits, and a million rows of sixteen
 * counts took 32 MB at 16 bits each; the synthetic server's take 13. A count that does not fit 32
 * bits (a fraction, 4 billion or more) is kept aside. Counts are pushed row by row, key by key,
 * and read by row and key (at) or by slot (row * keys + key). The blocks of each width are kept
 * apart, so that each read is of one kind of array (a read of every count of every row is what
 * lists of a million rows cost).
 */
export class CountColumn {
  /** Each key's blocks' widths (SAME, BITS_8...). */
  private readonly widths: number[][];
  /** Each key's blocks' value, where the block is SAME. */
  private readonly same: number[][];
  private readonly bits8: Uint8Array[][];
  private readonly bits16: Uint16Array[][];
  private readonly bits32: Uint32Array[][];
  private readonly odd = new Map<number, number>();
  private length = 0;

  constructor(private readonly keys: number) {
    const each = <T>(): T[][] => Array.from({ length: keys }, () => []);
    this.widths = each();
    this.same = each();
    this.bits8 = each();
    this.bits16 = each();
    this.bits32 = each();
  }

  push(value: number): void {
    const slot = this.length;
    this.length = slot + 1;
    const row = Math.floor(slot / this.keys);
    const key = slot - row * this.keys;
    const b = row >>> BLOCK_BITS;
    const at = row & (BLOCK - 1);
    const widths = must(this.widths[key]);
    if (at === 0) {
      widths.push(SAME);
      must(this.same[key]).push(value);
      must(this.bits8[key]).push(NONE_8);
      must(this.bits16[key]).push(NONE_16);
      must(this.bits32[key]).push(NONE_32);
      return;
    }
    if (widths[b] === SAME) {
      const same = must(must(this.same[key])[b]);
      if (same === value || (Number.isNaN(same) && Number.isNaN(value))) return;
      this.spread(key, b, at, same, row - at);
    }
    this.put(key, b, at, value, slot);
  }

  /** The count of `key` in `row`. */
  at(row: number, key: number): number {
    const b = row >>> BLOCK_BITS;
    const width = must(must(this.widths[key])[b]);
    if (width === SAME) return must(must(this.same[key])[b]);
    const at = row & (BLOCK - 1);
    if (width === BITS_8) {
      const value = must(must(must(this.bits8[key])[b])[at]);
      if (value < ODD_8) return value;
      if (value === UNKNOWN_8) return Number.NaN;
    } else if (width === BITS_16) {
      const value = must(must(must(this.bits16[key])[b])[at]);
      if (value < ODD_16) return value;
      if (value === UNKNOWN_16) return Number.NaN;
    } else {
      const value = must(must(must(this.bits32[key])[b])[at]);
      if (value < ODD_32) return value;
      if (value === UNKNOWN_32) return Number.NaN;
    }
    return this.odd.get(row * this.keys + key) ?? Number.NaN;
  }

  /**
   * Every count of `row` into `into` (`keys` long), as `at` reads them one by one: the row's place
   * in its blocks worked out once (a list of a million rows reads every count of every row).
   */
  readRow(row: number, into: Float64Array): Float64Array {
    const b = row >>> BLOCK_BITS;
    const at = row & (BLOCK - 1);
    for (let key = 0; key < this.keys; key++) {
      const width = must(must(this.widths[key])[b]);
      if (width === SAME) into[key] = must(must(this.same[key])[b]);
      else if (width === BITS_8) {
        const value = must(must(must(this.bits8[key])[b])[at]);
        into[key] = value < ODD_8 ? value : this.at(row, key);
      } else if (width === BITS_16) {
        const value = must(must(must(this.bits16[key])[b])[at]);
        into[key] = value < ODD_16 ? value : this.at(row, key);
      } else into[key] = this.at(row, key);
    }
    return into;
  }

  /** The count in `slot` (row * keys + key). */
  get(slot: number): number {
    const row = Math.floor(slot / this.keys);
    return this.at(row, slot - row * this.keys);
  }

  /** A SAME block's value given to its first `count` rows one by one (from row `first`). */
  private spread(key: number, b: number, count: number, value: number, first: number): void {
    must(this.widths[key])[b] = BITS_8;
    must(this.bits8[key])[b] = new Uint8Array(BLOCK);
    if (Number.isNaN(value)) {
      must(must(this.bits8[key])[b]).fill(UNKNOWN_8, 0, count);
      return;
    }
    if (Number.isInteger(value) && value >= 0 && value < ODD_32) {
      // Widened to fit once, then filled.
      this.put(key, b, 0, value, first * this.keys + key);
      const width = must(this.widths[key])[b];
      const block =
        width === BITS_8
          ? must(this.bits8[key])[b]
          : width === BITS_16
            ? must(this.bits16[key])[b]
            : must(this.bits32[key])[b];
      must(block).fill(value, 0, count);
      return;
    }
    for (let at = 0; at < count; at++) this.put(key, b, at, value, (first + at) * this.keys + key);
  }

  /** Stores `value` at `at` of block `b`, widening the block when it does not fit. */
  private put(key: number, b: number, at: number, value: number, slot: number): void {
    let code: number;
    if (Number.isInteger(value) && value >= 0 && value < ODD_32) code = value;
    else if (Number.isNaN(value)) code = UNKNOWN_32;
    else {
      this.odd.set(slot, value);
      code = ODD_32;
    }
    const widths = must(this.widths[key]);
    if (widths[b] === BITS_8) {
      const fits = code < ODD_8 || code >= ODD_32;
      if (fits) {
        must(must(this.bits8[key])[b])[at] =
          code === UNKNOWN_32 ? UNKNOWN_8 : code === ODD_32 ? ODD_8 : code;
        return;
      }
      must(this.bits16[key])[b] = widened(must(must(this.bits8[key])[b]), 16);
      must(this.bits8[key])[b] = NONE_8;
      widths[b] = BITS_16;
    }
    if (widths[b] === BITS_16) {
      const fits = code < ODD_16 || code >= ODD_32;
      if (fits) {
        must(must(this.bits16[key])[b])[at] =
          code === UNKNOWN_32 ? UNKNOWN_16 : code === ODD_32 ? ODD_16 : code;
        return;
      }
      must(this.bits32[key])[b] = widened(must(must(this.bits16[key])[b]), 32);
      must(this.bits16[key])[b] = NONE_16;
      widths[b] = BITS_32;
    }
    must(must(this.bits32[key])[b])[at] = code;
  }
}

/** A block at the next width, its marks carried over. */
function widened(block: Uint8Array, to: 16): Uint16Array;
function widened(block: Uint16Array, to: 32): Uint32Array;
function widened(block: Uint8Array | Uint16Array, to: 16 | 32): Uint16Array | Uint32Array {
  const wide = to === 16 ? new Uint16Array(block.length) : new Uint32Array(block.length);
  const [unknown, odd] = block instanceof Uint8Array ? [UNKNOWN_8, ODD_8] : [UNKNOWN_16, ODD_16];
  const [toUnknown, toOdd] = to === 16 ? [UNKNOWN_16, ODD_16] : [UNKNOWN_32, ODD_32];
  for (let i = 0; i < block.length; i++) {
    const value = must(block[i]);
    wide[i] = value === unknown ? toUnknown : value === odd ? toOdd : value;
  }
  return wide;
}
