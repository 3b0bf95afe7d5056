import { setTimeout as sleep } from "node:timers/promises";
import pLimit, { type LimitFunction } from "p-limit";
import { Agent, request, type Dispatcher } from "undici";
import { VERSION } from "../model/version.js";
import type { CrawlOptions } from "../config/schema.js";
import { CrawlGuard } from "./crawl-guard.js";
import { ACCEPT_ENCODING, decodeBody } from "./decode-body.js";
import {
  ERROR_BODY_LIMIT,
  header,
  parseJson,
  answerOf,
  assertSameOrigin,
  readBody,
  redirectTarget,
  type Answer,
} from "./http-response.js";
import { RequestError, tooLarge } from "./request-error.js";
import { RateGate } from "./rate-gate.js";
import { isAbort, RetryableError, statusFailure } from "./retryable.js";
import { isHangUp, speaksTls, wantsHttps } from "./tls-probe.js";
import { describeNetworkFailure } from "./network-error.js";
import { bearerRefusalHint, TokenScheme } from "./auth-scheme.js";
import type { AuthScheme } from "../config/schema.js";

export interface HttpClientOptions extends CrawlOptions {
  /** The configured Weblate base URL; every request must stay on its origin. */
  baseUrl: string;
  /** Sent as `Authorization: Token <token>` (or Bearer) to the configured origin only. */
  token?: string | undefined;
  /** How the token is sent (auth-scheme.ts); default "auto". */
  authScheme?: AuthScheme;
  /** The environment variable the token comes from, for hints; default "WEBLATE_TOKEN". */
  tokenEnv?: string;
  /**
   * Where the server's address was configured, as hints name it: '"baseUrl"' (the default),
   * '"site.url"', "--previous".
   */
  setting?: string;
  /** Told, in words, when requests wait for the server's rate limit to reset. */
  onWait?: (line: string) => void;
  /** Told about each retry, for progress output. */
  onRetry?: (url: string, attempt: number, delayMs: number, reason: string) => void;
  /** The run's stop (a signal): requests in flight are aborted, the rest not tried. */
  signal?: AbortSignal;
}

export interface JsonResponse {
  url: string;
  body: unknown;
  /** The server's clock when it answered (its `Date` header, ISO), when it sent one. */
  date?: string;
}

