import type { BadgeData } from "../../badges/badge-data.js";
import { percentBy, type Measure } from "../../model/measure.js";
import type { TranslationRow } from "./site-view.js";
import type { EntryParts } from "./translation-view.js";

// The rows of the lists, kept for every translation of the site while its pages are written: one
// plain object a translation, in its component's and its language's `translations`. Pages read
// them and never change them.

/** The texts a row shares with its component's and language's other rows. */
const NO_PROBLEMS: TranslationRow["errors"] = [];

const SHARED = [
  "project",
  "component",
  "language",
  "projectName",
  "componentName",
  "languageName",
  "nativeName",
  "lang",
  "lastChange",
  "lastAuthor",
] as const;

/**
 * Makes the rows, keeping one copy of each text and badge they share (names, authors, times): each
 * entry read brings its own copies, which 100,000 rows would otherwise keep.
 */
export class RowMaker {
  private readonly texts = new Map<string, string>();
  private readonly badges = new Map<string, BadgeData>();

  /** @param measure what the rows' percents count (site.metric, site.progress) */
  constructor(private readonly measure: Measure) {}

  /** A translation's row: its view less what only its page shows; `folder` its page's, if any. */
  make(parts: EntryParts, folder: string): TranslationRow {
    const { filename: _f, revision: _r, warnings: _w, sourceLanguage: _s, ...kept } = parts;
    const row: TranslationRow = {
      ...kept,
      percent: parts.tally && percentBy(parts.tally, this.measure),
      empty: parts.tally?.total === 0,
      errors: parts.errors.length === 0 ? NO_PROBLEMS : parts.errors,
      links: parts.links.translate === undefined ? {} : { translate: parts.links.translate },
      badge: this.badge(parts.badge),
      pageDir: folder,
      badgeBase: folder && `badges/${folder}`,
      ...(parts.warnings.length > 0 && parts.status === "ok" && !parts.stale
        ? { warned: true as const }
        : {}),
    };
    for (const key of SHARED) {
      const text = row[key];
      if (text !== undefined) row[key] = this.text(text);
    }
    return row;
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
