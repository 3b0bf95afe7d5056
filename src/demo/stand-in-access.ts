import type { IncomingHttpHeaders } from "node:http";
import type { Generation } from "./generations.js";

// Who may ask the stand-in what, and how often: the Authorization header as a server of each
// generation reads it (Weblate's api/authentication.py), and Django REST framework's throttling
// with Weblate's X-RateLimit-* headers (api/middleware.py: Limit, Remaining, and Reset as the
// seconds until the window resets).

export interface AccessOptions {
  generation?: Generation;
  /** Tokens the server knows; a header with another one is refused (401 "Invalid token."). */
  tokens?: readonly string[];
  /** A proxy in front that takes only `Bearer`: `Token` is refused with a Bearer challenge. */
  bearerOnly?: boolean;
}

export type Access =
  | { refused?: undefined; authenticated: boolean }
  | { refused: { status: number; detail: string; challenge: string }; authenticated?: undefined };

/** What a request's Authorization header gets it. */
export function checkAccess(headers: IncomingHttpHeaders, options: AccessOptions): Access {
  const raw = headers.authorization?.trim();
  if (!raw) return { authenticated: false };
  const [scheme = "", token = ""] = raw.split(/\s+/, 2);
  const known = options.bearerOnly
    ? ["bearer"]
    : options.generation === "4"
      ? ["token"]
      : ["token", "bearer"];
  if (!known.includes(scheme.toLowerCase())) {
    if (options.bearerOnly)
      return {
        refused: {
          status: 401,
          detail: "Bearer token required.",
          challenge: 'Bearer realm="api"',
        },
      };
    // Older servers ignore a header they do not read; newer ones refuse it.
    if (options.generation !== "2026") return { authenticated: false };
    return {
      refused: {
        status: 401,
        detail: "Unsupported authentication scheme. Use Token or Bearer.",
        challenge: "Token",
      },
    };
  }
  if (options.tokens && !options.tokens.includes(token))
    return {
      refused: {
        status: 401,
        detail: "Invalid token.",
        challenge: options.bearerOnly ? 'Bearer realm="api"' : "Token",
      },
    };
  return { authenticated: true };
}

/** A fixed window of `limit` requests, as DRF's throttles count them. */
export class RateWindow {
  private start = 0;
  private used = 0;
  /** Requests refused because the window was used up. */
  throttled = 0;

  constructor(private readonly limit: { limit: number; windowSeconds: number }) {}

  /**
   * Counts one request; returns the X-RateLimit-* headers to send, and whether it is refused
   * (then with Retry-After).
   */
  take(now = Date.now()): {
    headers: Record<string, string>;
    refused: boolean;
    resetSeconds: number;
  } {
    const windowMs = this.limit.windowSeconds * 1000;
    if (now - this.start >= windowMs) {
      this.start = now;
      this.used = 0;
    }
    const resetSeconds = Math.max(0, Math.ceil((this.start + windowMs - now) / 1000));
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(this.limit.limit),
      "X-RateLimit-Reset": String(resetSeconds),
    };
    if (this.used >= this.limit.limit) {
      this.throttled += 1;
      return {
        headers: { ...headers, "X-RateLimit-Remaining": "0", "Retry-After": String(resetSeconds) },
        refused: true,
        resetSeconds,
      };
    }
    this.used += 1;
    return {
      headers: { ...headers, "X-RateLimit-Remaining": String(this.limit.limit - this.used) },
      refused: false,
      resetSeconds,
    };
  }
}
