import { OutputError } from "../model/errors.js";
import { componentPathParts, segmentProblem } from "../config/triple.js";

/**
 * The files the site writes for itself, whatever the snapshot holds: the one list the renderer
 * writes them by and the claims keep translations off.
 */
export const SITE_FILE = {
  index: "index.html",
  notFound: "404.html",
  noJekyll: ".nojekyll",
  style: "assets/style.css",
  scripts: "assets/tables.js",
  /**
   * Leads an old translation page's address to its row (404.html, a site without them), and an
   * old project badges page's to badges/index.html (a site whose badges page is whole again).
   */
  moved: "assets/moved.js",
  favicon: "assets/favicon.svg",
  og: "assets/og.png",
  /** The snapshot inside a site, compressed (snapshot/packed-snapshot.ts). */
  snapshot: "data/snapshot.json.gz",
  history: "data/history.json",
  feed: "feed.xml",
} as const;

/** The site's own folders: its assets, badges, data and languages' pages. */
const SITE_FOLDERS = ["assets", "badges", "data", "languages"];

/** Top-level names the site uses for itself; a project of one of these slugs moves (projectDir). */
export const RESERVED_TOP_LEVEL: ReadonlySet<string> = new Set([
  ...SITE_FOLDERS,
  ...Object.values(SITE_FILE).filter((path) => !path.includes("/")),
]);

/** What follows a project's slug when the site takes the slug for itself (projectDir). */
const OWN_NAME_SUFFIX = ".project";

/**
 * A project's folder, for its pages (`<folder>/`) and its badges (`badges/<folder>/`): its slug
 * as a file name; for a slug the site takes for itself (RESERVED_TOP_LEVEL, or the folder of one
 * of `site.locales` but the first), the slug and ".project" (`data.project/`). A Weblate slug
 * ([-a-zA-Z0-9_]+) has no dot, so no project's folder can be another's or the site's own.
 */
export function projectDir(project: string, site: { locales: readonly string[] }): string {
  const segment = fileSegment(project);
  // In lower case, as a case-insensitive file system compares names: "Data" is "data" there.
  const lower = segment.toLowerCase();
  const own =
    RESERVED_TOP_LEVEL.has(lower) ||
    site.locales.some((locale, i) => i > 0 && locale.toLowerCase() === lower);
  return own ? segment + OWN_NAME_SUFFIX : segment;
}

/**
 * A slug or code as a file name: percent-encoded, so it can never leave its directory
 * (characters that are unsafe in file names on some systems are encoded too).
 * Refused when it could still change the path.
 */
export function fileSegment(value: string): string {
  let segment = segments.get(value);
  if (segment === undefined) {
    segment = encodeSegment(value);
    if (segments.size > 100_000) segments.clear();
    segments.set(value, segment);
  }
  return segment;
}

// The same few hundred slugs and codes are encoded again and again.
const segments = new Map<string, string>();

function encodeSegment(value: string): string {
  const problem = segmentProblem(value);
  if (problem)
    throw new OutputError(
      `cannot use ${JSON.stringify(value)} as a path in the site: it ${problem}`,
    );
  return encodeURIComponent(value).replace(
    /[!'()*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A component path as folders: a component inside categories ("docs%2Fusage") lives where
 * Weblate's own pages have it, under its categories ("docs/usage").
 */
export function componentDir(path: string): string {
  return componentPathParts(path).map(fileSegment).join("/");
}

/**
 * The folder of a project's own badges page on a site whose badges page is split by project
 * (render/pages/badges-page.ts): `badges/<project>`, beside the project's badge files, its page
 * `badges/<project>/index.html`, and its README table `badges/<project>/README.md`: the project
 * claims both (site-claims.ts), so a component whose badges would need either as a folder is left
 * out with its reason. `projectDir` is the project's page folder.
 */
export function projectBadgesDir(projectDir: string): string {
  return `badges/${projectDir}`;
}

/**
 * Where a translation is shown, from the site's root: its page (`p/c/l/index.html`), or, on a
 * site without translation pages (render/budget/), its row of the component's page
 * (`p/c/index.html#t-l`). `pageDir` is the translation's folder, `p/c/l`.
 */
export function translationPath(pageDir: string, pages: boolean): string {
  if (pages) return `${pageDir}/index.html`;
  const cut = pageDir.lastIndexOf("/");
  return `${pageDir.slice(0, cut)}/index.html#${translationAnchor(pageDir.slice(cut + 1))}`;
}

/**
 * The address of where a translation is shown, from the site's root, as links give it: its page's
 * folder (`p/c/l/`), or its row of the component's page (`p/c/#t-l`).
 */
export function translationAddress(pageDir: string, pages: boolean): string {
  return pages ? `${pageDir}/` : translationPath(pageDir, false).replace("/index.html#", "/#");
}

/**
 * The id of a translation's row on its component's page: `t-` and the language's file segment
 * (percent-encoded, so an id and a fragment alike; the prefix keeps it off the page's own ids).
 */
export function translationAnchor(languageSegment: string): string {
  return `t-${languageSegment}`;
}

/** The relative path from a directory of the site up to its root: "", "../", "../../", ... */
export function upTo(fromDir: string): string {
  return fromDir === "" ? "" : "../".repeat(fromDir.split("/").length);
}

/**
 * A path inside the site as a link: each segment URL-encoded (a "%" in a file name becomes "%25");
 * a path of only unreserved characters is its own encoding.
 */
export function encodePath(path: string): string {
  if (/^[A-Za-z0-9\-._~/]*$/.test(path)) return path;
  // A "#" starts a fragment (translationPath's): file names never hold one (fileSegment encodes
  // it), and the fragment is already encoded.
  const hash = path.indexOf("#");
  if (hash >= 0) return encodePath(path.slice(0, hash)) + path.slice(hash);
  return path
    .split("/")
    .map((s) => encodeURIComponent(s))
    .join("/");
}

export function duplicateOutput(path: string): OutputError {
  return new OutputError(
    `two outputs would be written to ${path}; check the config for two translations that map to ` +
      `one path`,
  );
}
