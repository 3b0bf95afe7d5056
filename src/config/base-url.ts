// What a user pastes as the Weblate server's address is often not the server's base: the API
// root they saw in the docs (`https://host/api/`), or the page they were looking at
// (`https://host/projects/my-app/`). The tool adds `/api/...` itself, so `/api/api/...` would
// answer 404 with no hint. The API root is taken back to the base, with a note; any other page of
// Weblate is refused with the address to use instead and the translations that page stands for.

/** The first path segment of Weblate's own pages and API, below which a base cannot be. */
const WEBLATE_ROUTES = new Set([
  "api",
  "projects",
  "engage",
  "translate",
  "languages",
  "widget",
  "widgets",
  "accounts",
  "user",
  "exports",
  "zen",
  "browse",
]);

export type BaseUrlCheck =
  | { baseUrl: string; note?: string; problem?: undefined }
  | { problem: string; baseUrl?: undefined; note?: undefined };

/**
 * The server's base address for an address given as `baseUrl` (already a valid http(s) URL):
 * without a trailing slash, query or fragment. `setting` names where it came from, for the messages
 * ("baseUrl", "--base-url").
 */
export function checkBaseUrl(value: string, setting = '"baseUrl"'): BaseUrlCheck {
  const url = new URL(value);
  const segments = url.pathname.split("/").filter((s) => s !== "");
  const at = segments.findIndex((s) => WEBLATE_ROUTES.has(s.toLowerCase()));
  const kept = at < 0 ? segments : segments.slice(0, at);
  const base = `${url.origin}/${kept.join("/")}`.replace(/\/+$/, "");
  if (at < 0) return { baseUrl: base };
  const route = (segments[at] ?? "").toLowerCase();
  const rest = segments.slice(at + 1).map(decodeSegment);
  if (route === "api" && rest.length === 0)
    return {
      baseUrl: base,
      note:
        `${setting} ends in /api (the API's root); using ${base}, since the tool adds /api/ ` +
        `itself. Set ${setting} to "${base}" to drop this note`,
    };
  const tracked = trackedBy(route, rest);
  return {
    problem:
      `${setting} is ` +
      `${route === "api" ? "an address inside the API" : "the address of a page of Weblate"} ` +
      `(${url.origin}${url.pathname}), not the server's base; set it to ` +
      `"${base}"` +
      (tracked ? ` and track ${tracked.what} with "translations": ["${tracked.triple}"]` : ""),
  };
}

/** What the translations of a Weblate page or API address are, as a config triple. */
function trackedBy(route: string, rest: string[]): { what: string; triple: string } | undefined {
  // /api/projects/p/, /api/components/p/c/, /api/translations/p/c/l/ name the same as pages do.
  const [kind, ...path] = route === "api" ? rest : [route, ...rest];
  const named = ["components", "translations", "projects", "translate"].includes(kind ?? "")
    ? path.filter((p) => p !== "-")
    : [];
  // Deeper paths are components inside categories: only their project is certain.
  const [project, component, language] = named.length > 3 ? named.slice(0, 1) : named;
  if (!project) return undefined;
  if (!component) return { what: `project "${project}"`, triple: `${project}/*/*` };
  if (!language)
    return { what: `component "${project}/${component}"`, triple: `${project}/${component}/*` };
  return { what: `that translation`, triple: `${project}/${component}/${language}` };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Two base addresses of one server (a trailing slash aside). */
export const sameBaseUrl = (a: string, b: string): boolean =>
  a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
