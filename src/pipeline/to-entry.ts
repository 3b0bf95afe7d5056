import type { Fetched } from "../crawl/fetched.js";
import { RequestError } from "../crawl/request-error.js";
import type { Problem, SnapshotEntry } from "../snapshot/schema.js";
import { sanitizeText } from "../text/sanitize.js";
import { validateRecord, type ValidationOptions } from "../validate/validate-record.js";

// The pipeline's step between crawl and snapshot: what the crawl got for one triple, validated,
// as the snapshot keeps it. Here rather than in snapshot/, so the snapshot knows neither.

/** Validates one fetched body (or records its failure) as a snapshot entry. */
export function toEntry(fetched: Fetched, options: ValidationOptions): SnapshotEntry {
  const { project, component, language } = fetched.triple;
  if (fetched.error) {
    const error = fetched.error;
    const failure =
      error instanceof RequestError
        ? { kind: error.kind, ...(error.status ? { status: error.status } : {}) }
        : { kind: "error" };
    return {
      project,
      component,
      language,
      status: "failed",
      warnings: [],
      errors: [{ path: "(request)", message: sanitizeText(error.message) }],
      notes: [],
      failure,
    };
  }
  const result = validateRecord(fetched.body, fetched.triple, options);
  return {
    project,
    component,
    language,
    status: result.status,
    ...(result.status === "ok" ? { record: fetched.body } : {}),
    warnings: result.warnings.map(sanitizeProblem),
    errors: result.errors.map(sanitizeProblem),
    notes: result.notes.map(sanitizeProblem),
  };
}

/**
 * Field names and found values come from the server: escaped and redacted before anyone sees them.
 */
function sanitizeProblem(p: Problem): Problem {
  return { path: clip(sanitizeText(p.path)), message: clip(sanitizeText(p.message)) };
}

/** A field name can be a megabyte long: a message keeps its first few hundred characters. */
function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
