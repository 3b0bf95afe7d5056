import { isIP } from "node:net";
import { connect } from "node:tls";
import { field } from "../model/json.js";
import { describeNetworkFailure } from "./network-error.js";
import { RequestError } from "./request-error.js";

// Whether the server can be reached at all. A request that got no answer is retried when another
// try can help; a certificate that cannot be verified, a host that does not exist, or an http://
// port that speaks TLS fails the same way every time, so the other requests are not sent
// (network-error.ts says each in words). A server that never answered and keeps refusing
// connections is taken to be down once as many attempts as one translation may make failed so.

/** Codes of a connection the server closed before it answered. */
const HUNG_UP = new Set(["UND_ERR_SOCKET", "ECONNRESET", "UND_ERR_CLOSED"]);

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
  async failure(url: string, error: unknown): Promise<RequestError> {
    return (await this.tlsOnHttp(url, error)) ?? this.networkFailure(url, error);
  }

  /** A body cut off: as a failure worth another try or not. */
  networkFailure(url: string, error: unknown): RequestError {
    const setting = this.options.setting ?? '"baseUrl"';
    const failure = describeNetworkFailure(error, this.origin, setting, this.options);
    const requestError = new RequestError("inaccessible", url, failure.reason, undefined, {
      cause: error,
      retry: !failure.fatal,
      stall: failure.timeout,
      unreachable: failure.unreachable,
    });
    if (failure.fatal) this.down ??= requestError;
    return requestError;
  }

  /** Whether `retry` makes the server one that is down (then the rest are not sent). */
  givesUp(retry: RequestError): boolean {
    if (!retry.unreachable || this.everAnswered || ++this.streak <= this.options.retries)
      return false;
    this.down ??= retry;
    return true;
  }

  /**
   * An http:// address whose port speaks TLS (https://host:443 written as http://host:443): the
   * server hangs up on the plain request, and undici reports only "other side closed", which a
   * retry cannot cure. When a server that never answered hangs up like that, one TLS handshake
   * to the same port tells: if it completes, the address wants https://.
   */
  private async tlsOnHttp(url: string, error: unknown): Promise<RequestError | undefined> {
    if (this.everAnswered || !isHangUp(error) || !this.origin.startsWith("http:")) return;
    this.tlsProbe ??= speaksTls(this.origin, Math.min(this.options.timeoutMs, 10_000));
    if (!(await this.tlsProbe)) return;
    const https = this.origin.replace(/^http:/, "https:");
    this.down ??= new RequestError(
      "inaccessible",
      url,
      `cannot talk to ${this.origin}: the server speaks TLS here: use https:// (set ` +
        `${this.options.setting ?? '"baseUrl"'} to ${https})`,
      undefined,
      { cause: error },
    );
    return this.down;
  }
}

/** Whether `error` is a connection the server closed without an answer. */
function isHangUp(error: unknown): boolean {
  const codes = [field(error, "code"), field(field(error, "cause"), "code")];
  return codes.some((code) => typeof code === "string" && HUNG_UP.has(code));
}

/**
 * Whether the port of an http:// `origin` completes a TLS handshake within `timeoutMs` (its
 * certificate is not checked: only whether it speaks TLS). Nothing is sent; it is closed at once.
 */
function speaksTls(origin: string, timeoutMs: number): Promise<boolean> {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port: Number(url.port || 80),
      servername: isIP(host) ? undefined : host,
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    const done = (tls: boolean) => {
      socket.destroy();
      resolve(tls);
    };
    socket.once("secureConnect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}
