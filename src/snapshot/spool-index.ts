import type { Triple } from "../config/triple.js";
import type { SnapshotEntry } from "./schema.js";
import { emptySnapshotCounts, type SnapshotCounts } from "./snapshot.js";
import { Growable, Table, type NumberArray } from "./columns.js";
import { must } from "../model/must.js";
import { field, type Json } from "../model/json.js";

// What a spooled crawl remembers of each entry, in a few bytes: where its line is in the spool,
// the table indexes it refers to, its names as numbers into tables of the distinct names, and
// its status and which problems it has: 34 bytes a line (42 once a line has carried data), where
// objects (an entry without its record, its three problem arrays, a line descriptor) took over
// 600 bytes.

/** Distinct strings, each numbered once. */
class Names {
  private readonly table = new Table<string>();
  readonly names = this.table.values;

  number(name: string): number {
    return this.table.add(name, () => name);
  }

  /** Each name's rank in code-unit order (the order compareTriples sorts by). */
  ranks(): Uint32Array {
    const order = this.names
      .map((_, i) => i)
      .sort((a, b) =>
        must(this.names[a]) < must(this.names[b])
          ? -1
          : must(this.names[a]) > must(this.names[b])
            ? 1
            : 0,
      );
    const ranks = new Uint32Array(this.names.length);
    order.forEach((n, rank) => {
      ranks[n] = rank;
    });
    return ranks;
  }
}

const STATUS = { ok: 0, invalid: 1, failed: 2 } as const;
const WARNINGS = 4;
const ERRORS = 8;
/** A flag: the entry has notes. */
export const NOTES = 16;
/**
 * A line's references (`ref`): record language, record component, carried language, carried
 * component (-1: none).
 */
export const REF_SLOTS = 4;
/** The record's references, kept for every line. */
const RECORD_SLOTS = 2;

