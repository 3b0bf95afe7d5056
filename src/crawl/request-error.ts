import { STATUS_CODES } from "node:http";
import { sanitizeText } from "../text/sanitize.js";
import { failureKinds, type FailureKind } from "../model/failure.js";
import { field } from "../model/json.js";

/**
 * What went wrong with one request, in a few kinds, each with its badge text (model/failure.ts).
 */
export const requestErrorKinds = failureKinds;
export type RequestErrorKind = FailureKind;

/**
 * A failed request. Its message names the request: `[GET] "https://host/api/...": 404 Not Found`.
 */
export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    readonly url: string,
    detail: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    // The detail often carries server text (an error body, a JSON parse error quoting the body):
    // sanitized here, once, so no message of a failed request can hold escapes or a secret.
    super(sanitizeText(`[GET] "${url}": ${detail}`), options);
    this.name = "RequestError";
  }

  get badgeText(): string {
    return requestErrorKinds[this.kind];
  }
}

/** HTTP statuses worth another try: request timeout, throttling, and server-side failures. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Maps a non-2xx, non-redirect status to an error, in one place. `withToken`: the crawl sends a
 * token (a 429 is then not cured by setting one).
 */
export function errorForStatus(
  url: string,
  status: number,
  serverDetail: string | undefined,
  withToken = false,
): RequestError {
  const text =
    `${status} ` +
    `${STATUS_CODES[status] ?? "Unknown Status"}${serverDetail ? ` (${serverDetail})` : ""}`;
  if (status === 404 || status === 410) return new RequestError("not-found", url, text, status);
  if (status === 401 || status === 403) {
    return new RequestError(
      "auth",
      url,
      `${text}; check the API token or the project's access control`,
      status,
    );
  }
  if (status === 429) {
    const advice = withToken
      ? "the token's quota is used up; wait for it to reset or lower crawl.concurrency"
      : "set an API token to get a larger quota";
    return new RequestError("rate-limited", url, `${text}; ${advice}`, status);
  }
  if (status >= 500 || status === 408) return new RequestError("inaccessible", url, text, status);
  return new RequestError("invalid-response", url, text, status);
}

/**
 * The `detail` of a Weblate error body: `{"detail": "..."}` (older) or `{"errors": [{"detail":
 * "..."}]}` (5.10+).
 */
export function serverErrorDetail(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object") {
      const detail = field(body, "detail");
      if (typeof detail === "string") return clip(detail);
      const errors = field(body, "errors");
      if (Array.isArray(errors) && errors[0] && typeof errors[0].detail === "string")
        return clip(errors[0].detail);
    }
  } catch {
    // not JSON: no detail to add
  }
  return undefined;
}

function clip(text: string): string {
  const oneLine = sanitizeText(text.replace(/\s+/g, " ").trim());
  return oneLine.length > 120 ? `${oneLine.slice(0, 117)}...` : oneLine;
}

/** A body past crawl.maxBodyBytes (`when`: as it came, or once decompressed). */
export function tooLarge(url: string, max: number, when = ""): RequestError {
  return new RequestError(
    "too-large",
    url,
    `response body larger than ${max} bytes${when} (crawl.maxBodyBytes)`,
  );
}
