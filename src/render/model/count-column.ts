import { Growable } from "../../snapshot/columns.js";

/** A count kept aside in its slot. */
const ODD = 0xffff_ffff;

/**
 * Counts (strings, words...) in 32 bits each, 4 bytes a count rather than 8: a million rows of ten
 * counts take 40 MB, not 80. A count that does not fit (a fraction, NaN for a count the server did
 * not give, 4 billion or more) is kept aside.
 */
export class CountColumn {
  private readonly values = new Growable(new Uint32Array(1024), (n) => new Uint32Array(n));
  private readonly odd = new Map<number, number>();

  push(value: number): void {
    if (Number.isInteger(value) && value >= 0 && value < ODD) this.values.push(value);
    else {
      this.odd.set(this.values.length, value);
      this.values.push(ODD);
    }
  }

  get(slot: number): number {
    const value = this.values.get(slot);
    return value === ODD ? (this.odd.get(slot) ?? Number.NaN) : value;
  }
}
