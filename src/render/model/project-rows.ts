import type { LanguageRef, ProjectView, Tally, TranslationRow } from "./site-model.js";

export interface ProjectRow {
  language: LanguageRef;
  /** The language over the project's counted components. */
  tally: Tally;
  /**
   * One per component of the project, in its order: the translation, or undefined when not tracked.
   */
  cells: (TranslationRow | undefined)[];
}

const percentKey = (t: Tally) => (t.total > 0 ? t.translated / t.total : -1);

/**
 * The project page's matrix, a row per language (a project has far more languages than
 * components, and a phone scrolls down more easily than sideways), the most translated first.
 */
export function projectRows(project: ProjectView): ProjectRow[] {
  const rows = new Map<string, ProjectRow>();
  for (const language of project.languages) {
    rows.set(language.code, {
      language,
      tally: {
        total: 0,
        translated: 0,
        fuzzy: 0,
        failingChecks: 0,
        suggestions: 0,
        comments: 0,
        totalWords: 0,
        translatedWords: 0,
        fuzzyWords: 0,
        failingChecksWords: 0,
      },
      cells: new Array(project.components.length).fill(undefined),
    });
  }
  project.components.forEach((component, i) => {
    for (const t of component.translations) {
      const row = rows.get(t.language)!;
      row.cells[i] = t;
      if (component.counted && t.tally) {
        row.tally.total += t.tally.total;
        row.tally.translated += t.tally.translated;
      }
    }
  });
  return [...rows.values()].sort(
    (a, b) =>
      percentKey(b.tally) - percentKey(a.tally) ||
      (a.language.name < b.language.name ? -1 : a.language.name > b.language.name ? 1 : 0),
  );
}
