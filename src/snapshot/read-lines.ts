import { closeSync, openSync, readSync } from "node:fs";

// A file read line by line in blocks of 1 MB (a snapshot of a million lines is never whole in
// memory).

/** The lines of a file, read 1 MB at a time, without their line ends ("\n" or "\r\n"). */
export function* readLines(file: string): Generator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for (const chunk of readChunks(file)) {
    const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      const end = nl > start && data[nl - 1] === 13 ? nl - 1 : nl;
      yield data.toString("utf8", start, end);
      start = nl + 1;
    }
    rest = Buffer.from(data.subarray(start));
  }
  if (rest.length) yield rest.toString("utf8");
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
