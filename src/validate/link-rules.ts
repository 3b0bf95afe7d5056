import type { Triple } from "../config/triple.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { obj, str, type Json } from "../model/json.js";
import { problem, type Finding } from "./problem.js";
import { must } from "../model/must.js";

// Every API and human-facing link has its documented path under the configured base URL; the
// checks come in two parts, the translation's own links and those its component carries.

/** The links of the translation itself and of its language. */
export function checkTranslationLinks(record: Json, triple: Triple, baseUrl: string): Finding[] {
  const out: Finding[] = [];
  const routes = new WeblateRoutes(baseUrl);
  expectLinks(out, record, "", routes.translationLinks(triple), routes);
  languageLinks(out, obj(record.language), "language.", routes);
  return out;
}

/**
 * The links of the record's component, its project and its source language. They depend on the
 * component object and the requested project and component only, so the records of one list
 * (which share their component object) need them checked once.
 */
export function checkComponentLinks(record: Json, triple: Triple, baseUrl: string): Finding[] {
  const out: Finding[] = [];
  const routes = new WeblateRoutes(baseUrl);
  const component = obj(record.component);
  if (!component) return out;
  languageLinks(out, obj(component.source_language), "component.source_language.", routes);
  const project = obj(component.project);
  if (project)
    expectLinks(out, project, "component.project.", routes.projectLinks(triple.project), routes);
  expectLinks(
    out,
    component,
    "component.",
    routes.componentLinks(triple.project, triple.component),
    routes,
  );
  return out;
}

function languageLinks(
  out: Finding[],
  node: Json | undefined,
  prefix: string,
  routes: WeblateRoutes,
): void {
  const code = str(node?.code);
  if (!node || !code) return;
  expectLinks(out, node, prefix, routes.languageLinks(code), routes);
}

/**
 * Links that are there must be the documented ones; a missing or mistyped one is the contract's
 * business. A page's link that is the API's address of the page is a quirk some servers have,
 * which their users cannot fix: a note (crawl.acceptQuirks silences it).
 */
function expectLinks(
  out: Finding[],
  node: Json,
  prefix: string,
  expected: Record<string, string>,
  routes: WeblateRoutes,
): void {
  for (const field in expected) {
    const found = node[field];
    const want = must(expected[field]);
    if (typeof found === "string" && found !== want && stripFormatApi(found) !== want) {
      if (intoApi(stripFormatApi(found), want, routes)) {
        const { path, message } = problem(`${prefix}${field}`, `"${want}"`, found);
        out.push({
          path,
          message: `${QUIRK}: the API's address of the page; ${message}`,
          note: true,
        });
        continue;
      }
      const other = otherOrigin(stripFormatApi(found), want);
      out.push({
        ...problem(`${prefix}${field}`, `"${want}" (the documented path)`, found),
        ...(other ? { offOrigin: other } : {}),
      });
    }
  }
}

// First in the message: a message is clipped at its end when long.
const QUIRK = "a quirk of this server, which its admins can fix (crawl.acceptQuirks accepts it)";

/** Whether a note is of a server's quirk, which the CLI tells once a kind, not once a record. */
export function isServerQuirk(note: { message: string }): boolean {
  return note.message.startsWith(QUIRK);
}

/** Whether `found` is the API's address (`<base>/api/languages/en/`) of `want`, a page's link. */
function intoApi(found: string, want: string, routes: WeblateRoutes): boolean {
  const base = `${routes.base}/`;
  return want.startsWith(base) && found === routes.root() + want.slice(base.length);
}

/** The origin of `found` when it is `want` on another server (a proxy, a renamed host). */
function otherOrigin(found: string, want: string): string | undefined {
  if (!URL.canParse(found) || !URL.canParse(want)) return undefined;
  const [f, w] = [new URL(found), new URL(want)];
  return f.origin !== w.origin && `${f.pathname}${f.search}` === `${w.pathname}${w.search}`
    ? f.origin
    : undefined;
}

/**
 * `?format=api` appears in links only when the request carried it; both forms are the same link.
 */
function stripFormatApi(url: string): string {
  return url.endsWith("?format=api") ? url.slice(0, -"?format=api".length) : url;
}
