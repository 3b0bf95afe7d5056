import { componentLabel, componentSlugOf, type Triple } from "../config/triple.js";
import { obj, num, str, type Json } from "../model/json.js";
import { must } from "../model/must.js";
import type { Problem } from "../snapshot/schema.js";
import { MESSAGE_TEMPLATE_FIELDS } from "./contract.js";
import { asNote, describeValue, problem, type Finding } from "./problem.js";

// The rules of translation-api.md beyond each field's type: the record is the one asked for, its
// counters agree, and single fields have their documented shapes. Each takes the raw record
// (fields may be missing or of the wrong type: the zod contract reports those). The links' rules
// are in link-rules.ts.

interface IdentityFindings {
  errors: Problem[];
  warnings: Finding[];
}

/**
 * Rules 1-3: the record is the one that was asked for. A mismatch is an error; a language_code
 * that differs from the path while language.code matches (Android's `b+ach` for `ach`) is a note.
 */
export function checkIdentity(record: Json, triple: Triple): IdentityFindings {
  const errors: Problem[] = [];
  const warnings: Finding[] = [];
  const component = obj(record.component);
  const project = obj(component?.project);
  const projectSlug = str(project?.slug);
  const componentSlug = str(component?.slug);
  if (projectSlug !== undefined && projectSlug !== triple.project) {
    errors.push(
      problem("component.project.slug", `"${triple.project}" (the requested project)`, projectSlug),
    );
  }
  // A component inside categories is asked for by its path ("docs%2Fusage"); its slug is the last
  // part.
  const wantedSlug = componentSlugOf(triple.component);
  if (componentSlug !== undefined && componentSlug !== wantedSlug) {
    const which =
      wantedSlug === triple.component
        ? "the requested component"
        : `the requested component, in ${componentLabel(triple.component)}`;
    errors.push(problem("component.slug", `"${wantedSlug}" (${which})`, componentSlug));
  }
  checkLanguage(record, triple.language, errors, warnings);
  return { errors, warnings };
}

/** Rule 3: the language is the requested one, as language_code or language.code says it. */
function checkLanguage(record: Json, language: string, errors: Problem[], warnings: Finding[]) {
  const code = str(obj(record.language)?.code);
  const languageCode = str(record.language_code);
  if (!code && !languageCode) {
    errors.push(
      problem(
        "language_code",
        `the language code "${language}" (language_code or language.code)`,
        record.language_code,
      ),
    );
  } else if (code !== language && languageCode !== language) {
    const path = languageCode !== undefined ? "language_code" : "language.code";
    errors.push(problem(path, `"${language}" (the requested language)`, languageCode ?? code));
  } else if (languageCode !== undefined && languageCode !== language) {
    // language.code is the requested one here: a known difference (Android's "b+ach" for "ach").
    warnings.push(
      asNote(
        problem(
          "language_code",
          `"${language}", the same as language.code and the path (rule 3; repositories ` +
            `may use their own code, as Android's "b+ach" for "ach")`,
          languageCode,
        ),
      ),
    );
  } else if (code !== undefined && languageCode !== undefined && code !== languageCode) {
    warnings.push(
      problem("language.code", `the same value as language_code ("${languageCode}")`, code),
    );
  }
}

/** Counters: translated <= total is an error; the other bounds are warnings. */
export function checkCounterBounds(record: Json): IdentityFindings {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const total = num(record.total);
  if (total === undefined) return { errors, warnings };
  const translated = num(record.translated);
  if (translated !== undefined && translated > total)
    errors.push(problem("translated", `at most total (${total})`, translated));
  for (const field of ["fuzzy", "failing_checks"] as const) {
    const value = num(record[field]);
    if (value !== undefined && value > total)
      warnings.push(problem(field, `at most total (${total})`, value));
  }
  return { errors, warnings };
}

/**
 * The percent rules: translated 100 when complete (also at total 0), fuzzy 0 when none, failing
 * checks cut to one decimal.
 */
