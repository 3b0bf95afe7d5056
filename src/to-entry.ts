import type { Fetched } from "./crawl/fetched.js";
import { RequestError } from "./crawl/request-error.js";
import type { SnapshotEntry } from "./snapshot/schema.js";
import { validateRecord, type ValidationOptions } from "./validate/validate-record.js";

// The pipeline's step between crawl and snapshot: what the crawl got for one triple, validated,
// as the snapshot keeps it. Here rather than in snapshot/, so the snapshot knows neither.

/** Validates one fetched body (or records its failure) as a snapshot entry. */
export function toEntry(fetched: Fetched, options: ValidationOptions): SnapshotEntry {
  const { project, component, language } = fetched.triple;
  if (fetched.error) {
    const error = fetched.error;
    const failure = error instanceof RequestError ? { kind: error.kind, ...(error.status ? { status: error.status } : {}) } : { kind: "error" };
    return { project, component, language, status: "failed", warnings: [], errors: [{ path: "(request)", message: error.message }], notes: [], failure };
  }
  const result = validateRecord(fetched.body, fetched.triple, options);
  return {
    project,
    component,
    language,
    status: result.status,
    ...(result.status === "ok" ? { record: fetched.body } : {}),
    warnings: result.warnings,
    errors: result.errors,
    notes: result.notes,
  };
}
