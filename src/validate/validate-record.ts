import { z } from "zod";
import type { Triple } from "../config/triple.js";
import { translationSchema, usableRecordSchema } from "./contract.js";
import { describeValue, problemsFromIssues, type Problem } from "./problem.js";
import { checkComponentFields, checkCounterBounds, checkIdentity, checkLinks, checkPercents, checkTranslationFields } from "./rules.js";

export interface ValidationOptions {
  /** The configured base URL: API links must live under it. */
  baseUrl: string;
  /** Every warning becomes an error. */
  strict?: boolean;
}

export interface Validation {
  status: "ok" | "invalid";
  errors: Problem[];
  warnings: Problem[];
}

/**
 * Checks one record against the contract. Errors make it unusable (wrong or missing identity,
 * missing or bad counters, translated > total); any other departure is a warning, and under
 * `strict` an error as well.
 */
export function validateRecord(body: unknown, triple: Triple, options: ValidationOptions): Validation {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return { status: "invalid", errors: [{ path: "(body)", message: `expected a JSON object, found ${describeValue(body)}` }], warnings: [] };
  }
  const record = body as Record<string, unknown>;
  const usable = usableRecordSchema.safeParse(record);
  const identity = checkIdentity(record, triple);
  const bounds = checkCounterBounds(record);
  const errors = [...(usable.success ? [] : problemsFromIssues(record, usable.error.issues)), ...identity.errors, ...bounds.errors];

  const contract = translationOwnSchema.safeParse(record);
  const candidates = [
    ...identity.warnings,
    ...bounds.warnings,
    ...(contract.success ? [] : problemsFromIssues(record, contract.error.issues)),
    ...componentProblems(record.component),
    ...checkPercents(record),
    ...checkLinks(record, triple, options.baseUrl),
    ...checkTranslationFields(record),
  ];
  // A field already reported as an error is not reported again as a warning.
  const errorPaths = errors.map((e) => e.path);
  const warnings = dedupe(candidates.filter((w) => !errorPaths.some((p) => w.path === p || w.path.startsWith(`${p}.`))));

  if (options.strict) {
    const all = [...errors, ...warnings];
    return { status: all.length ? "invalid" : "ok", errors: all, warnings: [] };
  }
  return { status: errors.length ? "invalid" : "ok", errors: dedupe(errors), warnings };
}

// The translation's own fields; its component is checked on its own (below).
const translationOwnSchema = translationSchema.extend({ component: z.unknown() });

// The records of one component's list share one component object: it is checked once.
const componentChecks = new WeakMap<object, readonly Problem[]>();

/** The contract's departures in a record's component (paths start with `component`). */
function componentProblems(component: unknown): readonly Problem[] {
  const cacheable = component !== null && typeof component === "object";
  const known = cacheable ? componentChecks.get(component) : undefined;
  if (known) return known;
  const result = translationSchema.shape.component.safeParse(component);
  const issues = result.success ? [] : result.error.issues.map((issue) => ({ ...issue, path: ["component", ...issue.path] }));
  const problems = [...problemsFromIssues({ component }, issues), ...checkComponentFields({ component })];
  if (cacheable) componentChecks.set(component, problems);
  return problems;
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
