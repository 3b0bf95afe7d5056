import type { BadgeData } from "../../badges/badge-data.js";
import type { Counts } from "../../model/counts.js";
import type { SiteOptions } from "../../config/schema.js";
import type { Problem, SnapshotEntry } from "../../snapshot/schema.js";
import type { RunTally } from "../../model/tally.js";
import type { SiteDetail } from "../budget/site-detail.js";
import type { BadgeText } from "./badge-text.js";
import type { ChangesView, TrendData } from "./changes-view.js";

export type { ChangeDetail, ChangeItem, ChangesView, Delta, TrendData } from "./changes-view.js";

// What the pages show, as types: the site model (built by site-model.ts) and the history's views of
// it (history-view.ts). Apart from both, so each can name the other's shapes without a cycle.

/**
 * A translation as the lists show it (component, language and project pages, widgets, changes):
 * a site may have 100,000 of them in memory at once, so the row (translation-row.ts) keeps only
 * what the lists show, and shares its names with its component's and language's other rows.
 */
export interface TranslationRow {
  project: string;
  component: string;
  language: string;
  status: SnapshotEntry["status"];
  projectName: string;
  componentName: string;
  languageName: string;
  /** The language's name in itself ("Deutsch"), when ICU knows it and it is not the English. */
  nativeName?: string;
  /** BCP 47 tag for the `lang` attribute of the native name (zh_Hans -> zh-Hans). */
  lang: string;
  dir: "ltr" | "rtl";
  /** Speakers of the language, where the server gives it (`language.population`). */
  population?: number;
  tally?: Counts;
  /** Exact translated percent (sorting, bars); undefined when not ok or there are no strings. */
  percent?: number;
  /** ok, with 0 strings: shown as "no strings", in grey. */
  empty: boolean;
  /**
   * A language the project has but this component lacks (site.notStarted): 0%, its total the
   * component's source strings; no page or badge of its own, never a failure.
   */
  notStarted?: true;
  /** Part of a glossary component (Weblate's `is_glossary`). */
  glossary: boolean;
  /** Fetched in this run, valid, with a warning (counted in the tally's `warnings`). */
  warned?: true;
  lastChange: string;
  lastAuthor: string;
  links: { translate?: string };
  errors: Problem[];
  /** Why this run could not use it, when it could not: "failed: 404 Not Found". */
  reason?: Reason;
  badge: BadgeData;
  /**
   * The page's folder from the site's root; the badge files are `badges/<pageDir>` with their
   * extension (kept apart from the row: a million rows would hold it twice).
   */
  pageDir: string;
  /**
   * Set when this run could not use the translation and the numbers shown are an earlier run's
   * (last known good); `status` is then "ok" (what the page can show) and `stale.status` what
   * this run found, `reason` why (stale-summary.ts).
   */
  stale?: { asOf: string; since: string; status: "failed" | "invalid"; reason: Reason };
}

/** Why this run could not use a translation, for the pages to say in their locale. */
export interface Reason {
  status: "failed" | "invalid";
  /** An HTTP answer ("500 Internal Server Error"), as the protocol names it. */
  http?: string;
  /** Else a failure kind (model/failure.ts), or "names" (no pages), "record" (the contract). */
  kind?: string;
  /** The pattern whose list failed, when it was the list's failure ("orbit-notes/website/*"). */
  list?: string;
}

/**
 * The stale rows of a component or project: how many, since when (the earliest), the numbers of
 * when (the oldest), and the first one's reason.
 */
export interface StaleRows {
  count: number;
  since: string;
  asOf: string;
  reason: Reason;
}

/** A translation as its own page shows it: the row and what only that page shows. */
export interface TranslationView extends TranslationRow {
  links: { web?: string; translate?: string; share?: string };
  filename: string;
  revision: string;
  warnings: Problem[];
  /** The badge files without extension (`badges/<pageDir>`). */
  badgeBase: string;
}

