import { setImmediate as nextTurn } from "node:timers/promises";

// A long synchronous pass (the first read of a million rows, the budget's measuring) cut into
// steps: a generator that yields between steps and returns its result. Run at once where nothing
// else waits (tests, siteFiles), or with the event loop let turn between steps, so that a signal
// (a CI runner's cancel) is heard within a fraction of a second and stops the run there: Node
// runs a signal's handler only when the event loop turns, never inside synchronous code.

/** A pass that yields between its steps (each some thousand rows) and returns a `T`. */
export type Steps<T> = Generator<void, T, void>;

/** Rows a pass handles between two steps. */
export const STEP_ROWS = 2048;

/** Runs every step at once. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** How long the event loop may wait for its next turn while steps run, at most (ms). */
const TURN_MS = 50;

/**
 * The event loop let turn when `TURN_MS` have passed since its last turn, and the signal's reason
 * thrown once it is aborted.
 */
export class Turns {
  private last = performance.now();

  constructor(private readonly signal?: AbortSignal) {}

  /** Whether the event loop is due a turn (cheap: a clock read). */
  due(): boolean {
    return performance.now() - this.last >= TURN_MS;
  }

  /** Lets the event loop turn; throws the signal's reason once it is aborted. */
  async take(): Promise<void> {
    await nextTurn();
    this.last = performance.now();
    this.signal?.throwIfAborted();
  }
}

/**
 * Runs the steps, letting the event loop turn between them every few tens of ms; stops with the
 * signal's reason once it is aborted.
 */
export async function runStepsTurning<T>(steps: Steps<T>, turns: Turns): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (turns.due()) await turns.take();
  }
}
