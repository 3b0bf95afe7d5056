import { MESSAGE_TEMPLATE_FIELDS } from "./contract.js";
import { obj, str, type Json } from "../model/json.js";
import { asNote, type Finding } from "./levels.js";
import { describeValue, problem } from "./problem.js";
import { must } from "../model/must.js";

// The rules of translation-api.md on single fields of the record and its component: documented
// shapes and relations. Each returns findings; which are errors is decided by the caller.

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
