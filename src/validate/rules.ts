import { componentLabel, componentSlugOf, type Triple } from "../config/triple.js";
import { WeblateRoutes } from "../weblate/routes.js";
import { MESSAGE_TEMPLATE_FIELDS } from "./contract.js";
import { asNote, type Finding } from "./levels.js";
import { describeValue, problem, type Problem } from "./problem.js";

// The rules of translation-api.md that tie fields together. Each takes the raw record
// (fields may be missing or of the wrong type: the zod contract reports those) and
// returns problems. Which are errors and which are warnings is decided by the caller.

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;

/** Placeholders allowed in message templates. */
export const TEMPLATE_PLACEHOLDERS: ReadonlySet<string> = new Set([
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

export interface IdentityFindings {
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
  const code = str(obj(record.language)?.code);
  const languageCode = str(record.language_code);
  if (!code && !languageCode) {
    errors.push(
      problem(
        "language_code",
        `the language code "${triple.language}" (language_code or language.code)`,
        record.language_code,
      ),
    );
  } else if (code !== triple.language && languageCode !== triple.language) {
    const path = languageCode !== undefined ? "language_code" : "language.code";
    errors.push(
      problem(path, `"${triple.language}" (the requested language)`, languageCode ?? code),
    );
  } else if (languageCode !== undefined && languageCode !== triple.language) {
    // language.code is the requested one here: a known difference (Android's "b+ach" for "ach").
    warnings.push(
      asNote(
        problem(
          "language_code",
          `"${triple.language}", the same as language.code and the path (rule 3; repositories may use their own code, as Android's "b+ach" for "ach")`,
          languageCode,
        ),
      ),
    );
  } else if (code !== undefined && languageCode !== undefined && code !== languageCode) {
    warnings.push(
      problem("language.code", `the same value as language_code ("${languageCode}")`, code),
    );
  }
  return { errors, warnings };
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
  const out: Problem[] = [];
  const total = num(record.total);
  if (total === undefined) return out;
  const translated = num(record.translated);
  const translatedPercent = num(record.translated_percent);
  if (translated !== undefined && translatedPercent !== undefined) {
    if (translated === total) {
      if (translatedPercent !== 100)
        out.push(
          problem(
            "translated_percent",
            "100 (translated equals total, also when total is 0)",
            translatedPercent,
          ),
        );
    } else if (!near(translatedPercent, (translated / total) * 100)) {
      out.push(
        problem(
          "translated_percent",
          `about ${oneDecimal((translated / total) * 100)} (${translated} of ${total})`,
          translatedPercent,
        ),
      );
    }
  }
  const fuzzy = num(record.fuzzy);
  const fuzzyPercent = num(record.fuzzy_percent);
  if (fuzzy !== undefined && fuzzyPercent !== undefined) {
    if (fuzzy === 0 || total === 0) {
      if (fuzzyPercent !== 0)
        out.push(problem("fuzzy_percent", "0 (no fuzzy strings)", fuzzyPercent));
    } else if (!near(fuzzyPercent, (fuzzy / total) * 100)) {
      out.push(
        problem(
          "fuzzy_percent",
          `about ${oneDecimal((fuzzy / total) * 100)} (${fuzzy} of ${total})`,
          fuzzyPercent,
        ),
      );
    }
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
  return out;
}

const near = (found: number, exact: number) => Math.abs(found - exact) <= 0.1 + 1e-9;
const oneDecimal = (n: number) => Math.floor(n * 10) / 10;

// Every API and human-facing link has its documented path under the configured base URL; the
// checks come in two parts, the translation's own links and those its component carries.

/** The links of the translation itself and of its language. */
export function checkTranslationLinks(record: Json, triple: Triple, baseUrl: string): Finding[] {
  const out: Finding[] = [];
  const routes = routesFor(baseUrl);
  expectLinks(out, record, "", routes.translationLinks(triple));
  languageLinks(out, obj(record.language), "language.", routes);
  return out;
}

/**
 * The links of the record's component, its project and its source language. They depend on the
 * component object and the requested project and component only, so the records of one list
 * (which share their component object) need them checked once.
 */
export function checkComponentLinks(record: Json, triple: Triple, baseUrl: string): Finding[] {
  const out: Finding[] = [];
  const routes = routesFor(baseUrl);
  const component = obj(record.component);
  if (!component) return out;
  languageLinks(out, obj(component.source_language), "component.source_language.", routes);
  const project = obj(component.project);
  if (project) expectLinks(out, project, "component.project.", routes.projectLinks(triple.project));
  expectLinks(
    out,
    component,
    "component.",
    routes.componentLinks(triple.project, triple.component),
  );
  return out;
}

function languageLinks(
  out: Finding[],
  node: Json | undefined,
  prefix: string,
  routes: WeblateRoutes,
): void {
  const code = str(node?.code);
  if (!node || !code) return;
  expectLinks(out, node, prefix, routes.languageLinks(code));
}

/**
 * Links that are there must be the documented ones; a missing or mistyped one is the contract's
 * business.
 */
function expectLinks(
  out: Finding[],
  node: Json,
  prefix: string,
  expected: Record<string, string>,
): void {
  for (const field in expected) {
    const found = node[field];
    const want = expected[field]!;
    if (typeof found === "string" && found !== want && stripFormatApi(found) !== want) {
      const other = otherOrigin(stripFormatApi(found), want);
      out.push({
        ...problem(`${prefix}${field}`, `"${want}" (the documented path)`, found),
        ...(other ? { offOrigin: other } : {}),
      });
    }
  }
}

/** The origin of `found` when it is `want` on another server (a proxy, a renamed host). */
function otherOrigin(found: string, want: string): string | undefined {
  if (!URL.canParse(found) || !URL.canParse(want)) return undefined;
  const [f, w] = [new URL(found), new URL(want)];
  return f.origin !== w.origin && `${f.pathname}${f.search}` === `${w.pathname}${w.search}`
    ? f.origin
    : undefined;
}

/** The routes of the last base URL asked for: a crawl validates every record against one. */
let last: { baseUrl: string; routes: WeblateRoutes } | undefined;
function routesFor(baseUrl: string): WeblateRoutes {
  if (last?.baseUrl !== baseUrl) last = { baseUrl, routes: new WeblateRoutes(baseUrl) };
  return last.routes;
}

/**
 * `?format=api` appears in links only when the request carried it; both forms are the same link.
 */
function stripFormatApi(url: string): string {
  return url.endsWith("?format=api") ? url.slice(0, -"?format=api".length) : url;
}

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
  if (filemask !== undefined && slug !== undefined) {
    if (!filemask.includes("*"))
      out.push(
        problem("component.filemask", 'a path with "*" standing for the language code', filemask),
      );
    else if (filemask !== `${slug}/i18n/*.po`)
      out.push(
        asNote(
          problem(
            "component.filemask",
            `the shape "<component_slug>/i18n/*.po" ("${slug}/i18n/*.po")`,
            filemask,
          ),
        ),
      );
  }
  const checks = component.enforced_checks;
  if (typeof checks === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(checks);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed))
      out.push(
        problem(
          "component.enforced_checks",
          'a string holding JSON array text such as "[]"',
          checks,
        ),
      );
  }
  const license = str(component.license);
  const licenseUrl = str(component.license_url);
  if (license === "" && licenseUrl) {
    out.push(problem("component.license_url", "null (no license is set)", licenseUrl));
  }
  for (const field of MESSAGE_TEMPLATE_FIELDS) {
    const template = str(component[field]);
    if (template === undefined) continue;
    for (const match of template.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)) {
      if (!TEMPLATE_PLACEHOLDERS.has(match[1]!)) {
        out.push({
          path: `component.${field}`,
          message: `expected placeholders among ${[...TEMPLATE_PLACEHOLDERS].join(", ")}, found ${describeValue(match[0])}`,
          note: true,
        });
      }
    }
  }
  return out;
}

/** Translation fields with documented shapes. */
export function checkTranslationFields(record: Json): Finding[] {
  const out: Finding[] = [];
  const revision = str(record.revision);
  if (revision?.includes(","))
    out.push(
      asNote(
        problem(
          "revision",
          "one revision (this looks like two hashes joined by a comma: file and template)",
          revision,
        ),
      ),
    );
  return out;
}
