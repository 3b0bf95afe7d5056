import pLimit from "p-limit";
import { setImmediate } from "node:timers/promises";

/**
 * Handling list items (validating them) runs in slices of about this many ms, so responses are
 * read and requests sent in between. Shorter slices hand the event loop back more often, which
 * pays in crawls of many lists and costs nothing in small ones (bench/crawl.bench.ts measures it).
 */
const SLICE_MS = 0.3;

/**
 * Handles the items of one list at a time. Were several handled side by side, each would take its
 * slice in every turn of the event loop, and responses would wait that much longer to be read.
 */
export class SliceQueue {
  private readonly oneAtATime = pLimit(1);

  /** Calls `each` on every item, in slices, after the lists queued before; resolves to `done()`. */
  run<I, T>(
    items: readonly I[],
    each: (item: I, index: number) => void,
    done: () => T,
  ): Promise<T> {
    return this.oneAtATime(async () => {
      let sliceStart = performance.now();
      for (const [index, item] of items.entries()) {
        // Handling a record (validating it) takes the main thread; between slices the event loop
        // reads the responses that have come in and sends the requests waiting for a slot.
        if (performance.now() - sliceStart >= SLICE_MS) {
          await setImmediate();
          sliceStart = performance.now();
        }
        each(item, index);
      }
      return done();
    });
  }
}
