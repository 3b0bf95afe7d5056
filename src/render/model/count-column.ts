import { must } from "../../model/must.js";

/** A count the server did not give (characters, approved), common to whole sites: NaN. */
const UNKNOWN = 0xffff_ffff;
/** A count kept aside in its slot. */
const ODD = 0xffff_fffe;
/** The same two marks in a 16-bit block. */
const UNKNOWN_16 = 0xffff;
const ODD_16 = 0xfffe;

/** Rows a block holds: 4 Ki. */
const BLOCK_BITS = 12;
const BLOCK = 1 << BLOCK_BITS;

/** In place of a 16-bit block that was widened: its counts are in the wide blocks. */
const WIDENED = new Uint16Array(0);

/**
 * Counts (strings, words...) as `keys` columns, one per kind of count, each in blocks of 4 Ki rows
 * of 16 bits a count; a block that meets a count of 65,534 or more is widened to 32 bits, alone.
 * Most counts of a translation (its strings, failing checks, suggestions) fit 16 bits, and the
 * wide ones (characters of a large component) stay in their own columns: a million rows of sixteen
 * counts take 32 MB where 32 bits each took 64, and never more than that. NaN (a count the server
 * did not give) has its own mark; a count that does not fit 32 bits (a fraction, 4 billion or
 * more) is kept aside. Counts are pushed row by row, key by key, and read by row and key (at) or
 * by slot (row * keys + key). The 16-bit blocks and the wide ones are kept apart, so that each
 * read is of one kind of array (a read of every count of every row is what lists of a million
 * rows cost).
 */
export class CountColumn {
  /** Each key's 16-bit blocks; WIDENED where the block is in `wide`. */
  private readonly narrow: Uint16Array[][];
  /** Each key's widened blocks, by block. */
  private readonly wide: Map<number, Uint32Array>[];
  private readonly odd = new Map<number, number>();
  private length = 0;

  constructor(private readonly keys: number) {
    this.narrow = Array.from({ length: keys }, () => []);
    this.wide = Array.from({ length: keys }, () => new Map());
  }

  push(value: number): void {
    const slot = this.length;
    this.length = slot + 1;
    const row = Math.floor(slot / this.keys);
    const key = slot - row * this.keys;
    const blocks = must(this.narrow[key]);
    const b = row >>> BLOCK_BITS;
    if (b === blocks.length) blocks.push(new Uint16Array(BLOCK));
    const at = row & (BLOCK - 1);
    let stored: number;
    if (Number.isInteger(value) && value >= 0 && value < ODD) stored = value;
    else if (Number.isNaN(value)) stored = UNKNOWN;
    else {
      this.odd.set(slot, value);
      stored = ODD;
    }
    const wide = must(this.wide[key]);
    let block = wide.get(b);
    if (!block) {
      const narrow = must(blocks[b]);
      if (stored === UNKNOWN) narrow[at] = UNKNOWN_16;
      else if (stored === ODD) narrow[at] = ODD_16;
      else if (stored < ODD_16) narrow[at] = stored;
      else {
        block = widened(narrow);
        wide.set(b, block);
        blocks[b] = WIDENED;
      }
    }
    if (block) block[at] = stored;
  }

  /** The count of `key` in `row`. */
  at(row: number, key: number): number {
    const b = row >>> BLOCK_BITS;
    const block = must(must(this.narrow[key])[b]);
    if (block !== WIDENED) {
      const value = must(block[row & (BLOCK - 1)]);
      if (value < ODD_16) return value;
      if (value === UNKNOWN_16) return Number.NaN;
    } else {
      const value = must(must(must(this.wide[key]).get(b))[row & (BLOCK - 1)]);
      if (value < ODD) return value;
      if (value === UNKNOWN) return Number.NaN;
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
      const block = must(must(this.narrow[key])[b]);
      if (block !== WIDENED) {
        const value = must(block[at]);
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
}

/** A 16-bit block as 32 bits, its marks carried over. */
function widened(block: Uint16Array): Uint32Array {
  const wide = new Uint32Array(block.length);
  for (let i = 0; i < block.length; i++) {
    const value = must(block[i]);
    wide[i] = value === UNKNOWN_16 ? UNKNOWN : value === ODD_16 ? ODD : value;
  }
  return wide;
}
