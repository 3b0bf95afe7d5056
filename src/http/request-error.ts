import { STATUS_CODES } from "node:http";
import { sanitizeText } from "../text/sanitize.js";
import type { FailureKind } from "../model/failure.js";
import { field, isJson, str } from "../model/json.js";

/** What went wrong with one request, in a few kinds (model/failure.ts). */
export type RequestErrorKind = FailureKind;

/** How a failed request may be tried again (retry-policy.ts), and what else its failure tells. */
export interface RequestErrorOptions {
  cause?: unknown;
  /** Another try may cure it: a status in RETRYABLE_STATUSES, a network failure that may pass. */
  retry?: boolean;
  /** The server's Retry-After, in ms. */
  retryAfterMs?: number | undefined;
  /** A timeout or a 429: counts towards stopping the crawl early (crawl-guard.ts). */
  stall?: boolean;
  /** No connection was made: repeated from the start of a crawl, the server is taken to be down. */
  unreachable?: boolean;
}

/**
 * A failed request. Its message names the request: `[GET] "https://host/api/...": 404 Not Found`.
 */
export class RequestError extends Error {
  /** What went wrong, without the request (sanitized). */
  readonly detail: string;
  readonly retry: boolean;
  readonly retryAfterMs: number | undefined;
  readonly stall: boolean;
  readonly unreachable: boolean;

  constructor(
    readonly kind: RequestErrorKind,
    readonly url: string,
    detail: string,
    readonly status?: number,
    options: RequestErrorOptions = {},
  ) {
    // The detail often carries server text (an error body, a JSON parse error quoting the body):
    // sanitized here, once, so no message of a failed request can hold escapes or a secret.
    super(sanitizeText(`[GET] "${url}": ${detail}`), "cause" in options ? options : undefined);
    this.detail = sanitizeText(detail);
    this.name = "RequestError";
    this.retry = options.retry ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.stall = options.stall ?? false;
    this.unreachable = options.unreachable ?? false;
  }
}

/** What the hints of an error name: whether a token was sent, and the variable holding it. */
export interface TokenUse {
  withToken: boolean;
  tokenEnv: string;
  /** A hint that explains this answer better than the status does (auth-scheme.ts). */
  hint?: string | undefined;
  /** A hint added after what the status says (auth-scheme.ts: Bearer on a 4.x server). */
  also?: string | undefined;
}

/**
 * Maps a non-2xx, non-redirect status to an error, in one place. `token`: whether the crawl sends
 * a token (a 429 is then not cured by setting one) and where it comes from, for the hints.
 */
export function errorForStatus(
  url: string,
  status: number,
  serverDetail: string | undefined,
  token: TokenUse = { withToken: false, tokenEnv: "WEBLATE_TOKEN" },
): RequestError {
  const text =
    `${status} ` +
    `${STATUS_CODES[status] ?? "Unknown Status"}${serverDetail ? ` (${serverDetail})` : ""}`;
  const [kind, hint] = statusKind(status, token);
  const detail = [text, hint, token.also].filter((part) => part).join("; ");
  return new RequestError(kind, url, detail, status);
}

/** The kind of a status's failure, and the hint that says what to do. */
function statusKind(status: number, token: TokenUse): [RequestErrorKind, string?] {
  const { withToken, tokenEnv } = token;
  const auth = status === 401 || status === 403;
  if (token.hint) return [auth ? "auth" : "invalid-response", token.hint];
  if (status === 404 || status === 410) return ["not-found"];
  if (status === 401)
    return withToken
      ? [
          "auth",
          `check the API token in ${tokenEnv}: the server refused it (a new one is under your ` +
            `Weblate profile, API access)`,
        ]
      : ["auth", `the server wants an API token: set ${tokenEnv}`];
  if (status === 403)
    return withToken
      ? ["auth", `check the API token in ${tokenEnv} or the project's access control`]
      : ["auth", `set an API token in ${tokenEnv}, or check the project's access control`];
  if (status === 423)
    return [
      "locked",
      "the component is locked on the server (a repository operation under way); the next run " +
        "will try again",
    ];
  if (status === 429)
    return withToken
      ? [
          "rate-limited",
          "the token's quota is used up; wait for it to reset or lower crawl.concurrency",
        ]
      : ["rate-limited", "set an API token to get a larger quota"];
  return [status >= 500 || status === 408 ? "inaccessible" : "invalid-response"];
}

/**
 * What a Weblate error body says, on one line: `{"detail": "..."}` (older servers),
 * `{"type": "client_error", "errors": [{"code", "detail", "attr"}]}` (5.10 and later, every error
 * with the field it names), a validation error `{"field": ["..."]}`, or an HTML error page's
 * title (a proxy's). Undefined when the body says nothing usable.
 */
export function serverErrorDetail(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const title = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text)?.[1];
    return title?.trim() ? clipToOneLine(title) : undefined;
  }
  if (!isJson(body)) return undefined;
  if (typeof body.detail === "string") return clipToOneLine(body.detail);
  const said = Array.isArray(body.errors)
    ? body.errors.flatMap((error) => describeError(error) ?? [])
    : // A validation error: {"field": ["message", ...], ...}.
      Object.entries(body).flatMap(([k, v]) =>
        Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === "string")
          ? [`${k}: ${v.join(" ")}`]
          : [],
      );
  return said.length > 0 ? clipToOneLine(said.join("; ")) : undefined;
}

/** One error of the standardized body: "attr: detail", or its code when it has no detail. */
function describeError(error: unknown): string | undefined {
  const detail = str(field(error, "detail"));
  const said = detail?.trim() ? detail : str(field(error, "code"));
  const attr = str(field(error, "attr"));
  if (said === undefined) return undefined;
  return attr && attr !== "detail" && attr !== "non_field_errors" ? `${attr}: ${said}` : said;
}

/** Server text on one line, sanitized, at most 200 characters. */
function clipToOneLine(text: string): string {
  const oneLine = sanitizeText(text.replace(/\s+/g, " ").trim());
  return oneLine.length > 200 ? `${oneLine.slice(0, 197)}...` : oneLine;
}

/** The HTTP status a failed request got, if it got one. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof RequestError ? error.status : undefined;
}

/** A list answered 404 (not there, or not for this client) or 403 (refused). */
export function isRefused(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 403;
}

/** A body past crawl.maxBodyBytes (`when`: as it came, or once decompressed). */
export function tooLarge(url: string, max: number, when = ""): RequestError {
  return new RequestError(
    "too-large",
    url,
    `response body larger than ${max} bytes${when} (crawl.maxBodyBytes)`,
  );
}
