import { closeSync, openSync, readSync } from "node:fs";

// A file read line by line in blocks of 1 MB (a snapshot of a million lines is never whole in
// memory).

/**
 * A line and where its bytes are in the file: `start` to `end` (without the line end); `next`
 * where the next line starts (`end` + 1 after a "\n", + 2 after a "\r\n").
 */
export interface LineSpan {
  text: string;
  start: number;
  end: number;
  next: number;
}

/** The lines of a file, read 1 MB at a time, without their line ends ("\n" or "\r\n"). */
export function* readLines(file: string): Generator<string> {
  for (const line of readLineSpans(file)) yield line.text;
}

/** The same lines with their byte offsets in the file. */
export function* readLineSpans(file: string): Generator<LineSpan> {
  let rest: Buffer = Buffer.alloc(0);
  // The file offset of `rest`'s first byte.
  let base = 0;
  for (const chunk of readChunks(file)) {
    const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      const end = nl > start && data[nl - 1] === 13 ? nl - 1 : nl;
      const text = data.toString("utf8", start, end);
      yield { text, start: base + start, end: base + end, next: base + nl + 1 };
      start = nl + 1;
    }
    rest = Buffer.from(data.subarray(start));
    base += start;
  }
  const end = base + rest.length;
  if (rest.length) yield { text: rest.toString("utf8"), start: base, end, next: end };
}

function* readChunks(file: string): Generator<Buffer> {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) return;
      yield buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}
