import { createRequire as __l10nSnapshotRequire } from "node:module";
const require = __l10nSnapshotRequire(import.meta.url);

// src/output/writer-thread.js
import { appendFileSync, constants, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parentPort } from "node:worker_threads";
if (!parentPort) throw new Error("writer-thread.js runs as a worker thread only");
var port = parentPort;
var made = /* @__PURE__ */ new Set();
var MADE_LIMIT = 4096;
var own = (text) => [...text].join("");
port.on("message", ({ names: joined, how, ends, bytes }) => {
  let current = "";
  try {
    const names = joined.split("\0");
    let name = 0;
    let start = 0;
    for (let i = 0; i < how.length; i++) {
      const file = names[name++] ?? "";
      const end = ends[i] ?? start;
      current = file;
      const dir = dirname(file);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        if (made.size >= MADE_LIMIT) made.clear();
        made.add(own(dir));
      }
      const kind = how[i];
      if (kind === "c") copyFileSync(names[name++] ?? "", file, constants.COPYFILE_FICLONE);
      else if (kind === "w") writeFileSync(file, new Uint8Array(bytes, start, end - start));
      else appendFileSync(file, new Uint8Array(bytes, start, end - start));
      start = end;
    }
    port.postMessage({ failure: null, bytes }, [bytes]);
  } catch (error) {
    const e = (
      /** @type {NodeJS.ErrnoException} */
      error
    );
    port.postMessage({ failure: { file: current, code: e.code, message: e.message }, bytes }, [
      bytes
    ]);
  }
});
