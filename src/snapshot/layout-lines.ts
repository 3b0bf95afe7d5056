import { readLineSpans } from "./read-lines.js";

// The layout `crawl` writes: the header (indented JSON, the tables one record a line), then
// `  "translations": [`, one translation a line (`    {...},`), `  ]`, `}`. Each translation's
// text is read where it is, with its bytes' place in the file, so a run can copy a line it would
// write the same without writing it again (spool.ts).

export const ENTRIES_START = '  "translations": [';
export const NO_ENTRIES = '  "translations": []';

/** A line of the file turned out not to be the layout: the caller reads the file whole. */
export class NotTheLayout extends Error {}

/** One translation's JSON text, and where its bytes are in the file. */
export interface LayoutLine {
  text: string;
  /** The byte offset of the text's first byte (its `{`). */
  offset: number;
  /** Its length in bytes (without the indent, the comma, the line end). */
  length: number;
  /**
   * The line ends with a comma and a "\n": the 6 bytes after the text are `,\n    ` when another
   * translation's line follows (what the writer puts between two translations).
   */
  joins: boolean;
}

/**
 * The translations' lines, unparsed; throws NotTheLayout at the first line that is not one whole
 * translation (or at the end, when the file does not close as the layout does).
 */
export function* layoutLines(file: string): Generator<LayoutLine> {
  let state: "header" | "entries" | "closing" | "end" = "header";
  for (const { text: line, start, end, next } of readLineSpans(file)) {
    if (state === "header") {
      if (line === NO_ENTRIES) state = "closing";
      else if (line === ENTRIES_START) state = "entries";
      continue;
    }
    if (state === "entries") {
      if (line === "  ]") {
        state = "closing";
        continue;
      }
      if (!line.startsWith("    {")) throw new NotTheLayout();
      const comma = line.endsWith(",");
      // The indent and the comma are one byte a character.
      yield {
        text: line.slice(4, comma ? -1 : undefined),
        offset: start + 4,
        length: end - start - 4 - (comma ? 1 : 0),
        joins: comma && next === end + 1,
      };
      continue;
    }
    if (state === "closing" && line === "}") state = "end";
    else if (line.trim() !== "") throw new NotTheLayout();
  }
  if (state !== "end") throw new NotTheLayout();
}

/** The translations parsed, one a line (NotTheLayout as above, also for a line not JSON). */
export function* layoutEntries(file: string): Generator<unknown> {
  for (const line of layoutLines(file)) yield parseLine(line.text);
}

/** One translation's text parsed; NotTheLayout when it is not JSON. */
export function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotTheLayout();
  }
}
