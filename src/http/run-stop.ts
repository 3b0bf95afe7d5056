import { ConfigError } from "../model/errors.js";
import { isJson } from "../model/json.js";
import type { CrawlGuard } from "./crawl-guard.js";
import { RequestError, type RequestErrorKind } from "./request-error.js";

// The failures that end a whole run at the first sign, since every other request would fail the
// same way: a token the server refuses, and an address that is not a Weblate API. Each is one
// line that says what is wrong and what to set, instead of one failure per translation.

/** Why a run stops, once: what is not sent yet is not tried (the guard), and the run fails. */
export class RunStop {
  error: ConfigError | undefined;
  /** An API request was answered with a page that is not JSON: the API root is asked, once. */
  private pageSeen = false;
  private rootCheck: Promise<void> | undefined;

  constructor(
    private readonly guard: CrawlGuard,
    private readonly baseUrl: string,
    private readonly setting: string,
  ) {}

  stop(error: ConfigError, kind: RequestErrorKind = "invalid-response"): void {
    this.error ??= error;
    this.guard.halt(kind, error.message);
  }

  /** An answer came as a page (its type not JSON, or its body not JSON). */
  sawPage(): void {
    this.pageSeen = true;
  }

  /**
   * Once a page came: whether the API root answers as Weblate's does (asked once, by `getJson`);
   * when it does not, the run stops, the address being wrong. `url`: the request that failed.
   */
  checkRoot(url: string, getJson: (root: string) => Promise<{ body: unknown }>): Promise<void> {
    const root = `${this.baseUrl.replace(/\/+$/, "")}/api/`;
    if (!this.pageSeen || url === root || !url.startsWith(root)) return Promise.resolve();
    this.rootCheck ??= getJson(root).then(
      ({ body }) => {
        if (!isWeblateRoot(body)) this.stop(this.notWeblate(root, 'JSON without "projects"'));
      },
      (error: unknown) => {
        // No answer, or one that does not say what is there (refused, throttled, failing): the
        // requests keep their own errors.
        const status = error instanceof RequestError ? error.status : undefined;
        if (status === undefined || [401, 403, 429].includes(status) || status >= 500) return;
        this.stop(this.notWeblate(root, error instanceof RequestError ? error.detail : ""));
      },
    );
    return this.rootCheck;
  }

  private notWeblate(root: string, why: string): ConfigError {
    return notWeblate(this.baseUrl, root, why, this.setting);
  }
}

/** The server answered 401 to a request with a token. */
export function tokenRefused(error: RequestError, tokenEnv: string): ConfigError {
  return new ConfigError(
    `API token refused (${tokenEnv}): ${error.message}; the crawl stopped at this first 401 and ` +
      `sent no more requests`,
  );
}

/** Whether `body` is what Weblate's API root answers: its endpoints by name. */
function isWeblateRoot(body: unknown): boolean {
  return isJson(body) && typeof body.projects === "string";
}

/**
 * The API root of `baseUrl` did not answer as Weblate's does (`why`: what it answered), after an
 * API request got a page that is not JSON.
 */
function notWeblate(baseUrl: string, root: string, why: string, setting: string): ConfigError {
  return new ConfigError(
    `${baseUrl} does not serve a Weblate API: its root ${root} answered ${why}, where Weblate ` +
      `lists its endpoints as JSON ({"projects": ".../api/projects/", ...}); set ${setting} to ` +
      `the address Weblate is served at, such as https://hosted.weblate.org (its API root is ` +
      `that address and /api/)`,
  );
}
