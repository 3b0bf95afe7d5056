import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Lets the event loop turn, then throws the signal's reason if it was aborted. Node runs a
 * signal's handler (a CI runner's cancel) only when the event loop polls, never inside
 * synchronous code: a long synchronous pass calls this after it, so a stop is heard there.
 * Two immediates: whatever phase this is called in, the loop polls between them.
 */
export async function heardStop(signal: AbortSignal | undefined): Promise<void> {
  await nextTurn();
  await nextTurn();
  signal?.throwIfAborted();
}
