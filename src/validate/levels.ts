import type { Problem } from "../snapshot/schema.js";

// Three levels for what a record does differently from the contract:
// - error: the record is unusable (identity, counters); the entry is `invalid`;
// - warning: something a reader of the numbers or links should know (a percent off its rule,
//   counts that do not add up, a link off its documented path or the origin, a wrong type);
// - note: a known, normal difference of real servers (fields missing on older versions, extra
//   fields on newer ones, `name` differing from `slug`, Android's `b+ach`, `license_url` of "",
//   `enforced_checks` as an array, `revision` of two hashes, filemasks of other shapes).
// The site shows no notes to visitors; the CLI lists them with --verbose only.

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

/**
 * Whether a departure from the contract's schema is a known difference of real servers: a field
 * the contract lacks (newer servers), a field missing (older servers), a known value.
 */
export function isKnownSchemaDifference(
  path: string,
  found: unknown,
  extraField: boolean,
): boolean {
  if (extraField) return true;
  if (found === undefined) return !MISSING_MATTERS.has(path);
  return KNOWN_VALUES[path]?.(found) ?? false;
}

/** Splits findings into warnings and notes, each as a plain problem (path and message). */
export function splitLevels(findings: readonly Finding[]): {
  warnings: Problem[];
  notes: Problem[];
} {
  const warnings: Problem[] = [];
  const notes: Problem[] = [];
  for (const f of findings) (f.note ? notes : warnings).push({ path: f.path, message: f.message });
  return { warnings, notes };
}
