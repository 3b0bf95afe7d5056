import { setTimeout as sleep } from "node:timers/promises";
import type { Dispatcher } from "undici";

/**
 * Paces requests by the server's X-RateLimit-Remaining and X-RateLimit-Reset headers
 * (Reset is seconds until the window resets), so a crawl slows down before the quota
 * runs out instead of running into 429s.
 */
export class RateGate {
  private nextAt = 0;
  private intervalMs = 0;
  /** When the quota, used up, resets, if that is further away than the longest wait honoured. */
  private blockedUntil = 0;
  /** The last quota the server reported, for the summary. */
  remaining: number | undefined;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  /** Resolves when the next request may start (at once, should `signal` abort). */
  async wait(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.nextAt);
    this.nextAt = start + this.intervalMs;
    if (start > now) await sleep(start - now, undefined, { signal }).catch(() => undefined);
  }

  /**
   * Seconds until a used-up quota resets, when that is longer than the longest wait honoured; else
   * undefined.
   */
  blockedSeconds(now = Date.now()): number | undefined {
    return this.blockedUntil > now ? Math.ceil((this.blockedUntil - now) / 1000) : undefined;
  }

  /** Reads the quota headers of a response. */
  observe(headers: Dispatcher.ResponseData["headers"]): void {
    const remaining = numberHeader(headers, "x-ratelimit-remaining");
    const reset = numberHeader(headers, "x-ratelimit-reset");
    if (remaining === undefined || reset === undefined) return;
    this.remaining = remaining;
    const fullResetMs = Math.max(reset, 0) * 1000;
    const resetMs = Math.min(fullResetMs, this.maxWaitMs);
    if (fullResetMs > this.maxWaitMs) {
      // A reset further away than we would wait: use what is left at full speed; once it is used
      // up, requests fail at once naming the wait instead of each waiting the cap in turn.
      if (remaining <= 0) this.blockedUntil = Math.max(this.blockedUntil, Date.now() + fullResetMs);
      this.intervalMs = 0;
    } else if (remaining <= 0) {
      // Quota used up: nothing more until the window resets.
      this.nextAt = Math.max(this.nextAt, Date.now() + resetMs);
      this.intervalMs = 0;
    } else if (remaining <= this.concurrency * 2) {
      // Few left: spread what is left over the rest of the window.
      this.intervalMs = resetMs / remaining;
    } else {
      this.intervalMs = 0;
    }
  }
}

function numberHeader(
  headers: Dispatcher.ResponseData["headers"],
  name: string,
): number | undefined {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
