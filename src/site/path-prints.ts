import { FolderTable } from "./folder-table.js";

/**
 * The paths of a set of files as fingerprints: two 31-bit hashes of each path in a typed table
 * (folder-table.ts), some 11 bytes a path where a `Set` of the paths held every path's text. A
 * million-translation site plans some 110,000 files besides its translations' (badges, widgets,
 * pages) and checks each translation's files against them; the text of those paths is not kept
 * while it writes. A fingerprint says a path may be among them: `has` asks `confirm` (which can
 * list the paths again) before it says yes, so a collision of hashes is never an answer.
 */
export class PathPrints {
  private readonly table = new FolderTable();

  /**
   * `confirm(path)`: whether `path` is really one of the paths added (asked only when its
   * fingerprint is; rare but for the paths themselves).
   */
  constructor(private readonly confirm: (path: string) => boolean) {}

  /** Adds `path`; returns false when its fingerprint was there already (the path may be). */
  add(path: string): boolean {
    const [hash, check] = prints(path);
    const known = this.table.find(hash, (token) => token === check) >= 0;
    this.table.add(hash, check);
    return !known;
  }

  /** Whether `path` is one of those added. */
  has(path: string): boolean {
    const [hash, check] = prints(path);
    return this.table.find(hash, (token) => token === check) >= 0 && this.confirm(path);
  }
}

/** Two hashes of `text`: FNV-1a (32 bits) and a multiplicative one (31 bits, a table token). */
function prints(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
  }
  return [a | 0, (b >>> 1) % 0x7ffffffe];
}
