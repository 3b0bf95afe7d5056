import { Growable } from "../../snapshot/columns.js";

/** NaN: a count the server did not give (characters, approved), common to whole sites. */
const UNKNOWN = 0xffff_ffff;
/** A count kept aside in its slot. */
const ODD = 0xffff_fffe;

/**
 * Counts (strings, words...) in 32 bits each, 4 bytes a count rather than 8: a million rows of
 * sixteen counts take 64 MB, not 128. NaN (a count the server did not give) has its own mark; a
 * count that does not fit (a fraction, 4 billion or more) is kept aside.
 */
export class CountColumn {
  private readonly values = new Growable(new Uint32Array(1024), (n) => new Uint32Array(n));
  private readonly odd = new Map<number, number>();

  push(value: number): void {
    if (Number.isInteger(value) && value >= 0 && value < ODD) this.values.push(value);
    else if (Number.isNaN(value)) this.values.push(UNKNOWN);
    else {
      this.odd.set(this.values.length, value);
      this.values.push(ODD);
    }
  }

  get(slot: number): number {
    const value = this.values.get(slot);
    if (value === UNKNOWN) return Number.NaN;
    return value === ODD ? (this.odd.get(slot) ?? Number.NaN) : value;
  }
}
