import { STATUS_CODES } from "node:http";
import type { Dispatcher } from "undici";
import { errorCode, field } from "../model/json.js";
import { decodeBody } from "./decode-body.js";
import { ERROR_BODY_LIMIT, readBody, retryAfterMs } from "./http-response.js";
import {
  errorForStatus,
  RequestError,
  RETRYABLE_STATUSES,
  serverErrorDetail,
  type RequestErrorKind,
} from "./request-error.js";

// What of a failed request is worth another try: an answer that is not 2xx, read into the error
// it is (what a network error means: network-error.ts).

/** A failure worth another try, with the server's requested delay if it gave one. */
export class RetryableError extends Error {
  constructor(
    readonly error: RequestError,
    readonly retryAfterMs?: number,
    readonly unreachable = false,
    /** A timeout or a 429: counts towards stopping the crawl early. */
    readonly stall = false,
  ) {
    super(error.message);
  }
}

/** Whether a request was cut off (the crawl stopped early). */
export function isAbort(error: unknown): boolean {
  const code = codeOrNone(error);
  return (
    field(error, "name") === "AbortError" || code === "UND_ERR_ABORTED" || code === "ABORT_ERR"
  );
}

/** A thrown value's code, or "". */
const codeOrNone = (error: unknown): string => errorCode(error) ?? "";

/**
 * A non-2xx answer as the error it is (its body read for the server's own words): a
 * RetryableError when its status is worth another try and the server asks to wait no longer
 * than crawl.maxRetryAfterSeconds; `stalled` hears of a 429 that is not retried.
 */
export async function statusFailure(
  response: Dispatcher.ResponseData,
  url: string,
  options: {
    maxRetryAfterSeconds: number;
    bodyTimeoutMs: number;
    withToken: boolean;
    tokenEnv?: string;
    hint?: string;
    also?: string;
    stalled: (kind: RequestErrorKind) => void;
  },
): Promise<RequestError | RetryableError> {
  const status = response.statusCode;
  const text = await readBody(response, url, ERROR_BODY_LIMIT, options.bodyTimeoutMs)
    .then((raw) => decodeBody(raw, response.headers, url, ERROR_BODY_LIMIT, status))
    .then(
      (bytes) => bytes.toString("utf8"),
      () => "",
    );
  const error = errorForStatus(url, status, serverErrorDetail(text), {
    withToken: options.withToken,
    tokenEnv: options.tokenEnv ?? "WEBLATE_TOKEN",
    hint: options.hint,
    also: options.also,
  });
  if (!RETRYABLE_STATUSES.has(status)) return error;
  const wait = retryAfterMs(response.headers);
  const maxSeconds = options.maxRetryAfterSeconds;
  if (wait !== undefined && wait > maxSeconds * 1000) {
    // Waiting the cap and asking again would only be told the same; say what the server asked.
    const asked =
      `${status} ${STATUS_CODES[status] ?? ""}: the server asks to ` +
      `wait ${Math.ceil(wait / 1000)} s (Retry-After), longer than ` +
      `crawl.maxRetryAfterSeconds (${maxSeconds} s); not retried`;
    if (status === 429) options.stalled(error.kind);
    return new RequestError(error.kind, url, asked, status);
  }
  return new RetryableError(error, wait, false, status === 429);
}
