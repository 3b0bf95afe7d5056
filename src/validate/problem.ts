import type { z } from "zod";
import { formatPath } from "../text/format-path.js";
import type { Problem } from "../snapshot/schema.js";

// Three levels for what a record does differently from the contract:
// - error: the record is unusable (identity, counters); the entry is `invalid`;
// - warning: something a reader of the numbers or links should know (a percent off its rule,
//   counts that do not add up, a link off its documented path or the origin, a wrong type);
// - note: a known, normal difference of real servers (fields missing on older versions, extra
//   fields on newer ones, `name` differing from `slug`, Android's `b+ach`, `license_url` of "",
//   `enforced_checks` as an array, `revision` of two hashes, filemasks of other shapes).
// The site shows no notes to visitors; the CLI lists them with --verbose only. Each rule returns
// findings; which are errors is decided by validateRecord.

/** A problem found while checking, with its level when it is a note. */
export interface Finding extends Problem {
  note?: true;
  /**
   * A link on the right path of another server (its origin): told once per record with the others
   * like it (offOriginLinks), not once per field.
   */
  offOrigin?: string;
}

export const asNote = (p: Problem): Finding => ({ ...p, note: true });

/**
 * A short description of a found value: `"b+ach"`, `75`, `null`, `an array of 3`, `nothing (field
 * missing)`.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (field missing)";
  if (value === null) return "null";
  if (typeof value === "string")
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return "an object";
}

export function problem(path: string, expected: string, found: unknown): Problem {
  return { path, message: `expected ${expected}, found ${describeValue(found)}` };
}

/** Missing fields that matter to a reader even though older servers may lack them. */
const MISSING_MATTERS = new Set(["component.project"]);

/** Values of real servers that differ from the contract's in a known way. */
const KNOWN_VALUES: Readonly<Record<string, (found: unknown) => boolean>> = {
  "component.license_url": (found) => found === "",
  "component.enforced_checks": (found) => Array.isArray(found),
  // Newer servers hide the repository's details from a client without the "vcs.view" permission
  // (anonymous, or a token without it): Weblate's ComponentSerializer sends them as null.
  ...Object.fromEntries(
    ["vcs", "repo", "branch", "filemask", "push"].map((field) => [
      `component.${field}`,
      (found: unknown) => found === null,
    ]),
  ),
};

/** Whether a field missing (older servers) or a value is a known difference of real servers. */
function isKnownDifference(path: string, found: unknown): boolean {
  if (found === undefined) return !MISSING_MATTERS.has(path);
  return KNOWN_VALUES[path]?.(found) ?? false;
}

/**
 * Turns zod issues on a record into problems that name the path, the expectation and the found
 * value; a field the contract lacks (newer servers) and the known differences are notes.
 */
export function problemsFromIssues(root: unknown, issues: readonly z.core.$ZodIssue[]): Finding[] {
  const out: Finding[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        out.push({
          path: formatPath(path),
          message:
            `expected no such field (it is not in the contract), found ` +
            `${describeValue(valueAtPath(root, path))}`,
          note: true,
        });
      }
      continue;
    }
    const found = valueAtPath(root, issue.path);
    const expected = issue.message.startsWith("expected ")
      ? issue.message.slice("expected ".length)
      : issue.code === "invalid_type"
        ? `${issue.expected === "int" ? "an integer" : issue.expected}`
        : issue.message;
    const path = formatPath(issue.path);
    out.push({
      ...problem(path, expected, found),
      ...(isKnownDifference(path, found) ? { note: true as const } : {}),
    });
  }
  return out;
}

/** The value at a path in a parsed JSON document, or undefined. */
function valueAtPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = Reflect.get(node, key);
  }
  return node;
}
