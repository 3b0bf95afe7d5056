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
port.on("message", ({ items, bytes }) => {
  let current = "";
  try {
    for (const item of items) {
      const file = item[0];
      current = file;
      const dir = dirname(file);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        if (made.size >= MADE_LIMIT) made.clear();
        made.add(dir);
      }
      if (item[1] === "c") copyFileSync(item[2], file, constants.COPYFILE_FICLONE);
      else if (item[1] === "w")
        writeFileSync(file, new Uint8Array(bytes, item[2], item[3] - item[2]));
      else appendFileSync(file, new Uint8Array(bytes, item[2], item[3] - item[2]));
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
