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

/**
 * Counts (strings, words...) as `keys` columns, one per kind of count, each in blocks of 4 Ki rows
 * of 16 bits a count; a block that meets a count of 65,534 or more is widened to 32 bits, alone.
 * Most counts of a translation (its strings, failing checks, suggestions) fit 16 bits, and the
 * wide ones (characters of a large component) stay in their own columns: a million rows of sixteen
 * counts take 32 MB where 32 bits each took 64, and never more than that. NaN (a count the server
 * did not give) has its own mark; a count that does not fit 32 bits (a fraction, 4 billion or
 * more) is kept aside. Counts are pushed row by row, key by key, and read by slot
 * (row * keys + key).
 */
export class CountColumn {
  private readonly columns: (Uint16Array | Uint32Array)[][];
  private readonly odd = new Map<number, number>();
  private length = 0;

  constructor(private readonly keys: number) {
    this.columns = Array.from({ length: keys }, () => []);
  }

  push(value: number): void {
    const slot = this.length;
    this.length = slot + 1;
    const row = Math.floor(slot / this.keys);
    const blocks = must(this.columns[slot - row * this.keys]);
    const b = row >>> BLOCK_BITS;
    if (b === blocks.length) blocks.push(new Uint16Array(BLOCK));
    let block = must(blocks[b]);
    const at = row & (BLOCK - 1);
    let stored: number;
    if (Number.isInteger(value) && value >= 0 && value < ODD) stored = value;
    else if (Number.isNaN(value)) stored = UNKNOWN;
    else {
      this.odd.set(slot, value);
      stored = ODD;
    }
    if (block instanceof Uint16Array) {
      if (stored === UNKNOWN) stored = UNKNOWN_16;
      else if (stored === ODD) stored = ODD_16;
      else if (stored >= ODD_16) {
        block = widened(block);
        blocks[b] = block;
      }
    }
    block[at] = stored;
  }

  get(slot: number): number {
    const row = Math.floor(slot / this.keys);
    const block = must(must(this.columns[slot - row * this.keys])[row >>> BLOCK_BITS]);
    const value = must(block[row & (BLOCK - 1)]);
    const wide = block instanceof Uint32Array;
    if (value === (wide ? UNKNOWN : UNKNOWN_16)) return Number.NaN;
    if (value === (wide ? ODD : ODD_16)) return this.odd.get(slot) ?? Number.NaN;
    return value;
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
