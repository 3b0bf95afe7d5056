import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from "node:zlib";
import pLimit, { type LimitFunction } from "p-limit";
import { Agent, request, type Dispatcher } from "undici";
import { VERSION } from "../version.js";
import type { CrawlOptions } from "../config/schema.js";
import { errorForStatus, RequestError, RETRYABLE_STATUSES, serverErrorDetail } from "./request-error.js";
import { RateGate } from "./rate-gate.js";

export interface HttpClientOptions extends CrawlOptions {
  /** The configured Weblate base URL; every request must stay on its origin. */
  baseUrl: string;
  /** Sent as `Authorization: Token <token>` to the configured origin only. */
  token?: string | undefined;
  /** Told about each retry, for progress output. */
  onRetry?: (url: string, attempt: number, delayMs: number, reason: string) => void;
}

export interface JsonResponse {
  url: string;
  body: unknown;
}

/** Counters of what the client did, for the summary line and the benchmarks. */
export interface ClientStats {
  requests: number;
  retries: number;
  /** Response bytes as they came over the wire (compressed, when the server compressed them). */
  bytes: number;
}

const MAX_REDIRECTS = 5;
/** Compressed answers are welcome; wlc (through Python's requests) asks for gzip and deflate too. */
const ACCEPT_ENCODING = "gzip, deflate, br";
const ERROR_BODY_LIMIT = 64 * 1024;
/** Network errors that mean the server cannot be reached at all (as opposed to a dropped connection). */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT", "CERT_HAS_EXPIRED", "DEPTH_ZERO_SELF_SIGNED_CERT", "ERR_TLS_CERT_ALTNAME_INVALID", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"]);

/**
 * The one HTTP client of a crawl: a keep-alive undici Agent, at most `concurrency` requests in
 * flight, timeouts for headers and body, a body-size cap, retries with exponential backoff and
 * jitter, Retry-After and X-RateLimit-* honoured, and the token kept to the configured origin.
 */
export class HttpClient {
  readonly stats: ClientStats = { requests: 0, retries: 0, bytes: 0 };
  private readonly agent: Agent;
  private readonly limit: LimitFunction;
  private readonly origin: string;
  private readonly gate: RateGate;
  private everAnswered = false;
  /** Connection-level failures in a row before the server ever answered. */
  private unreachableStreak = 0;
  private unreachable: RequestError | undefined;

  constructor(private readonly options: HttpClientOptions) {
    this.origin = new URL(options.baseUrl).origin;
    this.limit = pLimit(options.concurrency);
    this.gate = new RateGate(options.concurrency, options.maxRetryAfterSeconds * 1000);
    this.agent = new Agent({
      connections: options.concurrency,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
      connect: { timeout: Math.min(options.timeoutMs, 10_000) },
    });
  }

