import { setTimeout as sleep } from "node:timers/promises";
import type { Dispatcher } from "undici";
import { header } from "./http-response.js";

// The server's quota, honoured before it answers 429. Weblate sends X-RateLimit-Limit, -Remaining
// and -Reset on every API answer (its api/middleware.py; Reset is the seconds until the oldest
// request of the window leaves it, Django REST framework's throttles being sliding windows). The
// gate spends at most what is left: the last Remaining the server reported, less the requests
// sent since and still unanswered. When that is spent, the next request waits for the reset,
// saying so once a wait, if the reset is within crawl.maxRetryAfterSeconds; past it, requests
// are not sent and fail at once, naming the wait. After a wait one request goes first: its answer
// tells how much the window gave back (one request's worth, in a sliding window).

/** What a request may do: go, or not be sent because the quota is used up for `blockedSeconds`. */
export type Admission = { blockedSeconds?: undefined } | { blockedSeconds: number };

export class RateGate {
  /** Requests that may still be sent in this window; undefined while the server said nothing. */
  private left: number | undefined;
  /** When the server's window resets (ms since the epoch). */
  private resetAt = 0;
  /** Requests sent and not yet answered. */
  private inFlight = 0;
  /**
   * Whether the current wait was said. A wait is said once: from the first request it holds back
   * until a request goes on fresh quota again, however often the server's answers meanwhile move
   * the reset (each answer of a sliding window names a slightly later one).
   */
  private waitSaid = false;
  /** After a reset, the one request that goes first; the others wait for its answer. */
  private probe: { done: Promise<void>; resolve: () => void } | undefined;
  /** The last quota the server reported, for the summary and the tests. */
  remaining: number | undefined;
  /** The last limit the server reported. */
  limit: number | undefined;

  /**
   * `maxWaitMs`: the longest wait for a reset; `onWait`: told of each wait, in words.
   */
  constructor(
    private readonly maxWaitMs: number,
    private readonly onWait?: (line: string) => void,
  ) {}

  /** Waits, if the quota is spent, until the request may be sent; then counts it as in flight. */
  async admit(signal?: AbortSignal): Promise<Admission> {
    for (;;) {
      if (this.probe) {
        await this.probe.done;
        continue;
      }
      if (this.left === undefined || this.left > 0) {
        if (this.left !== undefined) {
          this.left -= 1;
          this.waitSaid = false;
        }
        this.inFlight += 1;
        return {};
      }
      const wait = this.resetAt - Date.now();
      if (wait <= 0) {
        // The window has moved on: one request goes, and its answer tells the new quota.
        let resolve = () => {};
        const done = new Promise<void>((r) => (resolve = r));
        this.probe = { done, resolve };
        this.left = undefined;
        this.inFlight += 1;
        return {};
      }
      if (wait > this.maxWaitMs) return { blockedSeconds: Math.ceil(wait / 1000) };
      if (!this.waitSaid) {
        this.waitSaid = true;
        const of = this.limit !== undefined ? ` of ${this.limit}` : "";
        this.onWait?.(
          `waiting ${Math.ceil(wait / 1000)} s: the server's rate limit is used up (0${of} ` +
            `requests left, X-RateLimit-Remaining) until its window resets (X-RateLimit-Reset)`,
        );
      }
      await sleep(wait, undefined, { signal }).catch(() => undefined);
      if (signal?.aborted) {
        this.inFlight += 1;
        return {};
      }
    }
  }

  /** A request that got no answer: no longer in flight. */
  release(): void {
    this.observe({});
  }

  /** Reads the quota headers of an answer (any status), and counts its request as answered. */
  observe(headers: Dispatcher.ResponseData["headers"]): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    const probe = this.probe;
    this.probe = undefined;
    try {
      this.read(headers);
    } finally {
      probe?.resolve();
    }
  }

  private read(headers: Dispatcher.ResponseData["headers"]): void {
    const remaining = numberHeader(headers, "x-ratelimit-remaining");
    const reset = numberHeader(headers, "x-ratelimit-reset");
    if (remaining === undefined || reset === undefined) return;
    this.remaining = remaining;
    this.limit = numberHeader(headers, "x-ratelimit-limit") ?? this.limit;
    const resetAt = Date.now() + Math.max(reset, 0) * 1000;
    // What is left: what the server counted, less what was sent since and is still on the way.
    const left = Math.max(0, remaining - this.inFlight);
    // A later reset by more than the answers' own spread is a new window: its quota replaces the
    // old one; otherwise the lower count is the newer news.
    const newWindow = this.left === undefined || resetAt > this.resetAt + 1500;
    this.left = newWindow ? left : Math.min(this.left ?? left, left);
    this.resetAt = newWindow ? resetAt : Math.max(this.resetAt, resetAt);
  }
}

function numberHeader(
  headers: Dispatcher.ResponseData["headers"],
  name: string,
): number | undefined {
  const value = header(headers, name)?.trim();
  const n = Number(value);
  return value && Number.isFinite(n) ? n : undefined;
}
