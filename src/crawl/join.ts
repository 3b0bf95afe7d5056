import { componentPathProblem, componentSlugOf, segmentProblem } from "../config/triple.js";
import { CATEGORY_SEPARATOR_IN_LINK, componentPathOfLink } from "../weblate/routes.js";
import { field, isJson, type Json } from "../model/json.js";
import { must } from "../model/must.js";

// Putting back together what Weblate's list endpoints leave out: a component's translation list
// has no `component` in its items, a project's component list no `project` in its items. Joined
// where the detail endpoint has them, a record is the same, byte for byte, whichever endpoint it
// came from. Nothing is made up: only objects the server sent are joined in.

/**
 * A list item with its component record put back where the detail endpoint has it (right after
 * `language`), so a record has the same shape, byte for byte, whichever endpoint it came from.
 */
export function joinComponent(item: unknown, component: unknown): unknown {
  if (!isJson(item)) return item;
  const source = item;
  if ("component" in source) return source;
  // Items come with `language` first, as the detail endpoint has it: a spread copies the rest in
  // one go (and keeps a "__proto__" key as data), several times faster than insertAfter.
  for (const first in source) {
    if (first === "language" && Object.hasOwn(source, first))
      return { language: source.language, component, ...source };
    break;
  }
  return insertAfter(source, "component", component, ["language"]);
}

/**
 * A component record from a project's component list with its project put back where the
 * component endpoint has it (after `source_language`, as Weblate's serializer orders the fields;
 * after `id` or `slug` in the shorter records of older servers).
 */
export function joinProject(component: unknown, project: unknown): unknown {
  if (!isJson(component) || "project" in component) return component;
  return insertAfter(component, "project", project, ["source_language", "id", "slug"]);
}

/** Whether a component record carries its project (an object). */
export function hasProject(component: unknown): boolean {
  return isJson(field(component, "project"));
}

/**
 * A copy with `key` inserted after the first of `after` the object has (first of all when none).
 */
function insertAfter(source: Json, key: string, value: unknown, after: readonly string[]): Json {
  const anchor = after.find((k) => Object.hasOwn(source, k));
  const out: Json = {};
  if (anchor === undefined) out[key] = value;
  for (const k in source) {
    if (!Object.hasOwn(source, k)) continue;
    // A "__proto__" key from JSON.parse is data: kept as such, never made the object's prototype.
    if (k === "__proto__")
      Object.defineProperty(out, k, {
        value: source[k],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[k] = source[k];
    if (k === anchor) out[key] = value;
  }
  return out;
}

/**
 * The path a listed component is asked for by: its slug, or for a component inside categories
 * (newer servers) the category slugs and its own joined by "%2F", as its own API link has them
 * (`.../api/components/<project>/docs%252Fusage/`). Undefined when it has no usable slug.
 */
export function listedComponentPath(component: unknown): string | undefined {
  const slug = field(component, "slug");
  const url = field(component, "url");
  if (typeof slug !== "string" || segmentProblem(slug)) return undefined;
  if (typeof url !== "string" || !url.includes(CATEGORY_SEPARATOR_IN_LINK)) return slug;
  const path = componentPathOfLink(url);
  // The link must name this very component, at a usable path; else the slug is all there is.
  return path !== undefined && componentSlugOf(path) === slug && !componentPathProblem(path)
    ? path
    : slug;
}

/** The language a list item is for: language.code (the path code), else language_code. */
export function languageCodeOf(item: unknown): string | undefined {
  const code = field(field(item, "language"), "code");
  if (typeof code === "string") return code;
  const languageCode = field(item, "language_code");
  return typeof languageCode === "string" ? languageCode : undefined;
}

/** Deep equality of parsed JSON values (key order included: equal values serialize the same). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) {
    const key = must(ak[i]);
    if (key !== bk[i] || !sameJson(Reflect.get(a, key), Reflect.get(b, key))) return false;
  }
  return true;
}
