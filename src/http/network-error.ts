import { messageOf } from "../model/errors.js";
import { field } from "../model/json.js";
// A failed connection in words, with the hint that fits it: what went wrong, whether another try
// can help, and which setting to look at. A certificate that cannot be verified or a host name
// that does not exist fails the same way on every try, so neither is retried, and the other
// requests to that server are not sent at all (http-client.ts): one line says why, instead of the
// OpenSSL code of each of them and four attempts each.

export interface NetworkFailure {
  /** What happened, in words, with what to do next. */
  reason: string;
  /** No try can succeed: the server cannot be reached, the crawl's other requests are not sent. */
  fatal: boolean;
  /** A timeout: counts towards stopping the crawl early. */
  timeout: boolean;
  /**
   * No connection was made (refused, no route, no DNS answer, connect timeout): repeated from the
   * start of a crawl, the server is taken to be down.
   */
  unreachable: boolean;
}

const TIMEOUTS = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

const UNKNOWN_AUTHORITY = "is signed by an authority this machine does not know";

/** Certificate problems Node reports: what "its TLS certificate" is, and whose fix it is. */
const CERTIFICATES: Record<string, [string, "ca" | "host" | "admin" | "clock"]> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: ["is self-signed, so it cannot be verified", "ca"],
  SELF_SIGNED_CERT_IN_CHAIN: [
    "chain ends in a self-signed certificate this machine does not trust",
    "ca",
  ],
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: [
    `${UNKNOWN_AUTHORITY} (or the server leaves out its intermediate certificates)`,
    "ca",
  ],
  UNABLE_TO_GET_ISSUER_CERT: [UNKNOWN_AUTHORITY, "ca"],
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: [UNKNOWN_AUTHORITY, "ca"],
  CERT_UNTRUSTED: ["is not trusted", "ca"],
  CERT_HAS_EXPIRED: ["has expired", "admin"],
  CERT_NOT_YET_VALID: ["is not valid yet", "clock"],
  CERT_REVOKED: ["has been revoked", "admin"],
  ERR_TLS_CERT_ALTNAME_INVALID: ["is for another host name", "host"],
};

/**
 * The failure of a request that got no answer. `origin` is the server's, `setting` names where its
 * address was configured ('"baseUrl"', '"site.url"', "--previous"...), `limits` the waits.
 */
export function describeNetworkFailure(
  error: unknown,
  origin: string,
  setting: string,
  limits: { timeoutMs: number; bodyTimeoutMs: number },
): NetworkFailure {
  const code = codeOf(error);
  const fatal = fatalReason(code, error, origin, setting);
  if (fatal) return { reason: fatal, fatal: true, timeout: false, unreachable: false };
  const known = retryReason(code, origin, setting, limits);
  const message = messageOf(error);
  return {
    reason: known?.reason ?? (code ? `${code}: ${message}` : message),
    fatal: false,
    timeout: TIMEOUTS.has(code),
    unreachable: known?.unreachable ?? false,
  };
}

/** Why no try can reach the server (its certificate, no TLS there, no such host), if so. */
function fatalReason(
  code: string,
  error: unknown,
  origin: string,
  setting: string,
): string | undefined {
  const certificate = CERTIFICATES[code];
  if (certificate) {
    const [words, fixer] = certificate;
    const fix = {
      ca:
        "if the certificate is your organisation's own, give Node its authority: " +
        "NODE_EXTRA_CA_CERTS=/path/to/ca.pem",
      host: `check the host in ${setting} (the certificate's name must match it)`,
      admin: "the server's administrator must renew it",
      clock: "check this machine's clock",
    }[fixer];
    return `cannot connect securely to ${origin}: its TLS certificate ${words}; ${fix}`;
  }
  if (code === "ERR_SSL_WRONG_VERSION_NUMBER" || /wrong version number/i.test(messageOf(error)))
    return (
      `cannot connect securely to ${origin}: it does not speak TLS there; check ` +
      `${setting} (http:// rather than https://, or another port?)`
    );
  if (code === "ENOTFOUND")
    return (
      `cannot reach ${origin}: there is no host named ${hostOf(origin)} (DNS); check the host ` +
      `in ${setting}`
    );
  return undefined;
}

/** A failure another try may get past, in words; `unreachable` when no connection was made. */
function retryReason(
  code: string,
  origin: string,
  setting: string,
  limits: { timeoutMs: number; bodyTimeoutMs: number },
): { reason: string; unreachable: boolean } | undefined {
  const unreachable = (reason: string) => ({ reason, unreachable: true });
  if (code === "EAI_AGAIN")
    return unreachable(
      `cannot reach ${origin}: the DNS lookup of ${hostOf(origin)} failed for now (no answer ` +
        `from the resolver)`,
    );
  if (code === "ECONNREFUSED")
    return unreachable(
      `cannot reach ${origin}: connection refused, nothing answers there; is the server ` +
        `running, and is ${setting} right?`,
    );
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH")
    return unreachable(
      `cannot reach ${origin}: no route to the host (is this machine online, and is ${setting} ` +
        `right?)`,
    );
  if (code === "UND_ERR_CONNECT_TIMEOUT")
    return unreachable(`cannot reach ${origin}: timed out connecting`);
  if (code === "UND_ERR_HEADERS_TIMEOUT")
    return {
      reason: `timed out: no answer within ${seconds(limits.timeoutMs)} (crawl.timeoutMs)`,
      unreachable: false,
    };
  if (code === "UND_ERR_BODY_TIMEOUT")
    return {
      reason:
        `timed out: the answer's body took longer than ${seconds(limits.bodyTimeoutMs)} ` +
        `(crawl.bodyTimeoutMs)`,
      unreachable: false,
    };
  return undefined;
}

/** The error's code, or its cause's (undici wraps connection errors). */
function codeOf(error: unknown): string {
  const own = field(error, "code");
  const cause = field(field(error, "cause"), "code");
  if (typeof own === "string" && own !== "UND_ERR_SOCKET")
    return typeof cause === "string" && (CERTIFICATES[cause] || cause === "ENOTFOUND")
      ? cause
      : own;
  return typeof cause === "string" ? cause : typeof own === "string" ? own : "";
}

/** How often a silent server is told about while requests wait for it. */
export const SILENCE_LINE_MS = 30_000;

/** What a run says while a server it waits for is silent (`open` requests, for `silentMs`). */
export function silenceLine(
  origin: string,
  silentMs: number,
  open: number,
  limits: { timeoutMs: number; retries: number },
): string {
  const tries = limits.retries === 0 ? "once" : `${limits.retries + 1} times`;
  return (
    `still waiting for ${origin}: no answer for ${seconds(silentMs)}, ${open} ` +
    `request${open === 1 ? "" : "s"} open (each waits up to ${seconds(limits.timeoutMs)}, ` +
    `crawl.timeoutMs, and is tried ${tries} at most)`
  );
}

/** A wait in words: "30 s", "0.5 s". */
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}