  /** GETs a JSON document from the configured origin, with retries. */
  async getJson(url: string): Promise<JsonResponse> {
    let attempt = 0;
    for (;;) {
      try {
        const fetched = await this.limit(() => {
          if (this.unreachable) throw new RequestError("inaccessible", url, `not tried, the server is unreachable: ${this.unreachable.message}`);
          return this.fetchOnce(url);
        });
        // Decompressed and parsed once the request's slot is free: the next request goes out as
        // soon as this one's bytes are in, not after a trip to the thread pool and the parse.
        const bytes = await decodeBody(fetched.raw, fetched.headers, fetched.url, this.options.maxBodyBytes, fetched.status);
        return parseJson(fetched.url, bytes.toString("utf8"), fetched.status);
      } catch (error) {
        const retry = error instanceof RetryableError ? error : undefined;
        // A server that has never answered and keeps refusing connections is down: once as many
        // attempts as one triple may make have failed that way, the rest are not tried.
        if (retry?.unreachable && !this.everAnswered && ++this.unreachableStreak > this.options.retries) {
          this.unreachable ??= retry.error;
          throw retry.error;
        }
        if (!retry || attempt >= this.options.retries) throw retry ? retry.error : (error as Error);
        const backoff = this.options.retryDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
        const delay = retry.retryAfterMs !== undefined ? Math.min(retry.retryAfterMs, this.options.maxRetryAfterSeconds * 1000) : backoff;
        attempt += 1;
        this.stats.retries += 1;
        this.options.onRetry?.(url, attempt, delay, retry.error.message);
        await sleep(delay);
      }
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** One request, following redirects on the origin: the body as it came over the wire. */
  private async fetchOnce(startUrl: string): Promise<{ url: string; raw: Buffer; headers: Dispatcher.ResponseData["headers"]; status: number }> {
    let url = startUrl;
    for (let redirects = 0; ; redirects++) {
      this.assertSameOrigin(url, startUrl);
      await this.gate.wait();
      this.stats.requests += 1;
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, {
          dispatcher: this.agent,
          method: "GET",
          headers: this.headers(),
          headersTimeout: this.options.timeoutMs,
          bodyTimeout: this.options.bodyTimeoutMs,
        });
      } catch (error) {
        throw networkFailure(url, error);
      }
      this.everAnswered = true;
      this.gate.observe(response.headers);
      const { statusCode } = response;
      if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
        await response.body.dump({ limit: ERROR_BODY_LIMIT }).catch(() => undefined);
        const location = header(response.headers, "location");
        if (!location) throw new RequestError("redirect", url, `${statusCode} redirect without a Location header`, statusCode);
        const target = new URL(location, url);
        if (target.origin !== this.origin) {
          throw new RequestError("redirect", url, `${statusCode} redirect to another origin (${target.origin}); not followed, so the token stays on ${this.origin}. If the server moved, set "baseUrl" to the new address`, statusCode);
        }
        if (redirects >= MAX_REDIRECTS) throw new RequestError("redirect", url, `more than ${MAX_REDIRECTS} redirects`, statusCode);
        url = target.href;
        continue;
      }
      if (statusCode < 200 || statusCode >= 300) {
        const text = await readBody(response, url, ERROR_BODY_LIMIT, this.options.bodyTimeoutMs)
          .then((raw) => decodeBody(raw, response.headers, url, ERROR_BODY_LIMIT, statusCode))
          .then((bytes) => bytes.toString("utf8"), () => "");
        const error = errorForStatus(url, statusCode, serverErrorDetail(text));
        if (RETRYABLE_STATUSES.has(statusCode)) throw new RetryableError(error, retryAfterMs(response.headers));
        throw error;
      }
      const length = Number(header(response.headers, "content-length"));
      if (Number.isFinite(length) && length > this.options.maxBodyBytes) {
        response.body.destroy();
        throw tooLarge(url, this.options.maxBodyBytes);
      }
      const raw = await readBody(response, url, this.options.maxBodyBytes, this.options.bodyTimeoutMs);
      this.stats.bytes += raw.length;
      return { url, raw, headers: response.headers, status: statusCode };
    }
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "accept-encoding": ACCEPT_ENCODING,
      "accept-language": "en",
      "user-agent": `l10n-snapshot/${VERSION} (+https://github.com/l10n-snapshot/l10n-snapshot)`,
    };
    if (this.options.token) headers.authorization = `Token ${this.options.token}`;
    return headers;
  }

  private assertSameOrigin(url: string, requested: string): void {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      throw new RequestError("invalid-response", requested, `not a valid URL: ${JSON.stringify(url)}`);
    }
    if (origin !== this.origin) {
      throw new RequestError("redirect", url, `outside the configured server ${this.origin}; not requested`);
    }
  }
}

