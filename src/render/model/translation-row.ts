import type { BadgeData } from "../../badges/badge-data.js";
import { addCounts, type Counts } from "../../model/counts.js";
import type { RowList } from "./row-list.js";
import { percentBy, progressBy, type Measure } from "../../model/measure.js";
import type { LanguageRef, Reason, TranslationBadge, TranslationRow } from "./site-view.js";
import { must } from "../../model/must.js";

// The rows of the lists, kept for every translation of the site while its pages are written: one
// plain object a translation, sharing its names with its component's and language's other rows.
// A page that lists rows gets copies, so that nothing it does changes the next page's.

/**
 * What a row is made of: a translation's view, less what only its own page shows and what is
 * derived.
 */
export type RowParts = Omit<TranslationRow, "pageDir" | "badgeBase" | "percent" | "empty">;

const NO_ROWS = new Int32Array(0);
const NO_PROBLEMS: TranslationRow["errors"] = [];

/** A stored row and its folder (a not-started row has no pages, but a folder for its claim). */
interface Stored {
  row: TranslationRow;
  folder: string;
}

export class RowStore {
  /** @param measure what the rows' percents count (site.metric, site.progress) */
  constructor(private readonly measure: Measure) {}

  private readonly stored: Stored[] = [];
  /**
   * One copy of each text and badge the rows share (names, authors, times): each entry read
   * brings its own copies, which 100,000 rows would otherwise keep.
   */
  private readonly shared = new Map<string, string>();
  private readonly badges = new Map<string, BadgeData>();

  private one(text: string): string;
  private one(text: string | undefined): string | undefined;
  private one(text: string | undefined): string | undefined {
    if (text === undefined) return undefined;
    const kept = this.shared.get(text);
    if (kept !== undefined) return kept;
    this.shared.set(text, text);
    return text;
  }

  private badgeOne(b: BadgeData): BadgeData {
    const key = JSON.stringify([b.label, b.message, b.color, b.isError, b.stale]);
    const kept = this.badges.get(key);
    if (kept !== undefined) return kept;
    this.badges.set(key, b);
    return b;
  }

  /** Stores a row; returns its index. */
  add(parts: RowParts, componentDir: string, languageSegment: string): number {
    const folder = `${componentDir}/${languageSegment}`;
    const { tally, notStarted } = parts;
    const pageDir = notStarted ? "" : folder;
    const row: TranslationRow = {
      project: this.one(parts.project),
      component: this.one(parts.component),
      language: this.one(parts.language),
      status: parts.status,
      projectName: this.one(parts.projectName),
      componentName: this.one(parts.componentName),
      languageName: this.one(parts.languageName),
      nativeName: this.one(parts.nativeName),
      lang: this.one(parts.lang),
      dir: parts.dir,
      population: parts.population,
      tally,
      percent: tally && percentBy(tally, this.measure),
      empty: tally?.total === 0,
      glossary: parts.glossary,
      lastChange: this.one(parts.lastChange),
      lastAuthor: this.one(parts.lastAuthor),
      links: parts.links.translate === undefined ? {} : { translate: parts.links.translate },
      errors: parts.errors.length === 0 ? NO_PROBLEMS : parts.errors,
      badge: this.badgeOne(parts.badge),
      pageDir,
      badgeBase: notStarted ? "" : `badges/${pageDir}`,
    };
    if (notStarted) row.notStarted = true;
    if (parts.stale !== undefined) row.stale = parts.stale;
    if (parts.reason !== undefined) row.reason = parts.reason;
    this.stored.push({ row, folder });
    return this.stored.length - 1;
  }

  private at(i: number): TranslationRow {
    return must(this.stored[i]).row;
  }

  /** The row as the pages read it: a copy, its counts too. */
  row(i: number): TranslationRow {
    const row = this.at(i);
    return row.tally ? { ...row, tally: { ...row.tally } } : { ...row };
  }

  /** Row `i`'s badge and the path of its files without extension. */
  badgeOf(i: number): TranslationBadge {
    const { row, folder } = must(this.stored[i]);
    return {
      badgeBase: `badges/${folder}`,
      badge: row.badge,
      ...(row.tally ? { tally: { ...row.tally } } : {}),
      ...(row.stale ? { stale: row.stale } : {}),
    };
  }

  /** Each distinct badge of the first `rows` rows, with how many of them have it. */
  badgeUses(rows = this.count): [BadgeData, number][] {
    const uses = new Map<string, [BadgeData, number]>();
    for (let i = 0; i < rows; i++) {
      const b = this.at(i).badge;
      const key = JSON.stringify([b.label, b.message, b.color, b.isError, b.stale]);
      const use = uses.get(key);
      if (use) use[1] += 1;
      else uses.set(key, [b, 1]);
    }
    return [...uses.values()];
  }

  /** Each component's and language's rows (site-model.ts makes them): read by `of`. */
  readonly lists = new Map<object, RowList>();

  of(view: object): Int32Array {
    return this.lists.get(view)?.view() ?? NO_ROWS;
  }

  /** Row `i`'s counts written into `into`; undefined without any. */
  tallyInto(i: number, into: Counts): Counts | undefined {
    const tally = this.at(i).tally;
    return tally && Object.assign(into, tally);
  }

  /** Adds row `i`'s counts, when it has some, to `sum`. */
  addTally(sum: Counts, i: number): void {
    addCounts(sum, this.at(i).tally);
  }

  /** How many rows are stored: the index the next one gets. */
  get count(): number {
    return this.stored.length;
  }

  rows(indexes: Iterable<number>): TranslationRow[] {
    return Array.from(indexes, (i) => this.row(i));
  }

  tally(i: number): Counts | undefined {
    const tally = this.at(i).tally;
    return tally && { ...tally };
  }

  /** Where the row stands in "most translated first", by the site's measure. */
  progress(i: number): number {
    return progressBy(this.at(i).tally, this.measure);
  }

  /** Whether row `i` has numbers (a failed translation has none). */
  hasTally(i: number): boolean {
    return this.at(i).tally !== undefined;
  }

  /** The row's stale mark, when its numbers are an earlier run's. */
  staleOf(i: number): TranslationRow["stale"] {
    return this.at(i).stale;
  }

  reasonOf(i: number): Reason | undefined {
    return this.at(i).reason;
  }

  badgeDataOf(i: number): BadgeData {
    return this.at(i).badge;
  }

  isNotStarted(i: number): boolean {
    return this.at(i).notStarted === true;
  }

  status(i: number): TranslationRow["status"] {
    return this.at(i).status;
  }

  isOk(i: number): boolean {
    return this.status(i) === "ok";
  }

  languageCode(i: number): string {
    return this.at(i).language;
  }

  /** Whether row `i` is the translation of `entry` (its project, component and language). */
  isOf(i: number, entry: { project: string; component: string; language: string }): boolean {
    const row = this.stored[i]?.row;
    return (
      row !== undefined &&
      row.project === entry.project &&
      row.component === entry.component &&
      row.language === entry.language
    );
  }

  /** Row `i`'s language as the project's list of languages names it. */
  languageRef(i: number): LanguageRef {
    const l = this.at(i);
    return {
      code: l.language,
      name: l.languageName,
      nativeName: l.nativeName,
      lang: l.lang,
      dir: l.dir,
      population: l.population,
    };
  }

  languageName(i: number): string {
    return this.at(i).languageName;
  }

  names(i: number): TranslationRow {
    return this.at(i);
  }
}
