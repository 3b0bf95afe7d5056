import { setTimeout as sleep } from "node:timers/promises";
import pLimit, { type LimitFunction } from "p-limit";
import { Agent, request, type Dispatcher } from "undici";
import { VERSION } from "../model/version.js";
import type { CrawlOptions } from "../config/schema.js";
import { CrawlGuard } from "./crawl-guard.js";

import {
  ACCEPT_ENCODING,
  decodeBody,
  ERROR_BODY_LIMIT,
  header,
  parseJson,
  answerOf,
  assertSameOrigin,
  readBody,
  redirectTarget,
  retryAfterMs,
  type Answer,
  type RawAnswer,
} from "./http-response.js";
import { errorForStatus, RequestError, serverErrorDetail, tooLarge } from "./request-error.js";
import { RateGate } from "./rate-gate.js";
import { givenUp, isAbort, RETRYABLE_STATUSES, retryVerdict } from "./retry-policy.js";
import { SILENCE_LINE_MS, silenceLine } from "./network-error.js";
import { Reachability } from "./reachability.js";
import { bearerRefusalHint, TokenScheme } from "./auth-scheme.js";
import type { AuthScheme } from "../config/schema.js";
import type { ConfigError } from "../model/errors.js";

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
  /**
   * Told, in words, when requests wait for the server's rate limit to reset, and every
   * `silenceLineMs` (30 s) while requests wait for a server that has not answered for as long.
   */
  onWait?: (line: string) => void;
  silenceLineMs?: number;
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
  private readonly reach: Reachability;
  /** Why the whole run stops, when it does: every other request would fail the same way. */
  get runError(): ConfigError | undefined {
    return this.guard.runError;
  }

  /** Requests in flight at most. */
  get concurrency(): number {
    return this.options.concurrency;
  }

  constructor(private readonly options: HttpClientOptions) {
    this.origin = new URL(options.baseUrl).origin;
    this.limit = pLimit(options.concurrency);
    this.gate = new RateGate(options.maxRetryAfterSeconds * 1000, options.onWait);
    const setting = options.setting ?? '"baseUrl"';
    this.guard = new CrawlGuard(options.deadlineSeconds, options.baseUrl, setting);
    const { onWait } = options;
    if (onWait)
      this.guard.watch(options.silenceLineMs ?? SILENCE_LINE_MS, (silent, open) =>
        onWait(silenceLine(this.origin, silent, open, options)),
      );
    this.reach = new Reachability(this.origin, options);
    this.auth = new TokenScheme(options.authScheme ?? "auto", options.token);
    const stop = () => this.guard.halt("inaccessible", "the run was stopped");
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
    try {
      const json = parseJson(answer.url, answer.bytes.toString("utf8"), answer.status);
      return answer.date ? { ...json, date: answer.date } : json;
    } catch (error) {
      this.guard.sawPage();
      await this.guard.checkRoot(url, (root) => this.getJson(root));
      throw error;
    }
  }

  /** The server's clock at its first answer of this client (its `Date` header, ISO). */
  firstServerDate: string | undefined;

  /**
   * The same, its body as bytes (Content-Encoding undone, within maxBodyBytes): a file served as it
   * is.
   */
  async getBytes(url: string): Promise<Answer> {
    for (let tries = 1; ; tries++) {
      try {
        const fetched = await this.limit(() => {
          // Not sent: the server cannot be reached, for the reason the first request found.
          const stopped = this.reach.notSent(url) ?? this.guard.errorFor(url);
          if (stopped) throw stopped;
          return this.fetchOnce(url);
        });
        // Decompressed (and parsed) once the slot is free: the next request goes out without
        // waiting.
        const answer = await answerOf(fetched, this.options.maxBodyBytes);
        this.firstServerDate ??= answer.date;
        return answer;
      } catch (error) {
        await this.guard.checkRoot(url, (root) => this.getJson(root));
        const retry = error instanceof RequestError && error.retry ? error : undefined;
        if (retry?.stall) this.guard.stalled(retry);
        // A request cut off because the crawl stopped early says so; one that failed on its own
        // keeps its error, not retried.
        const stopped = this.guard.errorFor(url);
        if (stopped && isAbort(retry?.cause ?? error)) throw stopped;
        if (stopped || !retry || this.reach.givesUp(retry)) throw error;
        const verdict = retryVerdict(
          { status: retry.status, tries, retryAfterMs: retry.retryAfterMs },
          this.options,
        );
        if (!verdict.retry) throw givenUp(retry, verdict.why, tries, this.options);
        this.stats.retries += 1;
        await sleep(verdict.delayMs, undefined, { signal: this.guard.signal }).catch(
          () => undefined,
        );
      }
    }
  }

  async close(): Promise<void> {
    this.guard.close();
    await this.agent.close();
  }

  /** One request, following redirects on the origin: the body as it came over the wire. */
  private async fetchOnce(startUrl: string): Promise<RawAnswer> {
    let url = startUrl;
    for (let redirects = 0; ; redirects++) {
      assertSameOrigin(url, startUrl, this.origin);
      const response = await this.send(url);
      const { statusCode, headers } = response;
      if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
        url = await redirectTarget(response, url, this.origin, redirects, this.options.setting);
        continue;
      }
      if (statusCode === 401 && this.auth.switchAfter401(headers)) {
        // The server asks for Bearer: the same request again with it (auth-scheme.ts).
        await response.body.dump({ limit: ERROR_BODY_LIMIT }).catch(() => undefined);
        continue;
      }
      if (!/json/i.test(header(headers, "content-type") ?? "json")) this.guard.sawPage();
      if (statusCode < 200 || statusCode >= 300) throw await this.failureOf(response, url);
      const length = Number(header(headers, "content-length"));
      if (Number.isFinite(length) && length > this.options.maxBodyBytes) {
        response.body.destroy();
        throw tooLarge(url, this.options.maxBodyBytes);
      }
      const { maxBodyBytes, bodyTimeoutMs } = this.options;
      const raw = await readBody(response, url, maxBodyBytes, bodyTimeoutMs).catch(
        (error: unknown) => {
          throw error instanceof RequestError ? error : this.reach.networkFailure(url, error);
        },
      );
      this.stats.bytes += raw.length;
      return { url, raw, headers, status: statusCode };
    }
  }

  /** Sends one request once the server's quota allows: its answer's head. */
  private async send(url: string): Promise<Dispatcher.ResponseData> {
    const { blockedSeconds } = await this.gate.admit(this.guard.signal);
    if (blockedSeconds !== undefined) {
      throw new RequestError(
        "rate-limited",
        url,
        `not sent: the server's quota is used up for ${blockedSeconds} s more ` +
          `(X-RateLimit-Reset), longer than crawl.maxRetryAfterSeconds ` +
          `(${this.options.maxRetryAfterSeconds} s)`,
      );
    }
    this.stats.requests += 1;
    let response: Dispatcher.ResponseData;
    this.guard.sent();
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
      throw await this.reach.failure(url, error);
    } finally {
      this.guard.settled();
    }
    this.reach.answered();
    this.gate.observe(response.headers);
    if (response.statusCode !== 429) this.guard.answered();
    return response;
  }

  /**
   * A non-2xx answer as its error (its body read for the server's own words), worth another try
   * when its status is in RETRYABLE_STATUSES; a 401 to a token stops the run (every request would
   * get it).
   */
  private async failureOf(response: Dispatcher.ResponseData, url: string): Promise<RequestError> {
    const { statusCode: status, headers } = response;
    const { token, authScheme, tokenEnv = "WEBLATE_TOKEN", bodyTimeoutMs } = this.options;
    const text = await readBody(response, url, ERROR_BODY_LIMIT, bodyTimeoutMs)
      .then((raw) => decodeBody(raw, headers, url, ERROR_BODY_LIMIT, status))
      .then(
        (bytes) => bytes.toString("utf8"),
        () => "",
      );
    const error = errorForStatus(url, status, serverErrorDetail(text), {
      tokenEnv,
      withToken: token !== undefined,
      hint: status === 401 ? this.auth.hintFor401(headers) : undefined,
      also: bearerRefusalHint(authScheme ?? "auto", token, status),
    });
    if (status === 401 && token) this.guard.tokenRefused(error, tokenEnv);
    if (!RETRYABLE_STATUSES.has(status)) return error;
    const retry = { retry: true, retryAfterMs: retryAfterMs(headers), stall: status === 429 };
    return new RequestError(error.kind, url, error.detail, status, retry);
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
}
