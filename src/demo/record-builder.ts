// Builds translation records in the shape of the contract (docs/weblate-versions.md), for the demo,
// the tests and the benchmarks. Numbers follow what current Weblate servers send: percents
// floored to one decimal, 0.1 rather than 0.0 when something is done, 99.9 rather than 100.0
// when something is missing, 100 for an empty translation.

import { CATEGORY_SEPARATOR } from "../config/triple.js";
import { WeblateRoutes } from "../weblate/routes.js";

export interface LanguageSeed {
  code: string;
  name: string;
  direction?: "ltr" | "rtl";
  plurals?: number;
  formula?: string;
  aliases?: string[];
}

export interface ComponentSeed {
  slug: string;
  /**
   * The category path of a component inside categories ("docs", "docs/guides"), as newer servers
   * have them.
   */
  category?: string;
  name?: string;
  total: number;
  totalWords?: number;
  fileFormat?: string;
  filemask?: string;
  /** A glossary, as servers since Weblate 4.5 mark one (`is_glossary`). */
  isGlossary?: boolean;
}

export interface ProjectSeed {
  slug: string;
  name: string;
  web: string;
}

export interface TranslationStats {
  translated: number;
  fuzzy: number;
  failingChecks: number;
  suggestions?: number;
  comments?: number;
  lastChange?: string | null;
  lastAuthor?: string | null;
  /** Repository code when it differs from the language code (Android's `b+ach`). */
  languageCode?: string;
  /**
   * Words translated, where they are not in proportion to the strings (translators do short
   * strings first): the share of the words translated strings would have, e.g. 0.7.
   */
  wordShare?: number;
  revision?: string;
}

/**
 * Weblate's percent: floored to one decimal, never 0.0 for something nor 100.0 for less than all.
 */
export function weblatePercent(part: number, total: number, emptyIs = 100): number {
  if (total === 0) return emptyIs;
  if (part === total) return 100;
  const floored = Math.floor((part * 1000) / total) / 10;
  if (floored === 0 && part > 0) return 0.1;
  if (floored >= 100) return 99.9;
  return floored;
}

export function makeLanguage(base: string, lang: LanguageSeed, id = 1): Record<string, unknown> {
  const plurals = lang.plurals ?? 2;
  const links = new WeblateRoutes(base).languageLinks(lang.code);
  return {
    code: lang.code,
    name: lang.name,
    plural: {
      id,
      source: 0,
      number: plurals,
      formula: lang.formula ?? (plurals === 1 ? "0" : "n != 1"),
      type: plurals === 1 ? 0 : 1,
    },
    aliases: lang.aliases ?? [],
    direction: lang.direction ?? "ltr",
    web_url: links.web_url,
    url: links.url,
    statistics_url: links.statistics_url,
  };
}

export function makeProject(
  base: string,
  project: ProjectSeed,
  id: number,
): Record<string, unknown> {
  const links = new WeblateRoutes(base).projectLinks(project.slug);
  return {
    name: project.name,
    slug: project.slug,
    id,
    web: project.web,
    web_url: links.web_url,
    url: links.url,
    components_list_url: links.components_list_url,
    repository_url: links.repository_url,
    statistics_url: links.statistics_url,
    changes_list_url: links.changes_list_url,
    languages_url: links.languages_url,
  };
}

const ENGLISH: LanguageSeed = { code: "en", name: "English" };

/**
 * Where a component lives: its path, the category slugs and its own joined by "%2F"
 * ("docs%2Fusage").
 */
function componentPath(component: ComponentSeed): string {
  return [...(component.category ? component.category.split("/") : []), component.slug].join(
    CATEGORY_SEPARATOR,
  );
}