function parseJson(url: string, text: string, status: number): JsonResponse {
  try {
    return { url, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new RequestError("invalid-response", url, `response is not JSON (${(error as Error).message})`, status, { cause: error });
  }
}

/** A failure worth another try, with the server's requested delay if it gave one. */
class RetryableError extends Error {
  constructor(
    readonly error: RequestError,
    readonly retryAfterMs?: number,
    readonly unreachable = false,
  ) {
    super(error.message);
  }
}

function networkFailure(url: string, error: unknown): RetryableError {
  const code = (error as { code?: string }).code ?? "";
  const causeCode = ((error as { cause?: { code?: string } }).cause?.code) ?? "";
  const reason = describeNetworkError(error);
  const requestError = new RequestError("inaccessible", url, reason, undefined, { cause: error });
  return new RetryableError(requestError, undefined, UNREACHABLE_CODES.has(code) || UNREACHABLE_CODES.has(causeCode));
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "UND_ERR_HEADERS_TIMEOUT") return "timed out waiting for response headers";
  if (code === "UND_ERR_BODY_TIMEOUT") return "timed out reading the response body";
  if (code === "UND_ERR_CONNECT_TIMEOUT") return "timed out connecting";
  if (code === "ECONNREFUSED") return "connection refused (is the server running and is baseUrl right?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found (check baseUrl)";
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${code}: ${message}` : message;
}

function tooLarge(url: string, max: number, when = ""): RequestError {
  return new RequestError("too-large", url, `response body larger than ${max} bytes${when} (crawl.maxBodyBytes)`);
}

/** Reads a body as it came over the wire, refusing more than `max` bytes and more than `deadlineMs` in total. */
async function readBody(response: Dispatcher.ResponseData, url: string, max: number, deadlineMs: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const body = response.body;
  const timer = setTimeout(() => body.destroy(Object.assign(new Error("body deadline"), { code: "UND_ERR_BODY_TIMEOUT" })), deadlineMs);
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > max) {
        body.destroy();
        throw tooLarge(url, max);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw networkFailure(url, error);
  } finally {
    clearTimeout(timer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

type Decoder = (body: Buffer, options: ZlibOptions) => Promise<Buffer>;
const gunzipAsync = promisify(gunzip) as Decoder;
const inflateAsync = promisify(inflate) as Decoder;
const inflateRawAsync = promisify(inflateRaw) as Decoder;
const DECODERS: Record<string, Decoder> = {
  gzip: gunzipAsync,
  "x-gzip": gunzipAsync,
  // "deflate" means a zlib stream, but some servers send raw deflate: the first two bytes tell,
  // and raw deflate that happens to start like a zlib header gets a second try.
  deflate: async (body, options) => {
    if (!isZlibHeader(body)) return inflateRawAsync(body, options);
    return inflateAsync(body, options).catch((error: { code?: string }) => {
      if (error.code === "ERR_BUFFER_TOO_LARGE") throw error;
      return inflateRawAsync(body, options).catch(() => Promise.reject(error));
    });
  },
  br: promisify(brotliDecompress) as Decoder,
};

function isZlibHeader(body: Buffer): boolean {
  return body.length >= 2 && (body[0]! & 0x0f) === 8 && (body[0]! * 256 + body[1]!) % 31 === 0;
}

/**
 * Undoes the response's Content-Encoding, last coding first. Decompression runs on libuv's thread
 * pool, off the thread that parses and validates, and `max` caps the decompressed size too, so a
 * small compressed body cannot expand past crawl.maxBodyBytes.
 */
async function decodeBody(raw: Buffer, headers: Dispatcher.ResponseData["headers"], url: string, max: number, status: number): Promise<Buffer> {
  const codings = (header(headers, "content-encoding") ?? "").split(",").map((c) => c.trim().toLowerCase()).filter((c) => c !== "" && c !== "identity");
  let body = raw;
  for (const coding of codings.reverse()) {
    const decode = Object.hasOwn(DECODERS, coding) ? DECODERS[coding] : undefined;
    if (!decode) throw new RequestError("invalid-response", url, `response compressed as "${coding}", which was not asked for (Accept-Encoding: ${ACCEPT_ENCODING})`, status);
    try {
      body = await decode(body, { maxOutputLength: max, chunkSize: 256 * 1024 });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(url, max, " once decompressed");
      throw new RequestError("invalid-response", url, `response body is not valid ${coding} (${(error as Error).message})`, status, { cause: error });
    }
  }
  return body;
}

export function header(headers: Dispatcher.ResponseData["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After in ms: delay-seconds or an HTTP date. */
export function retryAfterMs(headers: Dispatcher.ResponseData["headers"], now = Date.now()): number | undefined {
  const value = header(headers, "retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
