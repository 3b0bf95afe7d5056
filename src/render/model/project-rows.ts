import {
  addCounts,
  byProgress,
  compareText,
  emptyCounts,
  type Counts,
} from "../../model/counts.js";
import { progressBy, type Measure } from "../../model/measure.js";
import type { ComponentView, LanguageRef, ProjectView, TranslationRow } from "./site-view.js";

// A project's languages over its components: the project page's matrix, its reach, its README,
// its languages' badges and the site's summary each read them.

export interface ProjectRow {
  language: LanguageRef;
  /** The language over the project's counted components. */
  tally: Counts;
  /** One per component of the project, in its order: the translation's row, if it is tracked. */
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
  const byCode = new Map<string, ProjectRow>();
  for (const language of project.languages) {
    byCode.set(language.code, {
      language,
      tally: emptyCounts(),
      cells: new Array<TranslationRow | undefined>(project.components.length).fill(undefined),
    });
  }
  project.components.forEach((component, c) => {
    for (const t of component.translations) {
      // A language with no numbers anywhere (only failed triples) is no language of the project:
      // its failures are listed apart (failedApart).
      const row = byCode.get(t.language);
      if (!row) continue;
      row.cells[c] = t;
      if (component.counted) addCounts(row.tally, t.tally);
    }
  });
  return byProgress(
    byCode.values(),
    (row) => progressBy(row.tally, by),
    (row) => name(row.language),
    compare,
  );
}

/**
 * The project's translations in no row of projectRows: failed ones of a language that has no
 * numbers in the project (a typo of a code, say), listed under the matrix as failures.
 */
export function failedApart(project: ProjectView): TranslationRow[] {
  const languages = new Set(project.languages.map((l) => l.code));
  return project.components.flatMap((c) =>
    c.translations.filter((t) => !languages.has(t.language)),
  );
}

/** A component's rows by language code, as the exports list them (a spreadsheet diffs better). */
export function inCodeOrder(component: ComponentView): TranslationRow[] {
  return component.translations.toSorted((a, b) => compareText(a.language, b.language));
}
