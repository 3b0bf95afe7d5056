import { compareText } from "../model/counts.js";
import { must } from "../model/must.js";
/**
 * One tracked translation: a (project, component, language) triple of Weblate slugs/codes.
 * `component` is the component's path: its slug, or for a component inside categories the
 * category slugs and its own joined by "%2F" (`docs%2Fusage`), the form Weblate's API takes in
 * place of the component slug (URL-encoded once more in a path: `docs%252Fusage`).
 */
export interface Triple {
  project: string;
  component: string;
  language: string;
}

/** Joins the category slugs and the component slug of a component path. */
export const CATEGORY_SEPARATOR = "%2F";

/** The slugs of a component path: the categories', then the component's own (the last). */
export function componentPathParts(path: string): string[] {
  return path.split(CATEGORY_SEPARATOR);
}

/** The component's own slug: the last part of its path. */
export function componentSlugOf(path: string): string {
  const at = path.lastIndexOf(CATEGORY_SEPARATOR);
  return at < 0 ? path : path.slice(at + CATEGORY_SEPARATOR.length);
}

/**
 * A component as configured ("docs/usage" or "docs%2Fusage") as a component path ("docs%2Fusage").
 */
export function toComponentPath(value: string): string {
  return value.split("/").join(CATEGORY_SEPARATOR);
}

/** The path as people write it and web pages show it: "docs/usage". */
export function componentLabel(path: string): string {
  return componentPathParts(path).join("/");
}

/** Why a component path (slugs joined by "%2F") cannot be used, or undefined when it can. */
export function componentPathProblem(path: string): string | undefined {
  for (const part of componentPathParts(path)) {
    const problem = segmentProblem(part);
    if (problem) return path.includes(CATEGORY_SEPARATOR) ? `has a part that ${problem}` : problem;
  }
  return undefined;
}

/**
 * The wildcard allowed in the component and language positions of a configured triple, and in the
 * project's with the component's (the whole instance).
 */
export const WILDCARD = "*";

/**
 * Why a slug cannot be used as a path segment, or undefined when it can.
 * Empty segments, "/", "." and ".." and control characters are refused, so that a
 * slug can never change which API path is requested or which file is written.
 */
export function segmentProblem(value: string): string | undefined {
  if (value.length === 0) return "is empty";
  if (value === "." || value === "..") return `is "${value}", which would change the path`;
  if (value.includes("/")) return 'contains "/"';
  if (value.includes("\\")) return 'contains "\\"';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  if (/[\u0000-\u001f\u007f]/.test(value)) return "contains a control character";
  return undefined;
}

/**
 * A configured "project/component/language" string as a triple. A component inside categories
 * is written with its category path, "project/docs/usage/de" (or as the API has it,
 * "project/docs%2Fusage/de"): the first segment is the project, the last the language, and
 * those between the component path. Returns why it cannot be used instead, when it cannot.
 */
export function parseTripleString(
  value: string,
): { triple: Triple; problem?: undefined } | { problem: string; triple?: undefined } {
  const parts = value.split("/");
  if (parts.length < 3) {
    return {
      problem:
        `expected "project/component/language" (slugs joined by "/", "*" allowed for ` +
        `component or language), found ${JSON.stringify(value)}`,
    };
  }
  const project = must(parts[0]);
  const language = must(parts[parts.length - 1]);
  const middle = parts.slice(1, -1);
  if (middle.length > 1 && middle.includes(WILDCARD)) {
    return {
      problem:
        `"*" stands for a whole component, not for part of a category path, in ` +
        `${JSON.stringify(value)}; expected "project/*/language"`,
    };
  }
  const component = middle.join(CATEGORY_SEPARATOR);
  const instanceProblem = wildcardProjectProblem(project, component);
  if (instanceProblem) return { problem: `${instanceProblem}, in ${JSON.stringify(value)}` };
  const checks: [string, string | undefined][] = [
    ["project", project === WILDCARD ? undefined : segmentProblem(project)],
    ["component", component === WILDCARD ? undefined : componentPathProblem(component)],
    ["language", language === WILDCARD ? undefined : segmentProblem(language)],
  ];
  for (const [name, problem] of checks) {
    if (problem)
      return {
        problem:
          `the ${name} in ${JSON.stringify(value)} ${problem}; expected Weblate slugs ` +
          `joined by "/"`,
      };
  }
  return { triple: { project, component, language } };
}

// A project wildcard stands for the whole instance, and so for every component: "*/*/*" or
// "*/*/de". Says why "*/app/de" cannot be used; undefined when the triple is fine.
export function wildcardProjectProblem(project: string, component: string): string | undefined {
  if (project !== WILDCARD || component === WILDCARD) return undefined;
  return (
    '"*" for the project stands for every translation of the server and needs "*" for the ' +
    'component too ("*/*/*" or "*/*/language")'
  );
}

/**
 * "project/component/language" for messages and keys (a component path as given: `docs%2Fusage`).
 */
export function tripleKey(t: Triple): string {
  return `${t.project}/${t.component}/${t.language}`;
}

/**
 * "project/component/language" as people write it, for the terminal: categories joined by "/"
 * ("p/docs/usage/de"), not by the API's "%2F"; a name a server made very long cut short.
 */
export function tripleLabel(t: Triple): string {
  return [t.project, componentLabel(t.component), t.language].map(shortName).join("/");
}

const shortName = (name: string) =>
  name.length > 100 ? `${name.slice(0, 60)}...(${name.length} characters)` : name;

/** Whether `scope` (a configured pattern, wildcards allowed) covers the triple `t`. */
export function covers(scope: Triple, t: Triple): boolean {
  return (
    (scope.project === WILDCARD || scope.project === t.project) &&
    (scope.component === WILDCARD || scope.component === t.component) &&
    (scope.language === WILDCARD || scope.language === t.language)
  );
}

/** Orders triples by project, component, language (code-unit order: stable on every machine). */
export function compareTriples(a: Triple, b: Triple): number {
  return (
    compareText(a.project, b.project) ||
    compareText(a.component, b.component) ||
    compareText(a.language, b.language)
  );
}
