import { RequestError, type RequestErrorKind } from "./request-error.js";

/**
 * Timeouts or 429s in a row after which the server is taken to be overwhelmed (or throttling us)
 * for good.
 */
export const STALLS_BEFORE_STOP = 5;

/**
 * Stops a crawl early, once, for every request still to come: when the crawl's deadline passes,
 * or when the server timed out or answered 429 several times in a row. Without it a server that
 * never answers costs every translation its every retry, minutes of silence with the defaults.
 * Requests in flight are aborted through `signal`; the ones not yet sent fail at once.
 */
export class CrawlGuard {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private streak = 0;
  private stop: { kind: RequestErrorKind; reason: string } | undefined;
  /** Requests sent and not yet settled, and when one last settled (or the guard began). */
  private open = 0;
  private quietSince = Date.now();
  private watcher: NodeJS.Timeout | undefined;

  constructor(deadlineSeconds: number) {
    this.timer = setTimeout(
      () =>
        this.halt(
          "inaccessible",
          `the crawl's deadline of ${deadlineSeconds} s passed (crawl.deadlineSeconds)`,
        ),
      deadlineSeconds * 1000,
    );
    this.timer.unref();
  }

  /**
   * Tells `say`, every `everyMs` while requests are open and none settled for that long, for how
   * long the server has been silent and how many requests wait: a log without a terminal is
   * never silent for longer.
   */
  watch(everyMs: number, say: (silentMs: number, open: number) => void): void {
    this.watcher = setInterval(() => {
      const silent = Date.now() - this.quietSince;
      if (this.open > 0 && silent >= everyMs) say(silent, this.open);
    }, everyMs);
    this.watcher.unref();
  }

  /** A request goes out. */
  sent(): void {
    this.open += 1;
  }

  /** A request settled: answered, failed or cut off. */
  settled(): void {
    this.open = Math.max(0, this.open - 1);
    this.quietSince = Date.now();
  }

  /** Aborted when the crawl stops early. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** A request timed out or was answered 429. */
  stalled(error: RequestError): void {
    this.streak += 1;
    if (this.streak >= STALLS_BEFORE_STOP) {
      const what = error.status === 429 ? "answered 429 Too Many Requests to" : "timed out on";
      this.halt(
        error.kind,
        `the server ${what} ${STALLS_BEFORE_STOP} requests in a row, so the remaining ones were ` +
          `not sent`,
      );
    }
  }

  /** The server answered (anything but 429). */
  answered(): void {
    this.streak = 0;
  }

  /**
   * The error for a request that is not made (or was cut off) because the crawl stopped; undefined
   * while it runs.
   */
  errorFor(url: string): RequestError | undefined {
    return this.stop && new RequestError(this.stop.kind, url, `not tried, ${this.stop.reason}`);
  }

  close(): void {
    clearTimeout(this.timer);
    clearInterval(this.watcher);
  }

  /** Stops the crawl from outside (the run was interrupted): what is left is not tried. */
  interrupt(reason: string): void {
    this.halt("inaccessible", reason);
  }

  /** Stops the crawl: what is left is not tried, failing as `kind` for `reason`. */
  halt(kind: RequestErrorKind, reason: string): void {
    if (this.stop) return;
    this.stop = { kind, reason };
    this.controller.abort();
  }
}
