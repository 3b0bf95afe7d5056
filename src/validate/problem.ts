import type { z } from "zod";
import { formatPath } from "../text/format-path.js";
import type { Problem } from "../snapshot/schema.js";
import { isKnownSchemaDifference, type Finding } from "./levels.js";

/** The value at a path in a parsed JSON document, or undefined. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = Reflect.get(node, key);
  }
  return node;
}

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

/**
 * Turns zod issues on a record into problems that name the path, the expectation and the found
 * value; those that are known differences of real servers are marked as notes.
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
            `${describeValue(valueAt(root, path))}`,
          note: true,
        });
      }
      continue;
    }
    const found = valueAt(root, issue.path);
    const expected = issue.message.startsWith("expected ")
      ? issue.message.slice("expected ".length)
      : issue.code === "invalid_type"
        ? `${issue.expected === "int" ? "an integer" : issue.expected}`
        : issue.message;
    const path = formatPath(issue.path);
    out.push({
      ...problem(path, expected, found),
      ...(isKnownSchemaDifference(path, found, false) ? { note: true as const } : {}),
    });
  }
  return out;
}
