/** One tracked translation: a (project, component, language) triple of Weblate slugs/codes. */
export interface Triple {
  project: string;
  component: string;
  language: string;
}

/** The wildcard allowed in the component and language positions of a configured triple. */
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
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return "contains a control character";
  if (value.length > 200) return "is longer than 200 characters";
  return undefined;
}

/** "project/component/language" for messages and keys. */
export function tripleKey(t: Triple): string {
  return `${t.project}/${t.component}/${t.language}`;
}

/** Orders triples by project, component, language (code-unit order: stable on every machine). */
export function compareTriples(a: Triple, b: Triple): number {
  return cmp(a.project, b.project) || cmp(a.component, b.component) || cmp(a.language, b.language);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
