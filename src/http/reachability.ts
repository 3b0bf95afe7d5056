import { describeNetworkFailure } from "./network-error.js";
import { RequestError } from "./request-error.js";
import { RetryableError } from "./retry-policy.js";
import { isHangUp, speaksTls, wantsHttps } from "./tls-probe.js";

// Whether the server can be reached at all. A request that got no answer is retried when another
// try can help; a certificate that cannot be verified, a host that does not exist, or an http://
// port that speaks TLS fails the same way every time, so the other requests are not sent
// (network-error.ts says each in words). A server that never answered and keeps refusing
// connections is taken to be down once as many attempts as one translation may make failed so.

export class Reachability {
  private everAnswered = false;
  /** Connection-level failures in a row before the server ever answered. */
  private streak = 0;
  private down: RequestError | undefined;
  /** Whether an http:// origin's port speaks TLS (asked once). */
  private tlsProbe: Promise<boolean> | undefined;

  constructor(
    private readonly origin: string,
    private readonly options: {
      setting?: string | undefined;
      timeoutMs: number;
      bodyTimeoutMs: number;
      retries: number;
    },
  ) {}

  /** The server answered (any status). */
  answered(): void {
    this.everAnswered = true;
  }

  /** The error of a request not sent because the server cannot be reached; else undefined. */
  notSent(url: string): RequestError | undefined {
    return this.down && new RequestError("inaccessible", url, this.down.detail);
  }

  /** A request that got no answer, as a failure worth another try or not. */
  async failure(url: string, error: unknown): Promise<RetryableError | RequestError> {
    return (await this.tlsOnHttp(url, error)) ?? this.networkFailure(url, error);
  }

  /** A body cut off: as a failure worth another try or not. */
  networkFailure(url: string, error: unknown): RetryableError | RequestError {
    const setting = this.options.setting ?? '"baseUrl"';
    const failure = describeNetworkFailure(error, this.origin, setting, this.options);
    const requestError = new RequestError("inaccessible", url, failure.reason, undefined, {
      cause: error,
    });
    if (failure.fatal) {
      this.down ??= requestError;
      return requestError;
    }
    return new RetryableError(requestError, undefined, failure.unreachable, failure.timeout);
  }

  /** Whether `retry` makes the server one that is down (then the rest are not sent). */
  givesUp(retry: RetryableError): boolean {
    if (!retry.unreachable || this.everAnswered || ++this.streak <= this.options.retries)
      return false;
    this.down ??= retry.error;
    return true;
  }

  /** An http:// server that never answered and hung up, whose port speaks TLS (tls-probe.ts). */
  private async tlsOnHttp(url: string, error: unknown): Promise<RequestError | undefined> {
    if (this.everAnswered || !isHangUp(error) || !this.origin.startsWith("http:")) return;
    this.tlsProbe ??= speaksTls(this.origin, Math.min(this.options.timeoutMs, 10_000));
    if (!(await this.tlsProbe)) return;
    this.down ??= wantsHttps(url, this.origin, this.options.setting, error);
    return this.down;
  }
}
