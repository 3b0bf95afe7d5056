import { z } from "zod";
import type { Triple } from "../config/triple.js";
import { translationSchema, usableRecordSchema } from "./contract.js";
import type { Problem } from "../snapshot/schema.js";
import { describeValue, problemsFromIssues, type Finding } from "./problem.js";
import { recordLimitProblem } from "./record-limits.js";
import { checkComponentLinks, checkTranslationLinks } from "./link-rules.js";
import {
  checkComponentFields,
  checkCounterBounds,
  checkIdentity,
  checkPercents,
  checkTranslationFields,
} from "./rules.js";
import { isJson, type Json } from "../model/json.js";

export interface ValidationOptions {
  /** The configured base URL: API links must live under it. */
  baseUrl: string;
  /** Where the base URL was set, as hints name it; default '"baseUrl"'. */
  baseUrlSetting?: string;
  /** Every warning becomes an error. */
  strict?: boolean;
  /** Field paths whose findings are neither warnings nor notes (crawl.acceptQuirks). */
  accept?: readonly string[];
}

interface Validation {
  status: "ok" | "invalid";
  errors: Problem[];
  warnings: Problem[];
  /** Known differences of real servers (problem.ts). */
  notes: Problem[];
}

/**
 * Checks one record against the contract. Errors make it unusable (wrong or missing identity,
 * missing or bad counters, translated > total); any other departure is a warning, or a note when
 * it is a known difference of real servers; under `strict` both are errors as well.
 */
export function validateRecord(
  body: unknown,
  triple: Triple,
  options: ValidationOptions,
): Validation {
  if (!isJson(body))
    return invalid({
      path: "(body)",
      message: `expected a JSON object, found ${describeValue(body)}`,
    });
  const record = body;
  const tooBig = recordLimitProblem(record);
  if (tooBig) return invalid(tooBig);
  const contract = translationOwnSchema.safeParse(record);
  const component = componentProblems(record, triple, options.baseUrl);
  const identity = checkIdentity(record, triple);
  const bounds = checkCounterBounds(record);
  const errors = [
    ...unusableProblems(record, contract.success && component.meetsContract),
    ...identity.errors,
    ...bounds.errors,
  ];
  const candidates: Finding[] = [
    ...identity.warnings,
    ...bounds.warnings,
    ...(contract.success ? [] : problemsFromIssues(record, contract.error.issues)),
    ...component.contract,
    ...checkPercents(record),
    ...checkTranslationLinks(record, triple, options.baseUrl),
    ...component.links,
    ...checkTranslationFields(record),
  ];
  // A field already reported as an error is not reported again as a warning; an accepted quirk's
  // field not at all.
  const skipped = [...errors.map((e) => e.path), ...(options.accept ?? [])];
  offOriginLinks(candidates, options.baseUrl, options.baseUrlSetting ?? '"baseUrl"');
  const warnings: Problem[] = [];
  const notes: Problem[] = [];
  for (const f of dedupe(candidates))
    if (!skipped.some((p) => f.path === p || f.path.startsWith(`${p}.`)))
      (f.note ? notes : warnings).push({ path: f.path, message: f.message });
  if (options.strict) {
    const all = [...errors, ...warnings, ...notes];
    return { status: all.length ? "invalid" : "ok", errors: all, warnings: [], notes: [] };
  }
  return { status: errors.length ? "invalid" : "ok", errors: dedupe(errors), warnings, notes };
}

const invalid = (error: Problem): Validation => ({
  status: "invalid",
  errors: [error],
  warnings: [],
  notes: [],
});

/**
 * What makes the record unusable (usableRecordSchema). It asks less than the contract does, so a
 * record that meets the contract (its own fields and its component's) is usable: only a departure
 * needs the second look.
 */
function unusableProblems(record: Json, meetsContract: boolean): Problem[] {
  if (meetsContract) return [];
  const usable = usableRecordSchema.safeParse(record);
  if (usable.success) return [];
  return problemsFromIssues(record, usable.error.issues).map(({ path, message }) => ({
    path,
    message,
  }));
}

// The translation's own fields; its component is checked on its own (below).
const translationOwnSchema = translationSchema.extend({ component: z.unknown() });

interface ComponentFindings {
  /**
   * What the findings depend on besides the object: the base URL and the requested project and
   * component.
   */
  key: string;
  /** The component object meets the contract's schema. */
  meetsContract: boolean;
  /** The contract's departures in the component (paths start with `component`). */
  contract: readonly Finding[];
  /** Its links, its project's and its source language's. */
  links: readonly Finding[];
}

// The records of one component's list share one component object: it is checked once.
const componentChecks = new WeakMap<object, ComponentFindings>();

function componentProblems(
  record: Record<string, unknown>,
  triple: Triple,
  baseUrl: string,
): ComponentFindings {
  const component = record.component;
  const cacheable = component !== null && typeof component === "object";
  const key = `${baseUrl}\n${triple.project}\n${triple.component}`;
  const known = cacheable ? componentChecks.get(component) : undefined;
  if (known?.key === key) return known;
  const result = translationSchema.shape.component.safeParse(component);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => ({ ...issue, path: ["component", ...issue.path] }));
  const findings = {
    key,
    meetsContract: result.success,
    contract: [
      ...problemsFromIssues({ component }, issues).filter((f) => !projectShapeNote(f)),
      ...checkComponentFields({ component }),
    ],
    links: checkComponentLinks({ component }, triple, baseUrl),
  };
  if (cacheable) componentChecks.set(component, findings);
  return findings;
}

/**
 * A note on the shape of the component's project (a field missing or one the contract lacks): left
 * out. The crawl has the project from the component record that embeds it, or, for a pattern
 * that reads a project's component list, from `/api/projects/<p>/`, which servers shape otherwise:
 * judged by its shape, one translation would get notes or not by the pattern that reached it. Its
 * values (identity, links, types) are checked either way.
 */
function projectShapeNote(finding: Finding): boolean {
  return finding.note === true && finding.path.startsWith("component.project.");
}

function dedupe<P extends Problem>(problems: P[]): P[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Links on the right paths of another server are one finding, not one per field: a crawl through a
 * proxy, or of a renamed server, has every link of every record so (29 alike per record).
 */
function offOriginLinks(findings: Finding[], baseUrl: string, setting: string): void {
  const off = findings.filter((f) => f.offOrigin !== undefined);
  if (off.length < 2) return;
  const origins = [...new Set(off.map((f) => f.offOrigin))];
  const fields = off.map((f) => f.path);
  for (let i = findings.length - 1; i >= 0; i--)
    if (findings[i]?.offOrigin !== undefined) findings.splice(i, 1);
  const shown = fields.length > 5 ? `${fields.slice(0, 5).join(", ")}...` : fields.join(", ");
  const where = origins.join(", ");
  findings.push({
    path: "(links)",
    message:
      `${fields.length} links point at ${where}, not at the configured server ` +
      `${new URL(baseUrl).origin} (${setting}): ${shown}; if ${where} is the server's own ` +
      `address (behind a proxy, or renamed), set ${setting} to it`,
  });
}
