import { ConfigError } from "../model/errors.js";
import { isJson } from "../model/json.js";
import { RequestError, type RequestErrorKind } from "./request-error.js";

/**
 * Timeouts or 429s in a row after which the server is taken to be overwhelmed (or throttling us)
 * for good.
 */
export const STALLS_BEFORE_STOP = 5;

/**
 * Stops a crawl early, once, for every request still to come: when the crawl's deadline passes,
 * the run is stopped, or the server timed out or answered 429 several times in a row. Without it
 * a server that never answers costs every translation its every retry, minutes of silence with
 * the defaults. Requests in flight are aborted through `signal`; the ones not yet sent fail at
 * once. Some failures end the whole run at the first sign, since every other request would fail
 * the same way (`runError`): a token the server refuses, and an address that is not a Weblate
 * API. Each is one line that says what is wrong and what to set.
 */
export class CrawlGuard {
  /** Why the whole run stops, when it does. */
  runError: ConfigError | undefined;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private streak = 0;
  private stop: { kind: RequestErrorKind; reason: string } | undefined;
  /** Requests sent and not yet settled, and when one last settled (or the guard began). */
  private open = 0;
  private quietSince = Date.now();
  private watcher: NodeJS.Timeout | undefined;
  /** An API request was answered with a page that is not JSON: the API root is asked, once. */
  private pageSeen = false;
  private rootCheck: Promise<void> | undefined;

  constructor(
    deadlineSeconds: number,
    private readonly baseUrl: string,
    private readonly setting: string,
  ) {
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
    if (this.streak < STALLS_BEFORE_STOP) return;
    const what = error.status === 429 ? "answered 429 Too Many Requests to" : "timed out on";
    this.halt(
      error.kind,
      `the server ${what} ${STALLS_BEFORE_STOP} requests in a row, so the remaining ones were ` +
        `not sent`,
    );
  }

  /** The server answered (anything but 429). */
  answered(): void {
    this.streak = 0;
  }

  /** The error for a request not made (or cut off) because the crawl stopped; else undefined. */
  errorFor(url: string): RequestError | undefined {
    return this.stop && new RequestError(this.stop.kind, url, `not tried, ${this.stop.reason}`);
  }

  close(): void {
    clearTimeout(this.timer);
    clearInterval(this.watcher);
  }

  /** Stops the crawl: what is left is not tried, failing as `kind` for `reason`. */
  halt(kind: RequestErrorKind, reason: string): void {
    if (this.stop) return;
    this.stop = { kind, reason };
    this.controller.abort();
  }

  /** The server answered 401 to a request with a token: the run stops. */
  tokenRefused(error: RequestError, tokenEnv: string): void {
    this.stopRun(
      new ConfigError(
        `API token refused (${tokenEnv}): ${error.message}; the crawl stopped at this first 401 ` +
          `and sent no more requests`,
      ),
      "auth",
    );
  }

  /** An answer came as a page (its type not JSON, or its body not JSON). */
  sawPage(): void {
    this.pageSeen = true;
  }

  /**
   * Once a page came: whether the API root answers as Weblate's does (asked once, by `getJson`);
   * when it does not, the run stops, the address being wrong. `url`: the request that failed.
   */
  checkRoot(url: string, getJson: (root: string) => Promise<{ body: unknown }>): Promise<void> {
    const root = `${this.baseUrl.replace(/\/+$/, "")}/api/`;
    if (!this.pageSeen || url === root || !url.startsWith(root)) return Promise.resolve();
    this.rootCheck ??= getJson(root).then(
      ({ body }) => {
        // Weblate's API root lists its endpoints by name.
        if (!isJson(body) || typeof body.projects !== "string")
          this.stopRun(this.notWeblate(root, 'JSON without "projects"'));
      },
      (error: unknown) => {
        // No answer, or one that does not say what is there (refused, throttled, failing): the
        // requests keep their own errors.
        const status = error instanceof RequestError ? error.status : undefined;
        if (status === undefined || [401, 403, 429].includes(status) || status >= 500) return;
        this.stopRun(this.notWeblate(root, error instanceof RequestError ? error.detail : ""));
      },
    );
    return this.rootCheck;
  }

  private stopRun(error: ConfigError, kind: RequestErrorKind = "invalid-response"): void {
    this.runError ??= error;
    this.halt(kind, error.message);
  }

  /** The API root did not answer as Weblate's does (`why`: what it answered). */
  private notWeblate(root: string, why: string): ConfigError {
    return new ConfigError(
      `${this.baseUrl} does not serve a Weblate API: its root ${root} answered ${why}, where ` +
        `Weblate lists its endpoints as JSON ({"projects": ".../api/projects/", ...}); set ` +
        `${this.setting} to the address Weblate is served at, such as https://hosted.weblate.org ` +
        `(its API root is that address and /api/)`,
    );
  }
}