export class SpoolIndex {
  readonly offsets = new Growable(new Float64Array(1024), (n) => new Float64Array(n));
  readonly lengths = new Growable(new Uint32Array(1024), (n) => new Uint32Array(n));
  private readonly recordRefs = new Growable(
    new Int32Array(1024 * RECORD_SLOTS),
    (n) => new Int32Array(n),
  );
  /**
   * The carried records' references, from the first line that has one on (carried data is the
   * exception: a crawl that carries nothing keeps 8 bytes a line fewer).
   */
  private carriedRefs: Growable<Int32Array> | undefined;
  private readonly projects = new Names();
  private readonly components = new Names();
  private readonly languages = new Names();
  private readonly names = new Growable(new Uint32Array(3072), (n) => new Uint32Array(n));
  private readonly flags = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));
  /** Which file a line is in: 0 the spool's own, 1 the previous snapshot (read where it is). */
  readonly files = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));

  get size(): number {
    return this.flags.length;
  }

  /** Adds a line for an entry (in `file`, 0 the spool's); returns its number. */
  add(
    entry: SnapshotEntry,
    offset: number,
    length: number,
    refs: readonly number[],
    file = 0,
  ): number {
    this.files.push(file);
    this.names.push(this.projects.number(entry.project));
    this.names.push(this.components.number(entry.component));
    this.names.push(this.languages.number(entry.language));
    this.offsets.push(offset);
    this.lengths.push(length);
    for (let i = 0; i < RECORD_SLOTS; i++) this.recordRefs.push(refs[i] ?? -1);
    const carried = this.carried(refs);
    for (let i = RECORD_SLOTS; i < REF_SLOTS; i++) carried?.push(refs[i] ?? -1);
    this.flags.push(flagsOf(entry));
    return this.flags.length - 1;
  }

  /** Points line `n` at a changed entry's line (its names stay). */
  replace(
    n: number,
    entry: SnapshotEntry,
    offset: number,
    length: number,
    refs: readonly number[],
  ): void {
    this.offsets.set(n, offset);
    this.lengths.set(n, length);
    for (let i = 0; i < RECORD_SLOTS; i++) this.recordRefs.set(n * RECORD_SLOTS + i, refs[i] ?? -1);
    const carried = this.carried(refs);
    const width = REF_SLOTS - RECORD_SLOTS;
    for (let i = RECORD_SLOTS; i < REF_SLOTS; i++)
      carried?.set(n * width + i - RECORD_SLOTS, refs[i] ?? -1);
    this.flags.set(n, flagsOf(entry));
    this.files.set(n, 0);
  }

  /**
   * Keeps the lines `keep` says, in their order, numbered again from 0 (nothing may hold a number
   * from before).
   */
  retain(keep: (n: number) => boolean): void {
    const columns: [Growable<NumberArray>, number][] = [
      [this.names, 3],
      [this.offsets, 1],
      [this.lengths, 1],
      [this.recordRefs, RECORD_SLOTS],
      [this.flags, 1],
      [this.files, 1],
    ];
    if (this.carriedRefs) columns.push([this.carriedRefs, REF_SLOTS - RECORD_SLOTS]);
    let kept = 0;
    for (let n = 0; n < this.size; n++) {
      if (!keep(n)) continue;
      if (kept !== n)
        for (const [column, width] of columns)
          for (let i = 0; i < width; i++) column.set(kept * width + i, column.get(n * width + i));
      kept += 1;
    }
    for (const [column, width] of columns) column.truncate(kept * width);
  }

  /** Line `n`'s reference in `slot` (REF_SLOTS): a table index, or -1. */
  ref(n: number, slot: number): number {
    if (slot < RECORD_SLOTS) return this.recordRefs.get(n * RECORD_SLOTS + slot);
    const width = REF_SLOTS - RECORD_SLOTS;
    return this.carriedRefs?.get(n * width + slot - RECORD_SLOTS) ?? -1;
  }

  /**
   * The carried references' column, made (-1 for the lines before) once `refs` has one; undefined
   * while no line has had any.
   */
  private carried(refs: readonly number[]): Growable<Int32Array> | undefined {
    if (this.carriedRefs) return this.carriedRefs;
    if (!refs.slice(RECORD_SLOTS).some((r) => r >= 0)) return undefined;
    const width = REF_SLOTS - RECORD_SLOTS;
    const column = new Growable(new Int32Array(1024 * width), (n) => new Int32Array(n));
    // The lines so far (`add` counts its line once it pushes its flags, after this).
    for (let i = 0; i < this.size * width; i++) column.push(-1);
    this.carriedRefs = column;
    return column;
  }

  triple(n: number): Triple {
    return {
      project: must(this.projects.names[this.names.get(3 * n)]),
      component: must(this.components.names[this.names.get(3 * n + 1)]),
      language: must(this.languages.names[this.names.get(3 * n + 2)]),
    };
  }

  /**
   * The entry's status (the low two bits: 0 ok, 1 invalid, 2 failed) and whether it has warnings,
   * errors, notes: 0 for ok without any.
   */
  flagsOf(n: number): number {
    return this.flags.get(n);
  }

  /**
   * The line numbers in snapshot order: by project, component, language; lines of one triple in the
   * order they came. A stable counting sort by each name's rank, language first and project last:
   * two arrays of line numbers and a count per name, where a comparison sort held a key array per
   * name and the engine's copies of the lines (some 24 MB more at a million lines, at the crawl's
   * peak).
   */
  sorted(): Uint32Array {
    const size = this.size;
    let order = new Uint32Array(size);
    for (let n = 0; n < size; n++) order[n] = n;
    let spare = new Uint32Array(size);
    const passes: [number, Names][] = [
      [2, this.languages],
      [1, this.components],
      [0, this.projects],
    ];
    for (const [slot, table] of passes) {
      const ranks = table.ranks();
      const rankOf = (n: number) => must(ranks[this.names.get(3 * n + slot)]);
      // starts[r]: where the lines of rank r go next.
      const starts = new Uint32Array(ranks.length + 1);
      for (let n = 0; n < size; n++) {
        const next = rankOf(n) + 1;
        starts[next] = must(starts[next]) + 1;
      }
      for (let r = 1; r <= ranks.length; r++) starts[r] = must(starts[r]) + must(starts[r - 1]);
      for (let k = 0; k < size; k++) {
        const n = must(order[k]);
        const rank = rankOf(n);
        const at = must(starts[rank]);
        spare[at] = n;
        starts[rank] = at + 1;
      }
      [order, spare] = [spare, order];
    }
    return order;
  }

  /** The counts of the summary line, from the flags. */
  counts(): SnapshotCounts {
    const counts = emptySnapshotCounts();
    for (let n = 0; n < this.size; n++) {
      const f = this.flags.get(n);
      counts.total += 1;
      const status = f & 3;
      if (status === STATUS.ok) {
        counts.ok += 1;
        if (f & WARNINGS) counts.withWarnings += 1;
        if (f & NOTES) counts.withNotes += 1;
      } else if (status === STATUS.invalid) counts.invalid += 1;
      else counts.failed += 1;
    }
    return counts;
  }
}

function flagsOf(entry: SnapshotEntry): number {
  return (
    STATUS[entry.status] |
    (entry.warnings.length ? WARNINGS : 0) |
    (entry.errors.length ? ERRORS : 0) |
    (entry.notes.length ? NOTES : 0)
  );
}

/**
 * The references of a stored entry in the order TableBuilder.compact assigns them: record
 * (language, component), then carried; -1 where there is none.
 */
export function refsOf(stored: Json): number[] {
  const refs = [-1, -1, -1, -1];
  if (stored.verbatim === true) return refs;
  const add = (r: unknown, at: number) => {
    const language = field(r, "language");
    const component = field(r, "component");
    if (typeof language === "number") refs[at] = language;
    if (typeof component === "number") refs[at + 1] = component;
  };
  add(stored.record, 0);
  add(field(stored.carried, "record"), 2);
  return refs;
}
