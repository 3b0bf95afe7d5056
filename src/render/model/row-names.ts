import type { TranslationRow } from "./site-view.js";

// What the rows of translation-row.ts's store share, kept once in its tables.

/** What the rows of one component (as one record names it) share. */
export interface ComponentNames {
  project: string;
  component: string;
  projectName: string;
  componentName: string;
  glossary: boolean;
  /** The component's page folder; its translations' folders are below it. */
  pageDir: string;
  /**
   * The translate links of its rows, less the language code and a final "/", when they all have
   * that form.
   */
  translatePrefix?: string;
}

/** What the rows of one language (as one record names it) share. */
export type LanguageNames = Pick<
  TranslationRow,
  "language" | "languageName" | "nativeName" | "lang" | "dir" | "population"
> & { /** The language code as a file name. */ segment: string };

type Parts = Pick<
  TranslationRow,
  "project" | "component" | "projectName" | "componentName" | "glossary"
> &
  Omit<LanguageNames, "segment">;

/** What a row shares with its component's other rows, and its key in the store's table. */
export function componentNamesOf(parts: Parts, pageDir: string) {
  const { project, component, projectName, componentName, glossary } = parts;
  return {
    key: JSON.stringify([project, component, projectName, componentName, glossary]),
    make: (): ComponentNames => ({
      project,
      component,
      projectName,
      componentName,
      glossary,
      pageDir,
    }),
  };
}

/** What a row shares with its language's other rows, and its key in the store's table. */
export function languageNamesOf(parts: Parts, segment: string) {
  const { language, languageName, nativeName, lang, dir, population } = parts;
  return {
    key: JSON.stringify([language, languageName, nativeName, lang, dir, population]),
    make: (): LanguageNames => ({
      language,
      languageName,
      ...(nativeName === undefined ? {} : { nativeName }),
      lang,
      dir,
      population,
      segment,
    }),
  };
}
