import { emptyCounts } from "../../model/counts.js";
import type { ComponentView, LanguageView, ProjectView, TranslationRow } from "./site-view.js";

// The views of a component and of a language, made as the first pass over the snapshot meets
// them (site-model.ts). Made here, apart from that pass's loop: a getter made inside the loop
// would keep the loop's scope alive, and with it the entry being read, whose record holds its
// component's record from the snapshot's tables (its addresses, its commit templates): 5,000
// such records at 1,000,000 translations, kept for the whole run.

/** A component's view; `rows` makes its rows when a page asks for them. */
export function componentView(
  project: ProjectView,
  component: string,
  name: string,
  dir: string,
  rows: () => TranslationRow[],
): ComponentView {
  return {
    project: project.project,
    component,
    name,
    get translations() {
      return rows();
    },
    tally: emptyCounts(),
    badge: project.badge,
    pageDir: dir,
    badgeBase: `badges/${dir}`,
    glossary: false,
    counted: true,
  };
}

/** A language's view; `rows` makes its rows when a page asks for them. */
export function languageView(
  code: string,
  lang: string,
  dir: LanguageView["dir"],
  segment: string,
  rows: () => TranslationRow[],
): LanguageView {
  return {
    code,
    name: code,
    lang,
    dir,
    get translations() {
      return rows();
    },
    tally: emptyCounts(),
    pageDir: `languages/${segment}`,
  };
}
