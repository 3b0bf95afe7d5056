import { closeSync, openSync, readSync } from "node:fs";

// The layout `crawl` writes: the header (indented JSON, the tables one record a line), then
// `  "translations": [`, one translation a line (`    {...},`), `  ]`, `}`. A file is read a line
// at a time, in blocks of 1 MB, so a snapshot of a million lines is never whole in memory.

export const ENTRIES_START = '  "translations": [';
export const NO_ENTRIES = '  "translations": []';

/** A line of the file turned out not to be the layout: the caller reads the file whole. */
export class NotTheLayout extends Error {}

/** The lines of a file, without their line ends ("\n" or "\r\n"). */
export function* readLines(file: string): Generator<string> {
  const fd = openSync(file, "r");
  try {
    // One buffer for the whole file: the unfinished line moved to its start, the next block read
    // after it (grown only for a line longer than a block). A buffer a block would outlive many
    // young-generation collections while its lines are used, and wait for a full one.
    let data = Buffer.allocUnsafe(1 << 20);
    let rest = 0;
    for (;;) {
      if (rest === data.length) data = Buffer.concat([data, Buffer.allocUnsafe(data.length)]);
      const n = readSync(fd, data, rest, data.length - rest, null);
      if (n === 0) break;
      const filled = rest + n;
      const view = data.subarray(0, filled);
      let start = 0;
      for (let nl = view.indexOf(10); nl !== -1; nl = view.indexOf(10, start)) {
        const end = nl > start && data[nl - 1] === 13 ? nl - 1 : nl;
        yield data.toString("utf8", start, end);
        start = nl + 1;
      }
      data.copy(data, 0, start, filled);
      rest = filled - start;
    }
    if (rest) yield data.toString("utf8", 0, rest);
  } finally {
    closeSync(fd);
  }
}

/**
 * The translations parsed, one a line; throws NotTheLayout at the first line that is not one whole
 * translation (or at the end, when the file does not close as the layout does).
 */
export function* layoutEntries(file: string): Generator<unknown> {
  let state: "header" | "entries" | "closing" | "end" = "header";
  for (const line of readLines(file)) {
    if (state === "header") {
      if (line === NO_ENTRIES) state = "closing";
      else if (line === ENTRIES_START) state = "entries";
    } else if (state === "entries") {
      if (line === "  ]") state = "closing";
      else if (!line.startsWith("    {")) throw new NotTheLayout();
      else yield parseLine(line.slice(4, line.endsWith(",") ? -1 : undefined));
    } else if (state === "closing" && line === "}") state = "end";
    else if (line.trim() !== "") throw new NotTheLayout();
  }
  if (state !== "end") throw new NotTheLayout();
}

/** One translation's text parsed; NotTheLayout when it is not JSON. */
function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotTheLayout();
  }
}