/** A project or a component: its sums, its badge, its paths, how stale its numbers are. */
interface GroupView {
  tally: Counts;
  badge: BadgeData;
  pageDir: string;
  badgeBase: string;
  /** Its translations shown with an earlier run's numbers, when there are any. */
  staleRows?: StaleRows;
  /** Set when every usable translation is stale: the badge says how old (render-badges.ts). */
  stale?: { asOf: string };
}

export interface ComponentView extends GroupView {
  project: string;
  component: string;
  name: string;
  /** Its rows, most translated first, its not-started ones among them. */
  translations: TranslationRow[];
  /** How many of them are tracked translations (not the not-started ones). */
  translationCount: number;
  glossary: boolean;
  /** The language its strings are written in, from its records (`component.source_language`). */
  sourceLanguage?: LanguageRef;
  /**
   * Counted in the project's and the site's aggregates and widgets (a glossary only with
   * `site.includeGlossary`).
   */
  counted: boolean;
  /** Set when none is usable: why the first one failed (its row says it in the page's words). */
  failed?: Reason;
}

export interface LanguageRef {
  code: string;
  name: string;
  nativeName?: string;
  lang: string;
  dir: "ltr" | "rtl";
  /** Speakers of the language, where the server gives it. */
  population?: number;
}

export interface ProjectView extends GroupView {
  project: string;
  name: string;
  components: ComponentView[];
  /** Wildcard entries that could not be expanded (the project's component list failed). */
  unexpanded: TranslationView[];
  languages: LanguageRef[];
  /** Path of the project's Atom feed, when the site has history. */
  feed?: string;
}

export interface LanguageView extends LanguageRef {
  /** Its rows, by project and component. */
  translations: TranslationRow[];
  translationCount: number;
  tally: Counts;
  pageDir: string;
}

export interface SiteModel {
  title: string;
  generatedAt: string;
  baseUrl: string;
  /** The run's figures (model/tally.ts); `removed` is set from the history (site-plan.ts). */
  counts: RunTally;
  tally: Counts;
  projects: ProjectView[];
  languages: LanguageView[];
  /**
   * Entries that cannot have pages: their names collide with the site's own files or with each
   * other's, or they are a failed instance-wide wildcard (every project), which is no project's.
   */
  unpublished: TranslationView[];
  /** The row of a translation that has pages, by its triple key (`project/component/language`). */
  findRow(key: string): TranslationRow | undefined;
  site: SiteOptions;
  /** What the site is written with: all of it, or less to fit `site.maxBytes` (render/budget/). */
  detail: SiteDetail;
  /** The badges' and widgets' words, in `site.badges.locale`. */
  badgeText: BadgeText;
  /** Trends and changes across runs, when the site was built with history. */
  history?: SiteHistoryView;
  /** Path of the site's Atom feed, when the site has history. */
  feed?: string;
  /** Whether the config still tracks a triple key (then the server removed it); unknown unset. */
  tracked?: (key: string) => boolean;
}

export interface SiteHistoryView {
  lastRun: string;
  previousRun?: string;
  /** The latest run's notable changes; undefined when nothing notable happened in it. */
  latest?: ChangesView;
  /** The site's trend ("site"), or that of a project, component, language or translation. */
  trendOf(
    kind: "site" | "project" | "component" | "language" | "translation",
    of?: ProjectView | ComponentView | LanguageView | TranslationRow,
  ): TrendData;
}

/** A translation's page, with the project and component it belongs to. */
export interface TranslationPage {
  t: TranslationView;
  project: ProjectView;
  component: ComponentView;
}

/**
 * What is badged (a translation, component or project): its path without extension, its counts
 * (for the other metrics' badges), its badge in the site's measure.
 */
export interface Badged {
  badgeBase: string;
  badge: BadgeData;
  tally?: Counts;
  /** Last known good numbers: each variant says how old, as the site's badge does. */
  stale?: { asOf: string };
}
