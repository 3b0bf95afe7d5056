import type { BadgeText } from "./badge-text.js";
import type { SiteOptions } from "../../config/schema.js";
import type { RowMaker } from "./translation-row.js";
import type { EntryParts } from "./translation-view.js";
import { emptyCounts, type Counts } from "../../model/counts.js";
import type { ProjectView, TranslationRow } from "./site-view.js";

// Not-started languages (site.notStarted): a language the project has but a component lacks is
// shown as 0%, its total the component's source strings. The project's languages are every
// language tracked in any of its components (what Weblate's /api/projects/<p>/languages/ lists
// when the project is tracked whole) that has numbers (a failed triple's language is not one),
// and the source strings are the largest total among the
// component's usable translations (every translation of a component has its source strings):
// so it costs no request at all, and a language no component can count is never a failure.

/** Adds a not-started row to each component for each language of its project it lacks. */
export function addNotStarted(
  makeRow: RowMaker,
  projects: Iterable<ProjectView>,
  site: SiteOptions,
  text: BadgeText,
): void {
  for (const project of projects) {
    const languages = projectLanguages(project);
    for (const component of project.components) {
      const rows = component.translations;
      const source = sourceStrings(rows);
      const names = rows[0];
      if (!source || !names) continue;
      const have = new Set(rows.map((t) => t.language));
      for (const [code, language] of languages) {
        if (have.has(code)) continue;
        const tally = nothingOf(source);
        const parts: EntryParts = {
          project: names.project,
          component: names.component,
          language: code,
          status: "ok",
          projectName: names.projectName,
          componentName: names.componentName,
          languageName: language.languageName,
          nativeName: language.nativeName,
          lang: language.lang,
          dir: language.dir,
          population: language.population,
          tally,
          glossary: names.glossary,
          lastChange: "",
          lastAuthor: "",
          links: {},
          errors: [],
          badge: text.measured(tally, site, site.thresholds),
          notStarted: true,
          filename: "",
          revision: "",
          warnings: [],
        };
        rows.push(makeRow.make(parts, ""));
      }
    }
  }
}

/**
 * One row of each language of the project, for its names: a language the project has is one
 * with numbers somewhere (a triple that failed, say a typo of a code, names none).
 */
function projectLanguages(project: ProjectView): Map<string, TranslationRow> {
  const languages = new Map<string, TranslationRow>();
  for (const component of project.components)
    for (const t of component.translations)
      if (t.tally && !languages.has(t.language)) languages.set(t.language, t);
  return languages;
}

/** Nothing translated of the component's source strings, in each unit the server counts. */
function nothingOf(source: Counts): Counts {
  return {
    ...emptyCounts(),
    total: source.total,
    totalWords: source.totalWords,
    totalChars: source.totalChars,
    approved: Number.isNaN(source.approved) ? Number.NaN : 0,
    approvedWords: Number.isNaN(source.approvedWords) ? Number.NaN : 0,
    approvedChars: Number.isNaN(source.approvedChars) ? Number.NaN : 0,
    fuzzyChars: Number.isNaN(source.totalChars) ? Number.NaN : 0,
    translatedChars: Number.isNaN(source.totalChars) ? Number.NaN : 0,
  };
}

/** The component's source strings: the usable translation with the most strings. */
function sourceStrings(rows: readonly TranslationRow[]): Counts | undefined {
  let source: Counts | undefined;
  for (const { tally: t } of rows) {
    if (t && t.total > 0 && (!source || t.total > source.total)) source = t;
  }
  return source;
}
