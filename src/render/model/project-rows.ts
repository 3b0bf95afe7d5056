import { addCounts, byProgress, emptyCounts, type Counts } from "../../model/counts.js";
import { progressBy, type Measure } from "../../model/measure.js";
import type { LanguageRef, ProjectView, TranslationRow } from "./site-model.js";
import { must } from "../../model/must.js";

export interface ProjectRow {
  language: LanguageRef;
  /** The language over the project's counted components. */
  tally: Counts;
  /**
   * One per component of the project, in its order: the translation, or undefined when not tracked.
   */
  cells: (TranslationRow | undefined)[];
}

/**
 * The project page's matrix, a row per language (a project has far more languages than
 * components, and a phone scrolls down more easily than sideways), the most translated first,
 * ties by `name` (the page's name of a language) in the order of `compare` (the page's locale's).
 */
export function projectRows(
  project: ProjectView,
  by: Measure,
  name: (language: LanguageRef) => string = (language) => language.name,
  compare?: (a: string, b: string) => number,
): ProjectRow[] {
  const rows = new Map<string, ProjectRow>();
  for (const language of project.languages) {
    rows.set(language.code, {
      language,
      tally: emptyCounts(),
      cells: new Array(project.components.length).fill(undefined),
    });
  }
  project.components.forEach((component, i) => {
    for (const t of component.translations) {
      const row = must(rows.get(t.language));
      row.cells[i] = t;
      if (component.counted) addCounts(row.tally, t.tally);
    }
  });
  return byProgress(
    rows.values(),
    (row) => progressBy(row.tally, by),
    (row) => name(row.language),
    compare,
  );
}
