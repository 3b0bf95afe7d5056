import type { BadgeData } from "../../badges/badge-data.js";
import type { Problem } from "../../snapshot/snapshot.js";
import {
  addCounts,
  COUNT_KEYS,
  countsFrom,
  emptyCounts,
  readCounts,
  type Counts,
} from "../../model/counts.js";
import type { RowList } from "./row-list.js";
import { percentBy, progressBy, type Measure } from "../../model/measure.js";
import type { LanguageRef, Reason, TranslationBadge, TranslationRow } from "./site-view.js";
import { Growable, IndexColumn, Table } from "../../snapshot/columns.js";
import { ChangeColumn } from "./change-column.js";
import { CountColumn } from "./count-column.js";
import { must } from "../../model/must.js";
import {
  componentNamesOf,
  languageNamesOf,
  type ComponentNames,
  type LanguageNames,
} from "./row-names.js";

// The rows of the lists, kept for every translation of the site while its pages are written: a
// site may have 100,000, and the heap V8 lets grow before collecting is a multiple of what is
// live. So the store keeps a row as columns of numbers (snapshot/columns.ts, about 80 bytes): its
// counts, the index of what it shares with other rows (its component's names and folder, its
// language's names, its badge, its author), its last change as a minute. A page that lists rows
// gets them as objects, made when it asks and dropped once it is written.

/**
 * What a row is made of: a translation's view, less what only its own page shows and what is
 * derived.
 */
export type RowParts = Omit<TranslationRow, "pageDir" | "badgeBase" | "percent" | "empty">;

const STATUSES = ["ok", "invalid", "failed"] as const;
const NO_TALLY = 1 << 2;
/** A language the project has and the component lacks (site.notStarted): no pages, no badge. */
const NOT_STARTED = 1 << 3;
const NO_PROBLEMS: Problem[] = [];
const NO_ROWS = new Int32Array(0);

const column = <T extends Int32Array | Uint8Array | Uint32Array>(make: (n: number) => T) =>
  new Growable(make(1024), make);

export class RowStore {
  /** @param measure what the rows' percents count (site.metric, site.progress) */
  constructor(private readonly measure: Measure) {}

  private readonly comp = new IndexColumn();
  private readonly lang = new IndexColumn();
  private readonly badge = new IndexColumn();
  private readonly author = new IndexColumn();
  private readonly flags = column((n) => new Uint8Array(n));
  /** COUNT_KEYS.length numbers a row (0 when the row has no tally). */
  private readonly counts = new CountColumn(COUNT_KEYS.length);
  /** The last change of each row. */
  private readonly changes = new ChangeColumn();
  private readonly components = new Table<ComponentNames>();
  private readonly languages = new Table<LanguageNames>();
  private readonly badges = new Table<BadgeData>();
  private readonly authors = new Table<string>();
  // Rare: what only some rows have, by row.
  private readonly errors = new Map<number, Problem[]>();
  private readonly stale = new Map<number, NonNullable<TranslationRow["stale"]>>();
  private readonly reasons = new Map<number, Reason>();
  private readonly translateLinks = new Map<number, string | undefined>();
  /** What addTally reads a row's counts into. */
  private readonly scratch = emptyCounts();
  private readonly read = new Float64Array(COUNT_KEYS.length);

  /** Stores a row; returns its index. */
  add(parts: RowParts, componentDir: string, languageSegment: string): number {
    const i = this.comp.length;
    const names = componentNamesOf(parts, componentDir);
    const c = this.components.add(names.key, names.make);
    this.comp.push(c);
    const language = languageNamesOf(parts, languageSegment);
    this.lang.push(this.languages.add(language.key, language.make));
    const b = parts.badge;
    this.badge.push(
      this.badges.add(JSON.stringify([b.label, b.message, b.color, b.isError, b.stale]), () => b),
    );
    this.author.push(this.authors.add(parts.lastAuthor, () => parts.lastAuthor));
    this.flags.push(
      STATUSES.indexOf(parts.status) |
        (parts.tally ? 0 : NO_TALLY) |
        (parts.notStarted ? NOT_STARTED : 0),
    );
    for (const key of COUNT_KEYS) this.counts.push(parts.tally ? parts.tally[key] : 0);
    this.changes.push(i, parts.lastChange);
    this.storeTranslateLink(
      i,
      must(this.components.values[c]),
      parts.language,
      parts.links.translate,
    );
    if (parts.errors.length > 0) this.errors.set(i, parts.errors);
    if (parts.stale) this.stale.set(i, parts.stale);
    if (parts.reason !== undefined) this.reasons.set(i, parts.reason);
    return i;
  }

  /** The row as the pages read it, made afresh. */
  row(i: number): TranslationRow {
    const c = must(this.components.values[this.comp.get(i)]);
    const l = must(this.languages.values[this.lang.get(i)]);
    const tally = this.tally(i);
    const notStarted = (this.flags.get(i) & NOT_STARTED) !== 0;
    const pageDir = notStarted ? "" : `${c.pageDir}/${l.segment}`;
    const translate = this.translateLinks.has(i)
      ? this.translateLinks.get(i)
      : `${c.translatePrefix}${l.language}/`;
    const row: TranslationRow = {
      project: c.project,
      component: c.component,
      language: l.language,
      status: this.status(i),
      projectName: c.projectName,
      componentName: c.componentName,
      languageName: l.languageName,
      nativeName: l.nativeName,
      lang: l.lang,
      dir: l.dir,
      population: l.population,
      tally,
      percent: tally && percentBy(tally, this.measure),
      empty: tally?.total === 0,
      glossary: c.glossary,
      lastChange: this.changes.get(i),
      lastAuthor: must(this.authors.values[this.author.get(i)]),
      links: translate === undefined ? {} : { translate },
      errors: this.errors.get(i) ?? NO_PROBLEMS,
      badge: must(this.badges.values[this.badge.get(i)]),
      pageDir,
      badgeBase: notStarted ? "" : `badges/${pageDir}`,
    };
    // Set only when present, in this order (as the rows' keys always were): no copies of spread
    // objects for a row made a dozen times a render.
    if (notStarted) row.notStarted = true;
    const stale = this.stale.get(i);
    if (stale !== undefined) row.stale = stale;
    const reason = this.reasons.get(i);
    if (reason !== undefined) row.reason = reason;
    return row;
  }

