import { must } from "../model/must.js";

/** Slots a table starts with; it doubles when three quarters are taken. */
const FIRST_SLOTS = 1024;

/**
 * The translations' folders of the site's claims (site-claims.ts), as numbers: a 32-bit hash of
 * each folder and the token that stands for its translation, in two typed arrays (open addressing,
 * linear probing). A million translations take some 16 MB here, where a `Map` of the same numbers
 * took some 40 MB of the JavaScript heap. Equal hashes (two folders, or a collision) each take a
 * slot of their own, found one after the other.
 */
export class FolderTable {
  private hashes = new Int32Array(FIRST_SLOTS);
  /** Each slot's token plus one: 0 is a free slot. */
  private tokens = new Int32Array(FIRST_SLOTS);
  private size = 0;

  /** Adds `token` (0 to 2^31 - 2) under `hash`. */
  add(hash: number, token: number): void {
    if ((this.size + 1) * 4 > this.tokens.length * 3) this.grow();
    this.put(hash, token + 1);
    this.size += 1;
  }

  /** The first token added under `hash` that `test` accepts, or -1. */
  find(hash: number, test: (token: number) => boolean): number {
    const mask = this.tokens.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const stored = must(this.tokens[at]);
      if (stored === 0) return -1;
      if (this.hashes[at] === hash && test(stored - 1)) return stored - 1;
    }
  }

  private put(hash: number, stored: number): void {
    const mask = this.tokens.length - 1;
    let at = hash & mask;
    while (this.tokens[at] !== 0) at = (at + 1) & mask;
    this.hashes[at] = hash;
    this.tokens[at] = stored;
  }

  private grow(): void {
    const { hashes, tokens } = this;
    this.hashes = new Int32Array(tokens.length * 2);
    this.tokens = new Int32Array(tokens.length * 2);
    for (let at = 0; at < tokens.length; at++) {
      const stored = must(tokens[at]);
      if (stored !== 0) this.put(must(hashes[at]), stored);
    }
  }
}
