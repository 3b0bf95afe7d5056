import { STATUS_CODES } from "node:http";
import { errorCode, field } from "../model/json.js";
import { RequestError } from "./request-error.js";

// When a failed request is tried again, and after how long: `retryVerdict`, a pure function of
// the failure and the settings (tested as a table).

/**
 * HTTP statuses worth another try: request timeout, a locked component (423, while Weblate works
 * on its repository), too early, throttling, and server-side failures.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([
  408, 423, 425, 429, 500, 502, 503, 504,
]);

/** What the policy reads: crawl.retries, crawl.retryDelayMs, crawl.maxRetryAfterSeconds. */
export interface RetrySettings {
  retries: number;
  retryDelayMs: number;
  maxRetryAfterSeconds: number;
}

/** A failed try: its HTTP status (none when no answer came), the tries made, the server's wait. */
export interface RetryCase {
  status?: number | undefined;
  tries: number;
  retryAfterMs?: number | undefined;
}

export type RetryVerdict =
  | { retry: true; delayMs: number }
  | { retry: false; why: "not retryable" | "out of tries" | "waits too long" };

/**
 * Whether to try again and when: a status outside RETRYABLE_STATUSES never; a Retry-After past
 * crawl.maxRetryAfterSeconds never (asking again would be told the same); after `retries` retries
 * no more; else after the server's Retry-After, or an exponential backoff from `retryDelayMs` with
 * `jitter` (0 to 1) taking off up to half.
 */
export function retryVerdict(
  failure: RetryCase,
  settings: RetrySettings,
  jitter = Math.random(),
): RetryVerdict {
  if (failure.status !== undefined && !RETRYABLE_STATUSES.has(failure.status))
    return { retry: false, why: "not retryable" };
  const wait = failure.retryAfterMs;
  if (wait !== undefined && wait > settings.maxRetryAfterSeconds * 1000)
    return { retry: false, why: "waits too long" };
  if (failure.tries > settings.retries) return { retry: false, why: "out of tries" };
  if (wait !== undefined) return { retry: true, delayMs: wait };
  const backoff = settings.retryDelayMs * 2 ** (failure.tries - 1) * (0.5 + jitter / 2);
  return { retry: true, delayMs: backoff };
}

/** Whether a request was cut off (the crawl stopped early). */
export function isAbort(error: unknown): boolean {
  const code = errorCode(error);
  return (
    field(error, "name") === "AbortError" || code === "UND_ERR_ABORTED" || code === "ABORT_ERR"
  );
}

/**
 * The error a request ends with once the policy gives up: a Retry-After past the cap said as the
 * server's ask; a timeout with the number of tries it had.
 */
export function givenUp(
  error: RequestError,
  why: "not retryable" | "out of tries" | "waits too long",
  tries: number,
  options: { maxRetryAfterSeconds: number },
): RequestError {
  const { kind, url, status, detail } = error;
  if (why === "waits too long") {
    const wait = Math.ceil((error.retryAfterMs ?? 0) / 1000);
    const cap = options.maxRetryAfterSeconds;
    const asked =
      `${status} ${STATUS_CODES[status ?? 0] ?? ""}: the server asks to wait ${wait} s ` +
      `(Retry-After), longer than crawl.maxRetryAfterSeconds (${cap} s); not retried`;
    return new RequestError(kind, url, asked, status);
  }
  if (!error.stall || status !== undefined) return error;
  const times = tries === 1 ? "once" : `${tries} times`;
  return new RequestError(kind, url, `${detail}; tried ${times}`, status, { cause: error.cause });
}
