// The server generations the stand-in can play, as Weblate's api/serializers.py has them:
// - "2026": the current calendar-versioned releases. Languages carry `id` and `population`;
//   components and projects carry the fields added since 4.x (links, credits, task and addon
//   links, review settings, `locked`...), `enforced_checks` as a real JSON array, and, for a
//   client without a token (no "vcs.view" permission), `vcs`, `repo`, `branch`, `filemask`,
//   `screenshot_filemask` and `push` as null. Statistics carry approved, read-only and character
//   counts; errors come as `{type, errors: [{code, detail, attr}]}`; `Bearer` is accepted beside
//   `Token`, any other scheme refused.
// - "4": Weblate 4.x, the contract of docs/weblate-versions.md (about 4.2): records
//   as the contract has them (record-builder.ts builds them so), `{"detail"}` errors, statistics
//   without approved or characters, a shorter component in `/api/translations/` items, and only
//   `Token` (a Bearer header is ignored: the client is anonymous). Servers older still (fewer
//   fields: record-builder.ts's toOlderShape) are among the real-server differences the demo
//   data and the tests hold.
// Records built for the contract (record-builder.ts) are turned into a generation's shape once,
// when the stand-in is given them.

import { isJson, type Json } from "../model/json.js";

export const GENERATIONS = ["2026", "4"] as const;
export type Generation = (typeof GENERATIONS)[number];

/** Speakers of the demo's languages (approximate), as `population` of newer servers. */
const POPULATION: Record<string, number> = {
  ach: 1_500_000,
  ar: 360_000_000,
  cs: 10_600_000,
  de: 130_000_000,
  de_AT: 8_900_000,
  el: 13_000_000,
  en: 1_450_000_000,
  es: 560_000_000,
  es_AR: 45_000_000,
  fa: 78_000_000,
  fi: 5_800_000,
  fr: 310_000_000,
  he: 9_000_000,
  hu: 13_000_000,
  it: 68_000_000,
  ja: 125_000_000,
  ko: 81_000_000,
  nb_NO: 4_700_000,
  nl: 25_000_000,
  pl: 41_000_000,
  pt_BR: 210_000_000,
  ru: 255_000_000,
  sv: 13_000_000,
  tr: 88_000_000,
  uk: 39_000_000,
  zh_Hans: 1_100_000_000,
};

/** A translation record as a server of `generation` sends it (anonymous: `withVcs` false). */
export function inGeneration(record: unknown, generation: Generation, withVcs: boolean): unknown {
  if (!isJson(record)) return record;
  if (generation === "4") return record;
  return {
    ...record,
    language: language2026(record.language),
    component: component2026(record.component, withVcs),
  };
}

function language2026(language: unknown): unknown {
  if (!isJson(language) || typeof language.code !== "string") return language;
  const plural = isJson(language.plural) ? language.plural : {};
  const { code, name, plural: _p, aliases, direction, ...links } = language;
  return {
    id: typeof plural.id === "number" ? plural.id : 0,
    code,
    name,
    plural: language.plural,
    aliases,
    direction,
    population: POPULATION[code] ?? 0,
    ...links,
  };
}

function project2026(project: unknown): unknown {
  if (!isJson(project) || typeof project.url !== "string") return project;
  const api = project.url;
  const { name, slug, id, web, web_url, url, ...rest } = project;
  return {
    name,
    slug,
    id,
    web,
    web_url,
    url,
    check_flags: "",
    components_list_url: rest.components_list_url,
    repository_url: rest.repository_url,
    statistics_url: rest.statistics_url,
    categories_url: `${api}categories/`,
    changes_list_url: rest.changes_list_url,
    languages_url: rest.languages_url,
    labels_url: `${api}labels/`,
    credits_url: `${api}credits/`,
    translation_review: false,
    source_review: false,
    set_language_team: true,
    instructions: "",
    enable_hooks: true,
    language_aliases: "",
    secondary_language: null,
    enforced_2fa: false,
    machinery_settings: `${api}machinery_settings/`,
  };
}

/** The fields of a 2026 component, in the serializer's order, with what older records lack. */
function component2026(component: unknown, withVcs: boolean): unknown {
  if (!isJson(component) || typeof component.url !== "string") return component;
  const api = component.url;
  const added: Json = {
    screenshot_filemask: "",
    links_url: `${api}links/`,
    task_url: null,
    credits_url: `${api}credits/`,
    pull_message: "Translations update from {{ site_title }}",
    manage_units: false,
    key_filter: "",
    secondary_language: null,
    addons: [],
    is_glossary: false,
    glossary_color: "silver",
    category: null,
    linked_component: null,
    locked: false,
  };
  const values: Json = {
    ...added,
    ...component,
    source_language: language2026(component.source_language),
    project: project2026(component.project),
    enforced_checks: parseChecks(component.enforced_checks),
  };
  if (!withVcs)
    for (const hidden of ["vcs", "repo", "branch", "filemask", "screenshot_filemask", "push"])
      values[hidden] = null;
  return Object.fromEntries(COMPONENT_2026.filter((k) => k in values).map((k) => [k, values[k]]));
}

function parseChecks(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

const COMPONENT_2026 = [
  "name",
  "slug",
  "id",
  "source_language",
  "project",
  "vcs",
  "repo",
  "git_export",
  "branch",
  "push_branch",
  "filemask",
  "screenshot_filemask",
  "template",
  "edit_template",
  "intermediate",
  "new_base",
  "file_format",
  "license",
  "license_url",
  "agreement",
  "web_url",
  "url",
  "repository_url",
  "translations_url",
  "statistics_url",
  "lock_url",
  "links_url",
  "changes_list_url",
  "task_url",
  "credits_url",
  "new_lang",
  "language_code_style",
  "push",
  "check_flags",
  "priority",
  "enforced_checks",
  "restricted",
  "repoweb",
  "report_source_bugs",
  "merge_style",
  "commit_message",
  "add_message",
  "delete_message",
  "merge_message",
  "addon_message",
  "pull_message",
  "allow_translation_propagation",
  "manage_units",
  "enable_suggestions",
  "suggestion_voting",
  "suggestion_autoaccept",
  "push_on_commit",
  "commit_pending_age",
  "auto_lock_error",
  "language_regex",
  "key_filter",
  "secondary_language",
  "variant_regex",
  "addons",
  "is_glossary",
  "glossary_color",
  "category",
  "linked_component",
  "locked",
];

/** An error body of the generation: `{detail}`, or the standardized `{type, errors}`. */
export function errorBody(
  generation: Generation | undefined,
  status: number,
  detail: string,
): Json {
  if (generation !== "2026") return { detail };
  const code =
    status === 404
      ? "not_found"
      : status === 401
        ? "authentication_failed"
        : status === 403
          ? "permission_denied"
          : status === 429
            ? "throttled"
            : status === 423
              ? "locked"
              : "error";
  return {
    type: status >= 500 ? "server_error" : "client_error",
    errors: [{ code, detail, attr: null }],
  };
}
