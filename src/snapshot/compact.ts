import type { Problem, SnapshotEntry } from "./schema.js";
import { isJson, type Json } from "../model/json.js";
import { encodeNotes, expandNotes, isTabledNote, TableIndexError } from "./note-table.js";

// The compact snapshot: every translation record embeds its whole component
// (which embeds its project) and its language, some 3 KB repeated for each of a component's
// translations. The file keeps each distinct project, component and language once, in tables
// before the translations, and a record holds the table index (a number) in place of the copy.
// Replacing the value in place keeps the record's keys in their order, so the reader gives back
// the record exactly as received: JSON.stringify of the two is the same text.
//
// A number is never a valid `language`, `component` or component `project` of a received record
// (the contract wants objects), but a record is stored whatever it holds: an entry whose record
// has a number there is written as it is and flagged `verbatim`, so the reader leaves it alone.
//
// The notes about the shared records are kept once too, in a fourth table (note-table.ts).

/** The tables of a compact snapshot, as stored (components hold their project's index). */
export interface CompactTables {
  projects: unknown[];
  components: unknown[];
  languages: unknown[];
  /** The distinct notes about shared records. */
  notes: unknown[];
}

/** Collects the distinct shared records while entries are written, and gives each its index. */
export class TableBuilder {
  private readonly indexes = {
    projects: new Map<string, number>(),
    components: new Map<string, number>(),
    languages: new Map<string, number>(),
    notes: new Map<string, number>(),
  };
  readonly tables: CompactTables = { projects: [], components: [], languages: [], notes: [] };
  /** How many records and notes the tables hold. */
  get size(): number {
    const { projects, components, languages, notes } = this.tables;
    return projects.length + components.length + languages.length + notes.length;
  }

  /**
   * The same object (records of one list share their component; a reader gives back the notes
   * table's own objects) is looked up without serialising it again.
   */
  private readonly seen = {
    projects: new WeakMap<object, number>(),
    components: new WeakMap<object, number>(),
    languages: new WeakMap<object, number>(),
    notes: new WeakMap<object, number>(),
  };

  /**
   * The index of `value` in the table; `original` is the object it was made from (a component
   * before its project was replaced).
   */
  private index(table: keyof CompactTables, value: object, original: object = value): number {
    const known = this.seen[table].get(original);
    if (known !== undefined) return known;
    const key = JSON.stringify(value);
    let i = this.indexes[table].get(key);
    if (i === undefined) {
      i = this.tables[table].length;
      this.tables[table].push(value);
      this.indexes[table].set(key, i);
    }
    this.seen[table].set(original, i);
    return i;
  }

  /**
   * The record with its shared parts replaced by table indexes, or undefined when it cannot be (a
   * number where an object belongs).
   */
  private compactRecord(record: unknown): unknown {
    if (!isJson(record)) return record;
    const { language, component } = record;
    if (typeof language === "number" || typeof component === "number") return undefined;
    if (isJson(component) && typeof component.project === "number") return undefined;
    const out: Json = { ...record };
    if (isJson(language)) out.language = this.index("languages", language);
    if (isJson(component)) {
      const known = this.seen.components.get(component);
      const stored =
        known !== undefined || !isJson(component.project)
          ? component
          : { ...component, project: this.index("projects", component.project) };
      out.component = known ?? this.index("components", stored, component);
    }
    return out;
  }

  /** An entry's notes as stored: those about shared records as table indexes. */
  private compactNotes(notes: readonly Problem[]): unknown[] {
    if (notes.length === 0) return [];
    return encodeNotes(
      notes.map((note) => (isTabledNote(note) ? this.index("notes", note) : note)),
    );
  }

  /** The entry as a compact snapshot stores it. */
  compact(entry: SnapshotEntry): Json {
    const hasRecord = entry.record !== undefined;
    const record = hasRecord ? this.compactRecord(entry.record) : undefined;
    const carried = entry.carried ? this.compactRecord(entry.carried.record) : undefined;
    const notes = this.compactNotes(entry.notes);
    if ((hasRecord && record === undefined) || (entry.carried && carried === undefined))
      return { ...entry, notes, verbatim: true };
    const out: Json = { ...entry, notes };
    if (hasRecord) out.record = record;
    if (entry.carried) out.carried = { ...entry.carried, record: carried };
    return out;
  }
}

/** Turns stored tables into the records they stand for (components with their project in place). */
export function expandTables(tables: CompactTables): CompactTables {
  const projects = tables.projects;
  const components = tables.components.map((component, i) => {
    if (!isJson(component) || typeof component.project !== "number") return component;
    return {
      ...component,
      project: lookup(projects, component.project, ["components", i, "project"], "projects"),
    };
  });
  return { projects, components, languages: tables.languages, notes: tables.notes };
}

function lookup(table: unknown[], index: number, path: (string | number)[], name: string): unknown {
  if (!Number.isInteger(index) || index < 0 || index >= table.length)
    throw new TableIndexError(
      path,
      `expected an index into "${name}" (0 to ${table.length - 1}), found ${index}`,
    );
  return table[index];
}

function expandRecord(record: unknown, tables: CompactTables, path: (string | number)[]): unknown {
  if (!isJson(record)) return record;
  const out: Json = { ...record };
  if (typeof record.language === "number")
    out.language = lookup(tables.languages, record.language, [...path, "language"], "languages");
  if (typeof record.component === "number")
    out.component = lookup(
      tables.components,
      record.component,
      [...path, "component"],
      "components",
    );
  return out;
}

/**
 * A stored entry of a compact snapshot as the entry it stands for (its records whole), given the
 * expanded tables; `at` is its index, for errors. Fields other than the records pass through.
 */
export function expandEntry(stored: unknown, tables: CompactTables, at: number): unknown {
  if (!isJson(stored)) return stored;
  const { verbatim, ...entry } = stored;
  const path = ["translations", at];
  if ("notes" in entry) entry.notes = expandNotes(entry.notes, tables.notes, [...path, "notes"]);
  if (verbatim === true) return entry;
  if ("record" in entry) entry.record = expandRecord(entry.record, tables, [...path, "record"]);
  if (isJson(entry.carried))
    entry.carried = {
      ...entry.carried,
      record: expandRecord(entry.carried.record, tables, [...path, "carried", "record"]),
    };
  return entry;
}
