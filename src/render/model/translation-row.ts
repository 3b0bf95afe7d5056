import type { BadgeData } from "../../badges/badge-data.js";
import { percentBy, type Measure } from "../../model/measure.js";
import type { TranslationRow } from "./site-view.js";
import type { EntryParts } from "./translation-view.js";

// The rows of the lists, kept for every translation of the site while its pages are written: one
// plain object a translation, in its component's and its language's `translations`. Pages read
// them and never change them.

/** The problems of every row without any. */
const NO_PROBLEMS: TranslationRow["errors"] = [];

/**
 * Makes the rows, keeping one copy of each text and badge they share (names, authors, times): each
 * entry read brings its own copies, which 100,000 rows would otherwise keep.
 */
export class RowMaker {
  private readonly texts = new Map<string, string>();
  private readonly badges = new Map<string, BadgeData>();

  /** @param measure what the rows' percents count (site.metric, site.progress) */
  constructor(private readonly measure: Measure) {}

  /**
   * A translation's row: its view less what only its page shows; `folder` its page's, if any.
   * Written out field by field: a row spread from a rest object gets a hidden class of its own in
   * V8 (some 600 bytes a row), where a literal shares one.
   */
  make(parts: EntryParts, folder: string): TranslationRow {
    const t = (text: string) => this.text(text);
    return {
      project: t(parts.project),
      component: t(parts.component),
      language: t(parts.language),
      status: parts.status,
      projectName: t(parts.projectName),
      componentName: t(parts.componentName),
      languageName: t(parts.languageName),
      nativeName: parts.nativeName && t(parts.nativeName),
      lang: t(parts.lang),
      dir: parts.dir,
      ...(parts.population === undefined ? {} : { population: parts.population }),
      tally: parts.tally,
      glossary: parts.glossary,
      lastChange: t(parts.lastChange),
      lastAuthor: t(parts.lastAuthor),
      links: parts.links.translate === undefined ? {} : { translate: parts.links.translate },
      errors: parts.errors.length === 0 ? NO_PROBLEMS : parts.errors,
      ...(parts.reason ? { reason: parts.reason } : {}),
      badge: this.badge(parts.badge),
      ...(parts.notStarted ? { notStarted: parts.notStarted } : {}),
      ...(parts.stale ? { stale: parts.stale } : {}),
      percent: parts.tally && percentBy(parts.tally, this.measure),
      empty: parts.tally?.total === 0,
      pageDir: folder,
      ...(parts.warnings.length > 0 && parts.status === "ok" && !parts.stale
        ? { warned: true as const }
        : {}),
    };
  }

  private text(text: string): string {
    const kept = this.texts.get(text);
    if (kept !== undefined) return kept;
    this.texts.set(text, text);
    return text;
  }

  private badge(b: BadgeData): BadgeData {
    const key = JSON.stringify([b.label, b.message, b.color, b.isError, b.stale]);
    const kept = this.badges.get(key);
    if (kept !== undefined) return kept;
    this.badges.set(key, b);
    return b;
  }
}
