import { z } from "zod";
import { isHttpUrl } from "../text/http-url.js";

// The record contract of docs/weblate-versions.md, field by field, with the API's own
// (snake_case) names. Objects are strict: a field the contract does not list is reported.
// The rules that tie fields together (percents, link paths, identity) live in rules.ts.

/** An absolute http(s) URL. */
export const urlSchema = z
  .string("expected an absolute http(s) URL")
  .refine((value) => isHttpUrl(value), { message: "expected an absolute http(s) URL" });

/**
 * null, or a value that passes `test`; one message for both (a union would report its branches).
 */
const nullOr = (test: (v: unknown) => boolean, message: string) =>
  z.custom<unknown>((v) => v === null || test(v), message);

const int = z.int("expected an integer");
const count = z
  .int("expected a count (an integer >= 0)")
  .min(0, "expected a count (an integer >= 0)");
const percent = z
  .number("expected a number")
  .min(0, "expected a percent from 0 to 100")
  .max(100, "expected a percent from 0 to 100");
const str = z.string("expected a string");
const bool = z.boolean("expected a boolean");

/**
 * ISO-8601 date and time, with or without a zone (`2016-03-07T10:20:05.499`, `...Z`, `...+02:00`).
 */
export const ISO_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

export const pluralSchema = z.strictObject(
  {
    id: int,
    source: int,
    number: int.min(1, "expected the count of plural forms (>= 1)"),
    formula: str,
    type: int,
  },
  "expected an object {id, source, number, formula, type}",
);

export const languageSchema = z.strictObject(
  {
    code: str.min(1, "expected a non-empty language code"),
    name: str,
    plural: pluralSchema,
    aliases: z.array(str, "expected an array of strings"),
    direction: z.enum(["ltr", "rtl"], 'expected "ltr" or "rtl"'),
    web_url: urlSchema,
    url: urlSchema,
    statistics_url: urlSchema,
  },
  "expected a language object",
);

export const projectSchema = z.strictObject(
  {
    name: str,
    slug: str.min(1, "expected a non-empty slug"),
    id: int,
    web: urlSchema,
    web_url: urlSchema,
    url: urlSchema,
    components_list_url: urlSchema,
    repository_url: urlSchema,
    statistics_url: urlSchema,
    changes_list_url: urlSchema,
    languages_url: urlSchema,
  },
  "expected a project object",
);

/** Fields holding commit message templates with `{{ name }}` placeholders. */
export const MESSAGE_TEMPLATE_FIELDS = [
  "commit_message",
  "add_message",
  "delete_message",
  "merge_message",
  "addon_message",
] as const;

export const componentSchema = z.strictObject(
  {
    name: str,
    slug: str.min(1, "expected a non-empty slug"),
    id: int,
    source_language: languageSchema,
    project: projectSchema,
    vcs: str,
    repo: str,
    git_export: str,
    branch: str,
    push_branch: str,
    filemask: str,
    template: str,
    edit_template: bool,
    intermediate: str,
    new_base: str,
    file_format: str,
    license: str,
    license_url: nullOr(
      (v) => typeof v === "string" && isHttpUrl(v),
      "expected null, or a URL when a license is set",
    ),
    agreement: str,
    web_url: urlSchema,
    url: urlSchema,
    repository_url: urlSchema,
    translations_url: urlSchema,
    statistics_url: urlSchema,
    lock_url: urlSchema,
    changes_list_url: urlSchema,
    new_lang: str,
    language_code_style: str,
    push: str,
    check_flags: str,
    priority: int,
    enforced_checks: z.string('expected a string holding JSON array text such as "[]"'),
    restricted: bool,
    repoweb: str,
    report_source_bugs: str,
    merge_style: str,
    commit_message: str,
    add_message: str,
    delete_message: str,
    merge_message: str,
    addon_message: str,
    allow_translation_propagation: bool,
    enable_suggestions: bool,
    suggestion_voting: bool,
    suggestion_autoaccept: count,
    push_on_commit: bool,
    commit_pending_age: count,
    auto_lock_error: bool,
    language_regex: str,
    variant_regex: str,
  },
  "expected a component object",
);

export const translationSchema = z.strictObject(
  {
    language: languageSchema,
    component: componentSchema,
    language_code: str.min(1, "expected a non-empty language code"),
    id: int,
    filename: str,
    revision: str,
    web_url: urlSchema,
    share_url: urlSchema,
    translate_url: urlSchema,
    url: urlSchema,
    is_template: bool,
    is_source: bool,
    total: count,
    total_words: count,
    translated: count,
    translated_words: count,
    translated_percent: percent,
    fuzzy: count,
    fuzzy_words: count,
    fuzzy_percent: percent,
    failing_checks: count,
    failing_checks_words: count,
    failing_checks_percent: percent,
    have_suggestion: count,
    have_comment: count,
    last_change: nullOr(
      (v) => typeof v === "string" && ISO_TIMESTAMP.test(v),
      "expected null or an ISO-8601 timestamp",
    ),
    last_author: nullOr((v) => typeof v === "string", "expected null or a string"),
    repository_url: urlSchema,
    file_url: urlSchema,
    statistics_url: urlSchema,
    changes_list_url: urlSchema,
    units_list_url: urlSchema,
  },
  "expected a translation object",
);

/**
 * What the site cannot do without: identity and the counters. A record failing this is `invalid`.
 * Other fields are the contract's business (warnings): these objects ignore them (zod's default
 * "strip" mode, which unlike a loose object does not visit every other key). The language
 * identity (language_code or language.code) is checked in rules.ts, as either one will do.
 */
export const usableRecordSchema = z.object({
  component: z.object(
    {
      slug: z.string("expected the component slug (a string)").min(1),
      // A project the server sent nowhere stays missing: a warning (the requested path names it),
      // not an error.
      project: z
        .object(
          { slug: z.string("expected the project slug (a string)").min(1) },
          "expected the project object",
        )
        .optional(),
    },
    "expected the component object",
  ),
  total: count,
  translated: count,
  fuzzy: count,
  failing_checks: count,
  translated_percent: z.number("expected a number"),
});
