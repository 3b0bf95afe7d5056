import { isJson, obj, type Json } from "../model/json.js";
import type { SnapshotEntry } from "./schema.js";
import type { CompactTables } from "./compact.js";
import { NoteRenumbering } from "./note-table.js";
import { REF_SLOTS } from "./spool-index.js";

// The spool numbers the shared records and notes as they came (crawl order); the snapshot numbers
// them in order of first use along its own order, as TableBuilder does when fed the entries in
// that order. The records' numbers are known before the first line is written (the spool's index
// keeps each line's references); the notes' numbers are found as the lines are written, so their
// table is complete only after the last line (`tables.notes` fills as `remap` runs).

/** A spool line: an entry whose records and notes are compacted (compact.ts). */
export type StoredLine = Json & { verbatim?: unknown };

/** A spool line as the spool stores it: an entry whose records are compacted (compact.ts). */
export type StoredEntry = Omit<SnapshotEntry, "record" | "carried"> & {
  record?: unknown;
  carried?: Json;
  verbatim?: true;
};

/** The snapshot's tables and how a line's references change on the way. */
export interface Renumbered {
  /** The tables; `notes` is complete once every line went through `remap` or `keepsNotes`. */
  tables: CompactTables;
  /** A stored line with its references renumbered. */
  remap: (stored: StoredLine) => StoredLine;
  /** Whether line `n`'s record references keep their numbers. */
  keeps: (n: number) => boolean;
  /**
   * Renumbers a line's notes (as `remap` would; in the snapshot's order) and says whether they
   * keep their numbers: with `keeps`, the line's text stays as it is.
   */
  keepsNotes: (stored: StoredLine) => boolean;
}

/**
 * The tables in order of first use along `order`, and the function that renumbers a stored
 * entry's references; `old` are the spool's tables, `refs` its index's references.
 */
export function renumberTables(
  old: CompactTables,
  refs: { ref(n: number, slot: number): number },
  order: Iterable<number>,
): Renumbered {
  const notes = new NoteRenumbering(old.notes);
  const tables: CompactTables = { projects: [], components: [], languages: [], notes: notes.table };
  const maps = {
    projects: new Map<number, number>(),
    components: new Map<number, number>(),
    languages: new Map<number, number>(),
  };
  const take = (table: keyof typeof maps, i: number, value: unknown) => {
    if (!maps[table].has(i)) {
      maps[table].set(i, tables[table].length);
      tables[table].push(value);
    }
  };
  for (const n of order) {
    for (let slot = 0; slot < REF_SLOTS; slot++) {
      const i = refs.ref(n, slot);
      if (i < 0) continue;
      // Even slots are languages, odd ones components (refsOf).
      if (slot % 2 === 0) take("languages", i, old.languages[i]);
      else if (!maps.components.has(i)) {
        const component = obj(old.components[i]);
        if (component && typeof component.project === "number") {
          take("projects", component.project, old.projects[component.project]);
          take("components", i, { ...component, project: maps.projects.get(component.project) });
        } else take("components", i, old.components[i]);
      }
    }
  }
  const record = (r: unknown): unknown => {
    if (!isJson(r)) return r;
    const out: Json = { ...r };
    if (typeof out.language === "number") out.language = maps.languages.get(out.language);
    if (typeof out.component === "number") out.component = maps.components.get(out.component);
    return out;
  };
  const remap = (stored: StoredLine): StoredLine => {
    const out: StoredLine = { ...stored };
    if ("notes" in stored) out.notes = notes.remap(stored.notes);
    if (stored.verbatim === true) return out;
    if ("record" in stored) out.record = record(stored.record);
    if (isJson(stored.carried))
      out.carried = { ...stored.carried, record: record(stored.carried.record) };
    return out;
  };
  const keeps = (n: number) => {
    for (let slot = 0; slot < REF_SLOTS; slot++) {
      const i = refs.ref(n, slot);
      const map = slot % 2 === 0 ? maps.languages : maps.components;
      if (i >= 0 && map.get(i) !== i) return false;
    }
    return true;
  };
  const keepsNotes = (stored: StoredLine) =>
    !("notes" in stored) ||
    JSON.stringify(notes.remap(stored.notes)) === JSON.stringify(stored.notes);
  return { tables, remap, keeps, keepsNotes };
}
