import type { Fetched } from "../crawl/fetched.js";
import { RequestError } from "../http/request-error.js";
import type { Problem, SnapshotEntry } from "../snapshot/schema.js";
import { withoutUserInfo } from "../text/http-url.js";
import { sanitizeText } from "../text/sanitize.js";
import { checkStatistics } from "../validate/statistics.js";
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
      errors: [{ path: "(request)", message: clipMiddle(sanitizeText(error.message)) }],
      notes: [],
      failure,
    };
  }
  const result = validateRecord(fetched.body, fetched.triple, options);
  // The newer statistics of its component's row (crawl.statistics), checked; under --strict their
  // warnings are errors as well.
  const stats = fetched.statistics ? checkStatistics(fetched.statistics, fetched.body) : undefined;
  const statsWarnings = options.strict ? [] : (stats?.warnings ?? []);
  const statsErrors = options.strict ? (stats?.warnings ?? []) : [];
  const status = statsErrors.length > 0 ? "invalid" : result.status;
  return {
    project,
    component,
    language,
    status,
    // What a server with its repositories' credentials shown sends is published without them.
    ...(status === "ok" ? { record: withoutUserInfo(fetched.body) } : {}),
    warnings: [...result.warnings, ...statsWarnings].map(sanitizeProblem),
    errors: [...result.errors, ...statsErrors].map(sanitizeProblem),
    notes: result.notes.map(sanitizeProblem),
    ...(status === "ok" && stats?.statistics ? { statistics: stats.statistics } : {}),
  };
}

/**
 * Field names and found values come from the server: escaped and redacted before anyone sees them.
 */
function sanitizeProblem(p: Problem): Problem {
  return { path: clipMiddle(sanitizeText(p.path)), message: clipMiddle(sanitizeText(p.message)) };
}

/**
 * A field name or an address can be a megabyte long: a message keeps its first and last few
 * hundred characters (the cause of a failed request comes after its address).
 */
function clipMiddle(text: string): string {
  return text.length > 400 ? `${text.slice(0, 250)}...${text.slice(-147)}` : text;
}