export function makeComponent(
  base: string,
  project: ProjectSeed,
  projectId: number,
  component: ComponentSeed,
  id: number,
): Record<string, unknown> {
  const routes = new WeblateRoutes(base);
  const links = routes.componentLinks(project.slug, componentPath(component));
  return {
    name: component.name ?? component.slug,
    slug: component.slug,
    id,
    source_language: makeLanguage(base, ENGLISH, 0),
    project: makeProject(base, project, projectId),
    ...(component.category ? { category: routes.category(id) } : {}),
    ...(component.isGlossary ? { is_glossary: true } : {}),
    vcs: "git",
    repo: `${project.web}.git`,
    git_export: "",
    branch: "main",
    push_branch: "",
    filemask: component.filemask ?? `${component.slug}/i18n/*.po`,
    template: "",
    edit_template: false,
    intermediate: "",
    new_base: "",
    file_format: component.fileFormat ?? "po",
    license: "",
    license_url: null,
    agreement: "",
    web_url: links.web_url,
    url: links.url,
    repository_url: links.repository_url,
    translations_url: links.translations_url,
    statistics_url: links.statistics_url,
    lock_url: links.lock_url,
    changes_list_url: links.changes_list_url,
    new_lang: "add",
    language_code_style: "",
    push: "",
    check_flags: "",
    priority: 100,
    enforced_checks: "[]",
    restricted: false,
    repoweb: "",
    report_source_bugs: "",
    merge_style: "rebase",
    commit_message:
      "Translated using Weblate ({{ language_name }})\n\nCurrently translated at {{ " +
      "stats.translated_percent }}% ({{ stats.translated }} of {{ stats.all }} " +
      "strings)\n\nTranslation: {{ project_name }}/{{ component_name }}\nTranslate-URL: {{ " +
      "url }}",
    add_message: "Added translation using Weblate ({{ language_name }})\n",
    delete_message: "Deleted translation using Weblate ({{ language_name }})\n",
    merge_message: "Merge branch '{{ component_remote_branch }}' into Weblate.\n",
    addon_message: 'Update translation files\r\n\r\nUpdated by "{{ addon_name }}" hook in Weblate.',
    allow_translation_propagation: true,
    enable_suggestions: true,
    suggestion_voting: false,
    suggestion_autoaccept: 0,
    push_on_commit: true,
    commit_pending_age: 24,
    auto_lock_error: true,
    language_regex: "^[^.]+$",
    variant_regex: "",
  };
}

export interface TranslationSeed {
  project: ProjectSeed;
  projectId: number;
  component: ComponentSeed;
  componentId: number;
  language: LanguageSeed;
  languageId: number;
  id: number;
  stats: TranslationStats;
}

/** A full translation record of the contract. */
export function makeTranslation(base: string, seed: TranslationSeed): Record<string, unknown> {
  const { project, component, language, stats } = seed;
  const total = component.total;
  const totalWords = component.totalWords ?? total * 6;
  const words = (n: number) => (total === 0 ? 0 : Math.round((n / total) * totalWords));
  const links = new WeblateRoutes(base).translationLinks({
    project: project.slug,
    component: componentPath(component),
    language: language.code,
  });
  const code = stats.languageCode ?? language.code;
  return {
    language: makeLanguage(base, language, seed.languageId),
    component: makeComponent(base, project, seed.projectId, component, seed.componentId),
    language_code: code,
    id: seed.id,
    filename: (component.filemask ?? `${component.slug}/i18n/*.po`).replace("*", code),
    revision: stats.revision ?? "",
    web_url: links.web_url,
    share_url: links.share_url,
    translate_url: links.translate_url,
    url: links.url,
    is_template: false,
    is_source: false,
    total,
    total_words: totalWords,
    translated: stats.translated,
    translated_words:
      stats.translated === total
        ? totalWords
        : Math.min(totalWords, Math.round(words(stats.translated) * (stats.wordShare ?? 1))),
    translated_percent: weblatePercent(stats.translated, total),
    fuzzy: stats.fuzzy,
    fuzzy_words: words(stats.fuzzy),
    fuzzy_percent: weblatePercent(stats.fuzzy, total, 0),
    failing_checks: stats.failingChecks,
    failing_checks_words: words(stats.failingChecks),
    failing_checks_percent: total === 0 ? 0 : Math.floor((stats.failingChecks * 1000) / total) / 10,
    have_suggestion: stats.suggestions ?? 0,
    have_comment: stats.comments ?? 0,
    last_change: stats.lastChange ?? null,
    last_author: stats.lastAuthor ?? null,
    repository_url: links.repository_url,
    file_url: links.file_url,
    statistics_url: links.statistics_url,
    changes_list_url: links.changes_list_url,
    units_list_url: links.units_list_url,
  };
}
