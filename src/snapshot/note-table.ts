import type { Problem } from "./schema.js";

// The notes of a compact snapshot (schemaVersion 3). A newer server's record holds some forty
// fields the contract does not name, each a note ("component.project.credits_url: expected no
// such field ..."), and every translation of a component repeats its component's and its
// language's: 4.5 KB of a 5.7 KB line. The file keeps each distinct note about a shared record
// (a path under `component` or `language`) once, in the `notes` table, and an entry's `notes`
// holds, in order, table indexes for those and the other notes whole. Notes about the
// translation's own fields may differ for every translation, so they stay in their entry: the
// table grows with the components and languages, never with the translations.
//
// An entry's stored notes are an array of: a note (an object, as it was), an index into the table
// (a number), or a run of indexes `[first, count]` (first, first + 1, ... count of them). The
// notes of one component come in one order on each of its translations, so they are runs of
// consecutive indexes: an entry's 37 notes take a few runs.

/** Whether a note is about a shared record, and goes in the table. */
export function isTabledNote(note: Problem): boolean {
  const { path } = note;
  return (
    path === "component" ||
    path === "language" ||
    path.startsWith("component.") ||
    path.startsWith("language.") ||
    path.startsWith("component[") ||
    path.startsWith("language[")
  );
}

/** Stored notes from notes given as table indexes (numbers) or whole (objects), in order. */
export function encodeNotes(items: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  let run: { first: number; count: number } | undefined;
  const close = () => {
    if (run) out.push(run.count === 1 ? run.first : [run.first, run.count]);
    run = undefined;
  };
  for (const item of items) {
    if (typeof item !== "number") {
      close();
      out.push(item);
    } else if (run && item === run.first + run.count) run.count += 1;
    else {
      close();
      run = { first: item, count: 1 };
    }
  }
  close();
  return out;
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

/** How many times its table an entry's runs may name in all (about once, when written here). */
const RUNS_PER_TABLE = 4;

/**
 * Stored notes whole again, given the table: table indexes (numbers) and runs of them looked up,
 * whole notes (anything else) as stored, in order. Throws TableIndexError (under `path`, theirs)
 * on an index outside the table. Anything but an array is given back as it is (the schema names
 * it).
 */
export function expandNotes(
  stored: unknown,
  table: readonly unknown[],
  path: (string | number)[],
): unknown {
  if (!Array.isArray(stored)) return stored;
  const size = table.length;
  const out: unknown[] = [];
  const fail = (at: number, message: string) => new TableIndexError([...path, at], message);
  const check = (i: unknown, at: number): number => {
    if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= size)
      throw fail(
        at,
        `expected an index into "notes" (0 to ${size - 1}), found ${JSON.stringify(i)}`,
      );
    return i;
  };
  let fromRuns = 0;
  stored.forEach((item: unknown, at) => {
    if (typeof item === "number") out.push(table[check(item, at)]);
    else if (Array.isArray(item)) {
      const [first, count, ...more] = item;
      const start = check(first, at);
      if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || more.length > 0)
        throw fail(at, `expected a run [first, count], found ${JSON.stringify(item)}`);
      check(start + count - 1, at);
      // Runs name each note of the table about once an entry (a few times at most): a file from
      // elsewhere (a previous site) must not make a few bytes into millions of notes.
      fromRuns += count;
      if (fromRuns > RUNS_PER_TABLE * size + 64)
        throw fail(at, `expected runs of a few times the table's notes at most`);
      for (let i = 0; i < count; i++) out.push(table[start + i]);
    } else out.push(item);
  });
  return out;
}
