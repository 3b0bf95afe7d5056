import { WeblateRoutes } from "../weblate/routes.js";
import { field, obj } from "../model/json.js";

// Records as servers older than the contract's generation send them (before about 4.2): fewer
// fields, `nplurals`/`pluralequation` instead of `plural`, a project with its source language.

/** The same record as an older server sends it: fewer fields, `nplurals`/`pluralequation`. */
export function toOlderShape(record: Record<string, unknown>): Record<string, unknown> {
  const base = baseOf(record);
  const {
    id: _id,
    is_source: _s,
    statistics_url: _st,
    changes_list_url: _c,
    units_list_url: _u,
    ...rest
  } = record;
  // The records makeTranslation builds: objects all the way down.
  const language = { ...obj(record.language) };
  const plural = language.plural;
  delete language.plural;
  delete language.aliases;
  delete language.statistics_url;
  language.nplurals = field(plural, "number");
  language.pluralequation = field(plural, "formula");
  const component = obj(record.component) ?? {};
  const project = { ...obj(component.project) };
  delete project.id;
  delete project.statistics_url;
  delete project.changes_list_url;
  delete project.languages_url;
  // Older servers embed the project's source language whole, links too (Weblate's client reads
  // each embedded object from its `url`).
  const english = new WeblateRoutes(base).languageLinks("en");
  project.source_language = {
    code: "en",
    direction: "ltr",
    name: "English",
    nplurals: 2,
    pluralequation: "n != 1",
    url: english.url,
    web_url: english.web_url,
  };
  const keep = [
    "name",
    "slug",
    "vcs",
    "repo",
    "git_export",
    "branch",
    "filemask",
    "template",
    "new_base",
    "file_format",
    "license",
    "license_url",
    "web_url",
    "url",
    "repository_url",
    "translations_url",
    "lock_url",
    "source_language",
  ];
  const olderComponent: Record<string, unknown> = Object.fromEntries(
    keep.filter((k) => k in component).map((k) => [k, component[k]]),
  );
  olderComponent.project = project;
  return { ...rest, language, component: olderComponent };
}

/** The server's base address, from a record's own API link (`<base>/api/translations/...`). */
function baseOf(record: Record<string, unknown>): string {
  const url = typeof record.url === "string" ? record.url : "";
  const at = url.indexOf("/api/");
  return at >= 0 ? url.slice(0, at) : "";
}
