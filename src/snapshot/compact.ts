import { isJson, type Json } from "../model/json.js";
import type { Problem, SnapshotEntry } from "./schema.js";

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
// The notes: a newer server's record holds some forty fields the contract does not name, each a
// note ("component.project.credits_url: expected no such field ..."), and every translation of a
// component repeats its component's and its language's: 4.5 KB of a 5.7 KB line. Each distinct
// note about a shared record (a path under `component` or `language`) is kept once, in the `notes`
// table; notes about the translation's own fields stay in their entry, so the table grows with
// the components and languages, never with the translations. An entry's stored notes are, in
// order: a note (an object, as it was), an index into the table (a number), or a run of indexes
// `[first, count]` (first, first + 1, ... count of them). The notes of one component come in one
// order on each of its translations, so an entry's 37 notes take a few runs.

/** The tables of a compact snapshot, as stored (components hold their project's index). */
export interface CompactTables {
  projects: unknown[];
  components: unknown[];
  languages: unknown[];
  notes: unknown[];
}
type Table = keyof CompactTables;

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
  private index(table: Table, value: object, original: object = value): number {
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

  /** An entry's notes as stored: those about shared records as table indexes, in runs. */
  private compactNotes(notes: readonly Problem[]): unknown[] {
    const out: unknown[] = [];
    let run: { first: number; count: number } | undefined;
    const close = () => {
      if (run) out.push(run.count === 1 ? run.first : [run.first, run.count]);
      run = undefined;
    };
    for (const note of notes) {
      if (!/^(component|language)($|[.[])/.test(note.path)) {
        close();
        out.push(note);
        continue;
      }
      const i = this.index("notes", note);
      if (run && i === run.first + run.count) run.count += 1;
      else {
        close();
        run = { first: i, count: 1 };
      }
    }
    close();
    return out;
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

/** Where a stored snapshot's index does not point into its tables: the path of the index. */
export class TableIndexError extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
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

function lookup(
  table: readonly unknown[],
  index: unknown,
  path: (string | number)[],
  name: Table,
): unknown {
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= table.length)
    throw new TableIndexError(
      path,
      `expected an index into "${name}" (0 to ${table.length - 1}), found ${JSON.stringify(index)}`,
    );
  return table[index];
}

function expandRecord(record: unknown, tables: CompactTables, path: (string | number)[]): unknown {
  if (!isJson(record)) return record;
  const out: Json = { ...record };
  for (const [key, table] of [
    ["language", "languages"],
    ["component", "components"],
  ] as const)
    if (typeof record[key] === "number")
      out[key] = lookup(tables[table], record[key], [...path, key], table);
  return out;
}

/** How many times its table an entry's runs may name in all (about once, when written here). */
const RUNS_PER_TABLE = 4;

/**
 * Stored notes whole again: table indexes and runs of them looked up, whole notes as stored, in
 * order. Anything but an array is given back as it is (the schema names it).
 */
function expandNotes(stored: unknown, table: readonly unknown[], path: (string | number)[]) {
  if (!Array.isArray(stored)) return stored;
  const out: unknown[] = [];
  let fromRuns = 0;
  stored.forEach((item: unknown, at) => {
    const where = [...path, at];
    if (typeof item === "number") out.push(lookup(table, item, where, "notes"));
    else if (Array.isArray(item)) {
      const [first, count, ...more] = item;
      lookup(table, first, where, "notes");
      if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || more.length > 0)
        throw new TableIndexError(
          where,
          `expected a run [first, count], found ${JSON.stringify(item)}`,
        );
      lookup(table, first + count - 1, where, "notes");
      // Runs name each note of the table about once an entry (a few times at most): a file from
      // elsewhere (a previous site) must not make a few bytes into millions of notes.
      fromRuns += count;
      if (fromRuns > RUNS_PER_TABLE * table.length + 64)
        throw new TableIndexError(where, "expected runs of a few times the table's notes at most");
      for (let i = first; i < first + count; i++) out.push(table[i]);
    } else out.push(item);
  });
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
