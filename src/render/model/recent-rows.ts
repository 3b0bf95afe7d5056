import type { TranslationRow } from "./site-view.js";

/**
 * A component's or language's rows as objects, made when a page first asks for them and kept for
 * the next asks (a page asks several times: their number, then each row), for the few lists asked
 * for last: never every list of a 100,000-translation site at once (RowStore keeps them as
 * numbers). One list by default: a page asks for one list several times in a row, and rows kept
 * longer live into the old generation, which the garbage collector pays for (the render benchmark:
 * 8 lists cost 2-4% more CPU than 1; measured with bench/render.bench.ts's snapshot).
 */
export class RecentRows {
  private readonly kept = new Map<object, TranslationRow[]>();

  constructor(private readonly size = 1) {}

  /** The rows of the list `indexes`, made by `make` unless they were made for it lately. */
  get(indexes: object, make: () => TranslationRow[]): TranslationRow[] {
    let rows = this.kept.get(indexes);
    if (rows === undefined) {
      rows = make();
      this.kept.set(indexes, rows);
      for (const oldest of this.kept.keys()) {
        if (this.kept.size <= this.size) break;
        this.kept.delete(oldest);
      }
    }
    return rows;
  }

  /** Forgets every list (their rows were reordered). */
  clear(): void {
    this.kept.clear();
  }
}
