import type { CompactTables } from "./compact.js";
import type { SnapshotEntry } from "./schema.js";
import { REF_SLOTS } from "./spool-index.js";
import type { Growable } from "./columns.js";
import { isJson, obj, type Json } from "../model/json.js";

// Writing the spool's entries as a snapshot: the tables numbered again in order of first use along
// the snapshot's order (as the in-memory writer numbers them), each line's references with them.

/** A spool line as the spool stores it: an entry whose records are compacted (compact.ts). */
export type StoredEntry = Omit<SnapshotEntry, "record" | "carried"> & {
  record?: unknown;
  carried?: Json;
  verbatim?: true;
};

/** The snapshot's tables and how a line's references change on the way. */
export interface Renumbered {
  tables: CompactTables;
  /** A stored entry with its references renumbered. */
  remap: (stored: StoredEntry) => StoredEntry;
  /** Whether line `n`'s references keep their numbers (then its text stays as it is). */
  keeps: (n: number) => boolean;
}

/**
 * The tables in order of first use along `order`, and the function that renumbers a stored
 * entry's references; `refs` holds each line's references (spool-index.ts).
 */
export function renumber(
  old: CompactTables,
  refs: Growable<Int32Array>,
  order: Iterable<number>,
): Renumbered {
  const tables: CompactTables = { projects: [], components: [], languages: [] };
  const maps = {
    projects: new Map<number, number>(),
    components: new Map<number, number>(),
    languages: new Map<number, number>(),
  };
  const take = (table: keyof CompactTables, i: number, value: unknown) => {
    if (!maps[table].has(i)) {
      maps[table].set(i, tables[table].length);
      tables[table].push(value);
    }
  };
  for (const n of order) {
    for (let slot = 0; slot < REF_SLOTS; slot++) {
      const i = refs.get(n * REF_SLOTS + slot);
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
  const remap = (stored: StoredEntry): StoredEntry => {
    if (stored.verbatim === true) return stored;
    const out: StoredEntry = { ...stored };
    if ("record" in stored) out.record = record(stored.record);
    if (isJson(stored.carried))
      out.carried = { ...stored.carried, record: record(stored.carried.record) };
    return out;
  };
  const keeps = (n: number) => {
    for (let slot = 0; slot < REF_SLOTS; slot++) {
      const i = refs.get(n * REF_SLOTS + slot);
      const map = slot % 2 === 0 ? maps.languages : maps.components;
      if (i >= 0 && map.get(i) !== i) return false;
    }
    return true;
  };
  return { tables, remap, keeps };
}
