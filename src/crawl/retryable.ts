import { errorCode, field } from "../model/json.js";
import { RequestError } from "./request-error.js";

// What of a failed request is worth another try, and what the network's errors mean.

const TIMEOUT_CODES = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);
/**
 * Network errors that mean the server cannot be reached at all (as opposed to a dropped
 * connection).
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

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

/** What the network said of a request (an error of undici or of the system), as a retry. */
export function networkFailure(url: string, error: unknown): RetryableError {
  const code = codeOrNone(error);
  const causeCode = codeOrNone(field(error, "cause"));
  const reason = describeNetworkError(error);
  const requestError = new RequestError("inaccessible", url, reason, undefined, { cause: error });
  return new RetryableError(
    requestError,
    undefined,
    UNREACHABLE_CODES.has(code) || UNREACHABLE_CODES.has(causeCode),
    TIMEOUT_CODES.has(code),
  );
}

/** Whether a request was cut off (the crawl stopped early). */
export function isAbort(error: unknown): boolean {
  const code = codeOrNone(error);
  return (
    field(error, "name") === "AbortError" || code === "UND_ERR_ABORTED" || code === "ABORT_ERR"
  );
}

function describeNetworkError(error: unknown): string {
  const code = codeOrNone(error);
  if (code === "UND_ERR_HEADERS_TIMEOUT") return "timed out waiting for response headers";
  if (code === "UND_ERR_BODY_TIMEOUT") return "timed out reading the response body";
  if (code === "UND_ERR_CONNECT_TIMEOUT") return "timed out connecting";
  if (code === "ECONNREFUSED")
    return "connection refused (is the server running and is baseUrl right?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found (check baseUrl)";
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${code}: ${message}` : message;
}

/** A thrown value's code, or "". */
const codeOrNone = (error: unknown): string => errorCode(error) ?? "";