  /** The row's folder and whose it is, as site-claims.ts names them. */
  claimOf(i: number): { dir: string; owner: string } {
    const c = must(this.components.values[this.comp.get(i)]);
    const l = must(this.languages.values[this.lang.get(i)]);
    return {
      dir: `${c.pageDir}/${l.segment}`,
      owner: `the translation ${c.project}/${c.component}/${l.language}`,
    };
  }

  /** Row `i`'s badge and the path of its files without extension, without making the row. */
  badgeOf(i: number): TranslationBadge {
    const c = must(this.components.values[this.comp.get(i)]);
    const l = must(this.languages.values[this.lang.get(i)]);
    const tally = this.tally(i);
    const stale = this.stale.get(i);
    return {
      badgeBase: `badges/${c.pageDir}/${l.segment}`,
      badge: must(this.badges.values[this.badge.get(i)]),
      ...(tally ? { tally } : {}),
      ...(stale ? { stale } : {}),
    };
  }

  /** Each distinct badge of the first `rows` rows, with how many of them have it. */
  badgeUses(rows = this.count): [BadgeData, number][] {
    const uses = new Uint32Array(this.badges.values.length);
    for (let i = 0; i < rows; i++) {
      const b = this.badge.get(i);
      uses[b] = must(uses[b]) + 1;
    }
    return this.badges.values.map((badge, b) => [badge, must(uses[b])]);
  }

  /** Each component's and language's rows (site-model.ts makes them): read by `of`. */
  readonly lists = new Map<object, RowList>();

  of(view: object): Int32Array {
    return this.lists.get(view)?.view() ?? NO_ROWS;
  }

  /** Row `i`'s counts written into `into`, without making an object; undefined without any. */
  tallyInto(i: number, into: Counts): Counts | undefined {
    if (this.flags.get(i) & NO_TALLY) return undefined;
    const counts = this.counts.readRow(i, this.read);
    return readCounts(into, (k) => must(counts[k]));
  }

  /** Adds row `i`'s counts, when it has some, to `sum`. */
  addTally(sum: Counts, i: number): void {
    addCounts(sum, this.tallyInto(i, this.scratch));
  }

  /** How many rows are stored: the index the next one gets. */
  get count(): number {
    return this.comp.length;
  }

  rows(indexes: Iterable<number>): TranslationRow[] {
    return Array.from(indexes, (i) => this.row(i));
  }

  tally(i: number): Counts | undefined {
    if (this.flags.get(i) & NO_TALLY) return undefined;
    const counts = this.counts.readRow(i, this.read);
    return countsFrom((k) => must(counts[k]));
  }

  /** Where the row stands in "most translated first", by the site's measure. */
  progress(i: number): number {
    return progressBy(this.tallyInto(i, this.scratch), this.measure);
  }

  /** Whether row `i` has numbers (a failed translation has none). */
  hasTally(i: number): boolean {
    return (this.flags.get(i) & NO_TALLY) === 0;
  }

  /** The row's stale mark, when its numbers are an earlier run's. */
  staleOf(i: number): TranslationRow["stale"] {
    return this.stale.get(i);
  }

  reasonOf(i: number): Reason | undefined {
    return this.reasons.get(i);
  }

  /** Row `i`'s badge data alone. */
  badgeDataOf(i: number): BadgeData {
    return must(this.badges.values[this.badge.get(i)]);
  }

  isNotStarted(i: number): boolean {
    return (this.flags.get(i) & NOT_STARTED) !== 0;
  }

  status(i: number): TranslationRow["status"] {
    return must(STATUSES[this.flags.get(i) & 3]);
  }

  isOk(i: number): boolean {
    return this.status(i) === "ok";
  }

  languageCode(i: number): string {
    return must(this.languages.values[this.lang.get(i)]).language;
  }

  /** Whether row `i` is the translation of `entry` (its project, component and language). */
  isOf(i: number, entry: { project: string; component: string; language: string }): boolean {
    const c = must(this.components.values[this.comp.get(i)]);
    return (
      i < this.count &&
      c.project === entry.project &&
      c.component === entry.component &&
      this.languageCode(i) === entry.language
    );
  }

  /** Row `i`'s language as the project's list of languages names it. */
  languageRef(i: number): LanguageRef {
    const l = must(this.languages.values[this.lang.get(i)]);
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
    return must(this.languages.values[this.lang.get(i)]).languageName;
  }

  names(i: number): ComponentNames {
    return must(this.components.values[this.comp.get(i)]);
  }

  /** Weblate's translate links end in the language code: a component's rows share the rest. */
  private storeTranslateLink(i: number, c: ComponentNames, language: string, link?: string) {
    const tail = `${language}/`;
    if (link?.endsWith(tail)) {
      const prefix = link.slice(0, -tail.length);
      c.translatePrefix ??= prefix;
      if (c.translatePrefix === prefix) return;
    }
    this.translateLinks.set(i, link);
  }
}
