import type { Dispatcher } from "undici";
import type { AuthScheme } from "../config/schema.js";

// How the API token is sent. Every Weblate takes `Authorization: Token <token>`; servers since
// about 4.x take `Bearer` as well (Weblate's api/authentication.py: a BearerAuthentication beside
// DRF's TokenAuthentication, both in its REST_FRAMEWORK settings, Token first). An older server
// does not reject a Bearer header: it ignores it and serves the client as anonymous (100
// requests a day). So "auto" sends Token, which costs no request on any Weblate; only a server
// (or a proxy in front of it) that refuses Token with 401 and asks for Bearer in its
// WWW-Authenticate header gets the same request again with Bearer, once, and Bearer from then on.
// "Token" and "Bearer" in the config send that scheme and never switch.

/** The Authorization header of a crawl, and the one switch "auto" may make. */
export class TokenScheme {
  private scheme: "Token" | "Bearer";
  private switched = false;

  constructor(
    private readonly configured: AuthScheme,
    private readonly token: string | undefined,
  ) {
    this.scheme = configured === "Bearer" ? "Bearer" : "Token";
  }

  /** `Authorization`'s value, or undefined without a token. */
  header(): string | undefined {
    return this.token ? `${this.scheme} ${this.token}` : undefined;
  }

  /**
   * After a 401: true when "auto" switches to Bearer because the server asks for it (then the
   * request is worth sending again at once); false when the token itself was refused.
   */
  switchAfter401(headers: Dispatcher.ResponseData["headers"]): boolean {
    if (!this.token || this.configured !== "auto" || this.switched || this.scheme === "Bearer")
      return false;
    if (!asksForBearerOnly(headers)) return false;
    this.scheme = "Bearer";
    this.switched = true;
    return true;
  }

  /**
   * The hint for a 401 that the scheme, not the token, may explain: Token forced by the config on a
   * server that asks for Bearer. Undefined otherwise.
   */
  hintFor401(headers: Dispatcher.ResponseData["headers"]): string | undefined {
    if (!this.token || this.scheme !== "Token" || !asksForBearerOnly(headers)) return undefined;
    return 'the server asks for "Authorization: Bearer": set "authScheme" to "Bearer" (or "auto")';
  }
}

/**
 * The hint for a 403 or 404 that "Bearer" may explain: a Weblate that does not read Bearer (4.x)
 * does not refuse it either; it serves the crawl as anonymous, which sees public projects only.
 * Undefined unless the config forces Bearer with a token.
 */
export function bearerRefusalHint(
  configured: AuthScheme,
  token: string | undefined,
  status: number,
): string | undefined {
  if (!token || configured !== "Bearer" || (status !== 403 && status !== 404)) return undefined;
  return (
    '"authScheme" is "Bearer", which Weblate 4.x ignores without a word (the crawl is then ' +
    'anonymous and sees public projects only); on such a server set "authScheme" to "auto"'
  );
}

/** Whether a 401's WWW-Authenticate challenges name Bearer and not Token. */
function asksForBearerOnly(headers: Dispatcher.ResponseData["headers"]): boolean {
  const raw = headers["www-authenticate"];
  const challenges = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).toLowerCase();
  return /(^|[\s,])bearer\b/.test(challenges) && !/(^|[\s,])token\b/.test(challenges);
}
