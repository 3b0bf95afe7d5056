import { byProgress, compareText, emptyCounts, type Counts } from "../../model/counts.js";
import { progressBy, type Measure } from "../../model/measure.js";
import type {
  ComponentView,
  LanguageRef,
  ProjectView,
  RowColumns,
  TranslationRow,
} from "./site-view.js";

// A project's languages over its components, read from the rows' columns (no row is made): the
// project page's matrix, its reach, its README, its languages' badges and the site's summary each
// read them, some 5,000 rows a project at 1,000,000 translations.

export interface ProjectRow {
  language: LanguageRef;
  /** The language over the project's counted components. */
  tally: Counts;
  /**
   * One per component of the project, in its order: the translation's row (an index into
   * `RowColumns`), or -1 when it is not tracked.
   */
  cells: Int32Array;
}

/**
 * The project page's matrix, a row per language (a project has far more languages than
 * components, and a phone scrolls down more easily than sideways), the most translated first,
 * ties by `name` (the page's name of a language) in the order of `compare` (the page's locale's).
 */
export function projectRows(
  rows: RowColumns,
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
      cells: new Int32Array(project.components.length).fill(-1),
    });
  }
  project.components.forEach((component, c) => {
    for (const i of rows.of(component)) {
      // A language with no numbers anywhere (only failed triples) is no language of the project:
      // its failures are listed apart (failedApart).
      const row = byCode.get(rows.languageCode(i));
      if (!row) continue;
      row.cells[c] = i;
      if (component.counted) rows.addTally(row.tally, i);
    }
  });
  return byProgress(
    byCode.values(),
    (row) => progressBy(row.tally, by),
    (row) => name(row.language),
    compare,
  );
}

/** A row's cells as the matrix shows them: each translation's row, undefined where none. */
export function cellRows(rows: RowColumns, row: ProjectRow): (TranslationRow | undefined)[] {
  return Array.from(row.cells, (i) => (i < 0 ? undefined : rows.row(i)));
}

/**
 * The project's translations in no row of projectRows: failed ones of a language that has no
 * numbers in the project (a typo of a code, say), listed under the matrix as failures.
 */
export function failedApart(rows: RowColumns, project: ProjectView): TranslationRow[] {
  const languages = new Set(project.languages.map((l) => l.code));
  const apart: TranslationRow[] = [];
  for (const c of project.components)
    for (const i of rows.of(c)) if (!languages.has(rows.languageCode(i))) apart.push(rows.row(i));
  return apart;
}

/** A component's rows by language code, as the exports list them (a spreadsheet diffs better). */
export function inCodeOrder(rows: RowColumns, component: ComponentView): number[] {
  return Array.from(rows.of(component)).sort((a, b) =>
    compareText(rows.languageCode(a), rows.languageCode(b)),
  );
}