/** Counters of what the client did, for the summary line and the benchmarks. */
export interface ClientStats {
  requests: number;
  retries: number;
  /** Response bytes as they came over the wire (compressed, when the server compressed them). */
  bytes: number;
}

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
  private readonly guard: CrawlGuard;
  private readonly auth: TokenScheme;
  private everAnswered = false;
  /** Connection-level failures in a row before the server ever answered. */
  private unreachableStreak = 0;
  private unreachable: RequestError | undefined;
  /** Whether an http:// origin's port speaks TLS (asked once). */
  private tlsProbe: Promise<boolean> | undefined;

  /** Requests in flight at most. */
  get concurrency(): number {
    return this.options.concurrency;
  }

  constructor(private readonly options: HttpClientOptions) {
    this.origin = new URL(options.baseUrl).origin;
    this.limit = pLimit(options.concurrency);
    this.gate = new RateGate(options.maxRetryAfterSeconds * 1000, options.onWait);
    this.guard = new CrawlGuard(options.deadlineSeconds);
    this.auth = new TokenScheme(options.authScheme ?? "auto", options.token);
    const stop = () => this.guard.interrupt("the run was stopped");
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener("abort", stop, { once: true });
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
    const answer = await this.getBytes(url);
    const json = parseJson(answer.url, answer.bytes.toString("utf8"), answer.status);
    return answer.date ? { ...json, date: answer.date } : json;
  }

  /** The server's clock at its first answer of this client (its `Date` header, ISO). */
  firstServerDate: string | undefined;

  /**
   * The same, its body as bytes (Content-Encoding undone, within maxBodyBytes): a file served as it
   * is.
   */
  async getBytes(url: string): Promise<Answer> {
    let attempt = 0;
    for (;;) {
      try {
        const fetched = await this.limit(() => {
          // Not sent: the server cannot be reached, for the reason the first request found.
          if (this.unreachable)
            throw new RequestError("inaccessible", url, this.unreachable.detail);
          const stopped = this.guard.errorFor(url);
          if (stopped) throw stopped;
          return this.fetchOnce(url);
        });
        // Decompressed (and parsed) once the slot is free: the next request goes out without
        // waiting.
        const bytes = await decodeBody(
          fetched.raw,
          fetched.headers,
          fetched.url,
          this.options.maxBodyBytes,
          fetched.status,
        );
        const answer = answerOf(fetched, bytes);
        this.firstServerDate ??= answer.date;
        return answer;
      } catch (error) {
        const retry = error instanceof RetryableError ? error : undefined;
        if (retry?.stall)
          this.guard.stalled(
            retry.error.kind,
            retry.error.status === 429 ? "answered 429 Too Many Requests to" : "timed out on",
          );
        // A request cut off because the crawl stopped early says so; one that failed on its own
        // keeps its error, not retried.
        const stopped = this.guard.errorFor(url);
        if (stopped && isAbort(retry?.error.cause ?? error)) throw stopped;
        if (stopped) throw retry ? retry.error : error;
        // A server that has never answered and keeps refusing connections is down: once as many
        // attempts as one triple may make have failed that way, the rest are not tried.
        if (
          retry?.unreachable &&
          !this.everAnswered &&
          ++this.unreachableStreak > this.options.retries
        ) {
          this.unreachable ??= retry.error;
          throw retry.error;
        }
        if (!retry || attempt >= this.options.retries) throw retry ? retry.error : error;
        const backoff = this.options.retryDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
        const delay =
          retry.retryAfterMs !== undefined
            ? Math.min(retry.retryAfterMs, this.options.maxRetryAfterSeconds * 1000)
            : backoff;
        attempt += 1;
        this.stats.retries += 1;
        this.options.onRetry?.(url, attempt, delay, retry.error.message);
        await sleep(delay, undefined, { signal: this.guard.signal }).catch(() => undefined);
      }
    }
  }

  async close(): Promise<void> {
    this.guard.close();
    await this.agent.close();
  }

  /** One request, following redirects on the origin: the body as it came over the wire. */
  private async fetchOnce(startUrl: string): Promise<{
    url: string;
    raw: Buffer;
    headers: Dispatcher.ResponseData["headers"];
    status: number;
  }> {
    let url = startUrl;
    for (let redirects = 0; ; redirects++) {
      assertSameOrigin(url, startUrl, this.origin);
      const { blockedSeconds: quotaWait } = await this.gate.admit(this.guard.signal);
      if (quotaWait !== undefined) {
        throw new RequestError(
          "rate-limited",
          url,
          `not sent: the server's quota is used up for ${quotaWait} s more (X-RateLimit-Reset), ` +
            `longer than crawl.maxRetryAfterSeconds (${this.options.maxRetryAfterSeconds} s)`,
        );
      }
      this.stats.requests += 1;
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, {
          dispatcher: this.agent,
          method: "GET",
          headers: this.headers(),
          headersTimeout: this.options.timeoutMs,
          bodyTimeout: this.options.bodyTimeoutMs,
          signal: this.guard.signal,
        });
      } catch (error) {
        this.gate.release();
        throw (await this.tlsOnHttp(url, error)) ?? this.networkFailure(url, error);
      }
      this.everAnswered = true;
      this.gate.observe(response.headers);
      const { statusCode } = response;
      if (statusCode !== 429) this.guard.answered();
      if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
        url = await redirectTarget(response, url, this.origin, redirects, this.options.setting);
        continue;
      }
      if (statusCode === 401 && this.auth.switchAfter401(response.headers)) {
        // The server asks for Bearer: the same request again with it (auth-scheme.ts).
        await response.body.dump({ limit: ERROR_BODY_LIMIT }).catch(() => undefined);
        continue;
      }
      if (statusCode < 200 || statusCode >= 300)
        throw await statusFailure(response, url, {
          ...this.options,
          withToken: this.options.token !== undefined,
          hint: statusCode === 401 ? this.auth.hintFor401(response.headers) : undefined,
          also: bearerRefusalHint(
            this.options.authScheme ?? "auto",
            this.options.token,
            statusCode,
          ),
          stalled: (kind) => this.guard.stalled(kind, "answered 429 Too Many Requests to"),
        });
      const length = Number(header(response.headers, "content-length"));
      if (Number.isFinite(length) && length > this.options.maxBodyBytes) {
        response.body.destroy();
        throw tooLarge(url, this.options.maxBodyBytes);
      }
      const raw = await readBody(
        response,
        url,
        this.options.maxBodyBytes,
        this.options.bodyTimeoutMs,
      ).catch((error: unknown) => {
        throw error instanceof RequestError ? error : this.networkFailure(url, error);
      });
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
    const authorization = this.auth.header();
    if (authorization) headers.authorization = authorization;
    return headers;
  }

  /**
   * A request that got no answer: retried when another try can help; a certificate that cannot be
   * verified or a host that does not exist fails at once, and the crawl's other requests are not
   * sent (network-error.ts).
   */
  private networkFailure(url: string, error: unknown): RetryableError | RequestError {
    const failure = describeNetworkFailure(error, this.origin, this.options.setting ?? '"baseUrl"');
    const requestError = new RequestError("inaccessible", url, failure.reason, undefined, {
      cause: error,
    });
    if (failure.fatal) {
      this.unreachable ??= requestError;
      return requestError;
    }
    return new RetryableError(requestError, undefined, failure.unreachable, failure.timeout);
  }

  /** An http:// server that never answered and hung up, whose port speaks TLS (tls-probe.ts). */
  private async tlsOnHttp(url: string, error: unknown): Promise<RequestError | undefined> {
    if (this.everAnswered || !isHangUp(error) || !this.origin.startsWith("http:")) return;
    this.tlsProbe ??= speaksTls(this.origin, Math.min(this.options.timeoutMs, 10_000));
    if (!(await this.tlsProbe)) return;
    this.unreachable ??= wantsHttps(url, this.origin, this.options.setting, error);
    return this.unreachable;
  }
}