export function checkPercents(record: Json): Problem[] {
  const total = num(record.total);
  if (total === undefined) return [];
  const out: (Problem | undefined)[] = [];
  const translated = num(record.translated);
  const translatedPercent = num(record.translated_percent);
  if (translated !== undefined && translatedPercent !== undefined) {
    const complete = translated === total;
    const exact = complete
      ? ([100, "100 (translated equals total, also when total is 0)"] as const)
      : undefined;
    out.push(ratioProblem("translated_percent", translatedPercent, translated, total, exact));
  }
  const fuzzy = num(record.fuzzy);
  const fuzzyPercent = num(record.fuzzy_percent);
  if (fuzzy !== undefined && fuzzyPercent !== undefined) {
    const exact = fuzzy === 0 || total === 0 ? ([0, "0 (no fuzzy strings)"] as const) : undefined;
    out.push(ratioProblem("fuzzy_percent", fuzzyPercent, fuzzy, total, exact));
  }
  const failing = num(record.failing_checks);
  const failingPercent = num(record.failing_checks_percent);
  if (failing !== undefined && failingPercent !== undefined) {
    const expected = total === 0 ? 0 : Math.floor((failing * 1000) / total) / 10;
    if (Math.abs(failingPercent - expected) > 1e-9) {
      out.push(
        problem(
          "failing_checks_percent",
          `${expected} (${failing} of ${total}, cut to one decimal)`,
          failingPercent,
        ),
      );
    }
  }
  return out.filter((p) => p !== undefined);
}

/**
 * A percent that is not `part` of `total` to within a tenth; where `exact` gives a value (and how
 * to say it), one that is not that value.
 */
function ratioProblem(
  path: string,
  found: number,
  part: number,
  total: number,
  exact: readonly [number, string] | undefined,
): Problem | undefined {
  if (exact) return found === exact[0] ? undefined : problem(path, exact[1], found);
  const ratio = (part / total) * 100;
  if (near(found, ratio)) return undefined;
  return problem(path, `about ${oneDecimal(ratio)} (${part} of ${total})`, found);
}

const near = (found: number, exact: number) => Math.abs(found - exact) <= 0.1 + 1e-9;
const oneDecimal = (n: number) => Math.floor(n * 10) / 10;

/** Placeholders allowed in message templates. */
const TEMPLATE_PLACEHOLDERS: ReadonlySet<string> = new Set([
  "language_name",
  "stats.translated_percent",
  "stats.translated",
  "stats.all",
  "project_name",
  "component_name",
  "url",
  "component_remote_branch",
  "addon_name",
]);

type JsonObject = NonNullable<ReturnType<typeof obj>>;

/** Component fields with documented shapes and relations. */
export function checkComponentFields(record: Json): Finding[] {
  const out: Finding[] = [];
  const component = obj(record.component);
  if (!component) return out;
  const name = str(component.name);
  const slug = str(component.slug);
  if (name !== undefined && slug !== undefined && name !== slug) {
    out.push(
      asNote(problem("component.name", `the same value as component.slug ("${slug}")`, name)),
    );
  }
  const filemask = str(component.filemask);
  if (filemask !== undefined && slug !== undefined) out.push(...checkFilemask(filemask, slug));
  const checks = component.enforced_checks;
  if (typeof checks === "string" && !isJsonArrayText(checks))
    out.push(
      problem("component.enforced_checks", 'a string holding JSON array text such as "[]"', checks),
    );
  const license = str(component.license);
  const licenseUrl = str(component.license_url);
  if (license === "" && licenseUrl) {
    out.push(problem("component.license_url", "null (no license is set)", licenseUrl));
  }
  out.push(...checkTemplates(component));
  return out;
}

/** The file mask has a "*" for the language code, and (a note) the shape the contract shows. */
function checkFilemask(filemask: string, slug: string): Finding[] {
  if (!filemask.includes("*"))
    return [
      problem("component.filemask", 'a path with "*" standing for the language code', filemask),
    ];
  if (filemask === `${slug}/i18n/*.po`) return [];
  return [
    asNote(
      problem(
        "component.filemask",
        `the shape "<component_slug>/i18n/*.po" ("${slug}/i18n/*.po")`,
        filemask,
      ),
    ),
  ];
}

function isJsonArrayText(text: string): boolean {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Notes a message template's placeholder the server does not fill. */
function checkTemplates(component: JsonObject): Finding[] {
  const out: Finding[] = [];
  for (const field of MESSAGE_TEMPLATE_FIELDS) {
    const template = str(component[field]);
    if (template === undefined) continue;
    for (const match of template.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)) {
      if (!TEMPLATE_PLACEHOLDERS.has(must(match[1]))) {
        out.push({
          path: `component.${field}`,
          message:
            `expected placeholders among ${[...TEMPLATE_PLACEHOLDERS].join(", ")}, found ` +
            `${describeValue(match[0])}`,
          note: true,
        });
      }
    }
  }
  return out;
}

/** Translation fields with documented shapes. */
export function checkTranslationFields(record: Json): Finding[] {
  const revision = str(record.revision);
  if (!revision?.includes(",")) return [];
  return [
    asNote(
      problem(
        "revision",
        "one revision (this looks like two hashes joined by a comma: file and template)",
        revision,
      ),
    ),
  ];
}
