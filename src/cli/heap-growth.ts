import { setFlagsFromString } from "node:v8";

// A long crawl or render allocates fast and keeps little: the spool keeps a few bytes per
// translation, and what a list brings is garbage once its records are validated; the renderer
// keeps a row of numbers per translation, and each page is garbage once written. V8 lets the old
// generation grow to up to 4 times what survived its last full collection (on a machine with a
// large heap limit), and a longer run gives it the time to: a 100,000-translation crawl settled
// with some 110 MB of old space, nearly all garbage, where 10,000 had 40 MB (docs/BENCHMARKS.md).
// Growing by at most 1.25 times keeps the peak flat at any size for a few percent more time
// collecting: at 1,000,000 translations the render's old space stays some 62 MB for 45 MB live
// (70 MB at 1.5 times, the peak 8 to 16 MB higher) for about 8% more user CPU.
// The flag is read at each collection, so setting it now takes effect for the rest of the run.

const FLAG = "heap-growing-percent";
const GROWING_PERCENT = 25;
let done = false;

/**
 * Bounds the heap's growth for the rest of the process, unless the person running it set the flag
 * on node's command line (node refuses it in NODE_OPTIONS).
 */
export function boundHeapGrowth(): void {
  if (done) return;
  done = true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some(
    (a) => a.includes(FLAG) || a.includes(FLAG.replaceAll("-", "_")),
  );
  if (!given) setFlagsFromString(`--${FLAG}=${GROWING_PERCENT}`);
}
