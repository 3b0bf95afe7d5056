import {
  addCounts,
  byProgress,
  emptyCounts,
  progressKey,
  type Counts,
} from "../../model/counts.js";
import type { LanguageView, SiteModel } from "./site-view.js";

/** A language in one project, on a language's page when it lists projects (render/budget/). */
export interface LanguageProjectRow {
  name: string;
  /** The project's page folder. */
  pageDir: string;
  /** The language over the project's counted components. */
  tally: Counts;
  /** The project's components translated into the language, and how many of them are unusable. */
  components: number;
  unusable: number;
}

/**
 * A language's rows per project, the most translated first: what its page lists when a row per
 * component would not fit the site's budget (a language of 5,000 components).
 */
export function languageProjects(model: SiteModel, language: LanguageView): LanguageProjectRow[] {
  const rows = new Map<string, LanguageProjectRow>();
  const projects = new Map(model.projects.map((p) => [p.project, p]));
  for (const t of language.translations) {
    let row = rows.get(t.project);
    if (!row) {
      row = {
        name: t.projectName,
        pageDir: projects.get(t.project)?.pageDir ?? "",
        tally: emptyCounts(),
        components: 0,
        unusable: 0,
      };
      rows.set(t.project, row);
    }
    row.components += 1;
    if (t.status !== "ok") row.unusable += 1;
    else if (model.site.includeGlossary || !t.glossary) addCounts(row.tally, t.tally);
  }
  return byProgress(
    rows.values(),
    (row) => progressKey(row.tally),
    (row) => row.name,
  );
}
