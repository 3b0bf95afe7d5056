import { emptyCounts } from "../../model/counts.js";
import type { ComponentView, LanguageView, ProjectView, TranslationRow } from "./site-view.js";
import type { RowList } from "./row-list.js";
import type { RowStore } from "./translation-row.js";

// The views of a component and of a language, made as the first pass over the snapshot meets
// them (site-model.ts). Made here, apart from that pass's loop: a getter made inside the loop
// would keep the loop's scope alive, and with it the entry being read, whose record holds its
// component's record from the snapshot's tables (its addresses, its commit templates): 5,000
// such records at 1,000,000 translations, kept for the whole run. How many rows a view has is
// counted in its list, without making them (a page that only says how many would make a million
// rows at 1,000,000 translations).

/**
 * A component's view: `list` its rows in the store, `rows` makes them when a page asks for them.
 */
export function componentView(
  project: ProjectView,
  component: string,
  name: string,
  dir: string,
  list: { store: RowStore; indexes: RowList; rows: () => TranslationRow[] },
): ComponentView {
  const { store, indexes, rows } = list;
  return {
    project: project.project,
    component,
    name,
    get translations() {
      return rows();
    },
    get rowCount() {
      return indexes.length;
    },
    get translationCount() {
      let n = 0;
      for (const i of indexes.view()) if (!store.isNotStarted(i)) n += 1;
      return n;
    },
    tally: emptyCounts(),
    badge: project.badge,
    pageDir: dir,
    badgeBase: `badges/${dir}`,
    glossary: false,
    counted: true,
  };
}

/** A language's view: `indexes` its rows in the store, `rows` makes them when a page asks. */
export function languageView(
  code: string,
  lang: string,
  dir: LanguageView["dir"],
  segment: string,
  list: { indexes: RowList; rows: () => TranslationRow[] },
): LanguageView {
  const { indexes, rows } = list;
  return {
    code,
    name: code,
    lang,
    dir,
    get translations() {
      return rows();
    },
    get translationCount() {
      return indexes.length;
    },
    tally: emptyCounts(),
    pageDir: `languages/${segment}`,
  };
}
