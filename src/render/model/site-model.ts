import { loadSiteLocales } from "../../i18n/site-locales.js";
import { badgeText, type BadgeText } from "./badge-text.js";
import { withoutCredentials } from "../../text/http-url.js";
import { aggregate, aggregateProject } from "./stale-summary.js";
import type { SiteOptions } from "../../config/schema.js";
import { WILDCARD, type Triple } from "../../config/triple.js";
import {
  addCounts,
  byProgress,
  compareText,
  emptyCounts,
  type Counts,
} from "../../model/counts.js";
import { OutputError } from "../../model/errors.js";
import { progressBy } from "../../model/measure.js";
import type { BadgeData } from "../../badges/badge-data.js";
import type { SnapshotEntry } from "../../snapshot/schema.js";
import { emptyTally, tallyEntry } from "../../model/tally.js";
import type { SnapshotSource } from "../../snapshot/read-snapshot.js";
import { componentDir, fileSegment, projectDir } from "../../site/site-paths.js";
import { SiteClaims } from "../../site/site-claims.js";
import { unpublishable } from "../../site/publishable.js";
import { RowMaker } from "./translation-row.js";
import { describeEntry, toView } from "./translation-view.js";
import { EvenSample } from "../budget/measure-files.js";
import { FULL_DETAIL } from "../budget/site-detail.js";
import { addNotStarted } from "./not-started.js";
import { keyParts } from "./changes-view.js";

// The snapshot turned into what the pages show: names instead of API spellings, counts summed,
// links checked, paths computed. Pure: the same snapshot gives the same model.

import type {
  TranslationRow,
  TranslationView,
  ComponentView,
  LanguageRef,
  ProjectView,
  LanguageView,
  SiteModel,
  TranslationPage,
} from "./site-view.js";

/** Translation pages rendered to measure what the site's translation pages cost. */
export const PAGE_SAMPLE = 256;

/**
 * The model of the aggregate pages, and the translations' pages to come. The model is built in
 * one pass over the entries and keeps a compact row per translation (translation-row.ts), not the
 * records; `translationPages` reads the entries again and gives each translation's whole view
 * when its page is written, so a site of 100,000 translations never holds 100,000 views.
 * `text`: the badges' words (their locale's); by default `site.badges.locale`'s shipped ones.
 */
export function planSiteModel(
  source: SnapshotSource,
  site: SiteOptions,
  text: BadgeText = badgeText(loadSiteLocales(site).badges, site),
) {
  const read = readEntries(source, site, text);
  const { rows, projects, languages, components } = read;
  if (site.notStarted) addNotStarted(read.makeRow, projects.values(), site, text);
  const total = sumProjects(read);
  sortLanguages(read);
  const model: SiteModel = {
    // The configured title; each locale's own word for "Translation status" without one.
    title: site.title ?? "",
    generatedAt: read.generatedAt,
    baseUrl: withoutCredentials(source.header.source.baseUrl),
    counts: read.counts,
    tally: total,
    projects: [...projects.values()],
    languages: [...languages.values()]
      .filter((l) => l.translations.some((t) => t.tally))
      .sort((a, b) => compareText(a.name, b.name)),
    unpublished: read.unpublished,
    site,
    detail: FULL_DETAIL,
    badgeText: text,
    findRow: (key) => findRow(components, key),
  };
  // Claimed beside the site's, never changing them: the removed ones' files come after.
  const elsewhere = new SiteClaims({ base: read.claims });
  return {
    model,
    translationPages: () => translationPages(read),
    /** An even sample of the translations' pages (all of them on a small site), for the budget. */
    pageSample: read.pageSample,
    /** The translations' badges: each distinct badge and how many translations have it. */
    badgeUses: () => badgeUses(rows),
    /** Each translation's badge, in the order of translationPages: no second read of the file. */
    translationBadges: (): Iterable<TranslationRow> => rows,
    /**
     * Claims the files of a translation that is not on the site (a removed one's, kept for a
     * while) against every file the site has; returns why it cannot have them, or undefined.
     */
    claimElsewhere: (triple: Triple) => elsewhere.claim(triple),
    /** Lets go of the claims once nothing more is claimed (claimElsewhere throws after it). */
    endClaims: () => elsewhere.close(),
  };
}

/** The row of a translation by its triple key (`project/component/language`). */
function findRow(components: Map<string, ComponentView>, key: string): TranslationRow | undefined {
  const { project, component, language } = keyParts(key);
  // A key from outside (the previous site's history) without two "/" names no row.
  if (`${project}/${component}/${language}` !== key) return undefined;
  return components
    .get(JSON.stringify([project, component]))
    ?.translations.find((t) => !t.notStarted && t.language === language);
}

/** Each distinct badge of the rows, with how many of them have it. */
function badgeUses(rows: TranslationRow[]): [BadgeData, number][] {
  const uses = new Map<string, [BadgeData, number]>();
  for (const { badge: b } of rows) {
    const key = JSON.stringify([b.label, b.message, b.color, b.isError, b.stale]);
    const use = uses.get(key);
    if (use) use[1] += 1;
    else uses.set(key, [b, 1]);
  }
  return [...uses.values()];
}

/** What the first read of the entries gathers, before it starts. */
function startRead(source: SnapshotSource, site: SiteOptions, text: BadgeText) {
  /** The translations' rows, in the order of the entries (without the not-started rows). */
  const rows: TranslationRow[] = [];
  const unpublished: TranslationView[] = [];
  /** Which entries (by position) have pages: read again, in order, by translationPages. */
  const published: boolean[] = [];
  return {
    source,
    site,
    text,
    generatedAt: source.header.generatedAt,
    projects: new Map<string, ProjectView>(),
    components: new Map<string, ComponentView>(),
    languages: new Map<string, LanguageView>(),
    counts: emptyTally(),
    rows,
    makeRow: new RowMaker(site),
    claims: new SiteClaims({ locales: site.locales }),
    unpublished,
    pageSample: new EvenSample<TranslationPage>(PAGE_SAMPLE),
    published,
  };
}

type FirstRead = ReturnType<typeof startRead>;

/** The first read of the entries: the rows stored, the projects, components and languages met. */
function readEntries(source: SnapshotSource, site: SiteOptions, text: BadgeText): FirstRead {
  const read = startRead(source, site, text);
  for (const entry of source.entries()) read.published.push(addEntry(read, entry));
  return read;
}

/** Adds one entry to the first read; returns whether it has pages. */
function addEntry(read: FirstRead, given: SnapshotEntry): boolean {
  const { site } = read;
  const clash = read.claims.claim(given);
  const entry = clash ? unpublishable(given, clash) : given;
  tallyEntry(read.counts, entry);
  const parts = describeEntry(entry, site, read.generatedAt, read.text);
  // A failed */*/* (or */*/l) is no project's: listed with what cannot have pages.
  if (clash || entry.project === WILDCARD) {
    read.unpublished.push(toView(entry, parts, false, site));
    return false;
  }
  const project = findOrAddProject(read, entry.project);
  if (parts.status === "ok") project.name = parts.projectName;
  if (entry.component === WILDCARD || entry.language === WILDCARD) {
    project.unexpanded.push(toView(entry, parts, true, site));
    return false;
  }
  const component = findOrAddComponent(read, project, entry.component, parts.componentName);
  if (parts.status === "ok")
    Object.assign(component, {
      name: parts.componentName,
      glossary: parts.glossary,
      counted: site.includeGlossary || !parts.glossary,
      sourceLanguage: parts.sourceLanguage,
    });
  // Joined, not a template: V8 keeps `${a}/${b}` as a tree of its parts (32 bytes a node), per row.
  const folder = [component.pageDir, fileSegment(entry.language)].join("/");
  const row = read.makeRow.make(parts, folder);
  read.rows.push(row);
  component.translations.push(row);
  const language = findOrAddLanguage(read, entry.language, parts.lang, parts.dir);
  if (parts.status === "ok")
    Object.assign(language, {
      name: parts.languageName,
      nativeName: parts.nativeName,
      dir: parts.dir,
      population: parts.population,
    });
  language.translations.push(row);
  read.pageSample.offer(() => ({ t: toView(entry, parts, true, site), project, component }));
  return true;
}

function findOrAddProject(read: FirstRead, slug: string): ProjectView {
  let project = read.projects.get(slug);
  if (!project) {
    project = {
      project: slug,
      name: slug,
      components: [],
      unexpanded: [],
      languages: [],
      tally: emptyCounts(),
      badge: read.text.noData(),
      pageDir: projectDir(slug, read.site),
      badgeBase: `badges/${projectDir(slug, read.site)}`,
    };
    read.projects.set(slug, project);
  }
  return project;
}

function findOrAddComponent(
  read: FirstRead,
  project: ProjectView,
  slug: string,
  name: string,
): ComponentView {
  const key = JSON.stringify([project.project, slug]);
  let component = read.components.get(key);
  if (!component) {
    const dir = `${project.pageDir}/${componentDir(slug)}`;
    component = {
      project: project.project,
      component: slug,
      name,
      translations: [],
      translationCount: 0,
      tally: emptyCounts(),
      badge: project.badge,
      pageDir: dir,
      badgeBase: `badges/${dir}`,
      glossary: false,
      counted: true,
    };
    project.components.push(component);
    read.components.set(key, component);
  }
  return component;
}

function findOrAddLanguage(
  read: FirstRead,
  code: string,
  lang: string,
  dir: LanguageView["dir"],
): LanguageView {
  let language = read.languages.get(code);
  if (!language) {
    language = {
      code,
      name: code,
      lang,
      dir,
      translations: [],
      translationCount: 0,
      tally: emptyCounts(),
      pageDir: `languages/${fileSegment(code)}`,
    };
    read.languages.set(code, language);
  }
  return language;
}

/** Each component's and project's sums, their rows most translated first; the site's total. */
function sumProjects(read: FirstRead): Counts {
  const { site, text, generatedAt } = read;
  const total = emptyCounts();
  for (const project of read.projects.values()) {
    for (const component of project.components) {
      // Not-started rows are shown, not counted: the totals are what the server counts.
      const tracked = component.translations.filter((t) => !t.notStarted);
      for (const t of tracked) addCounts(component.tally, t.tally);
      component.translationCount = tracked.length;
      component.translations = byProgress(
        component.translations,
        (t) => progressBy(t.tally, site),
        (t) => t.languageName,
      );
      Object.assign(component, aggregate(tracked, component.tally, site, text, generatedAt));
      if (component.counted) addCounts(project.tally, component.tally);
    }
    // The project's languages: those with numbers (a triple that failed, say a typo of a code,
    // is shown as a failure of its component, not as a language the project has).
    const seen = new Map<string, LanguageRef>();
    for (const c of project.components)
      for (const t of c.translations) if (t.tally) seen.set(t.language, rowLanguageRef(t));
    project.languages = [...seen.values()].sort((a, b) => compareText(a.name, b.name));
    aggregateProject(project, site, text, generatedAt);
    addCounts(total, project.tally);
  }
  return total;
}

/** A row's language as the project's list of languages names it. */
function rowLanguageRef(t: TranslationRow): LanguageRef {
  const { language: code, languageName: name, nativeName, lang, dir, population } = t;
  return { code, name, nativeName, lang, dir, population };
}

/** Each language's sums, its rows by project and component. */
function sortLanguages(read: FirstRead): void {
  const { site } = read;
  for (const language of read.languages.values()) {
    for (const t of language.translations)
      if (site.includeGlossary || !t.glossary) addCounts(language.tally, t.tally);
    language.translationCount = language.translations.length;
    language.translations.sort(
      (a, b) =>
        compareText(a.projectName, b.projectName) || compareText(a.componentName, b.componentName),
    );
  }
}

/**
 * Each translation's whole view as its page is written, read again from the snapshot: only one
 * translation's view is in memory at a time.
 */
function* translationPages(read: FirstRead): Generator<TranslationPage> {
  const { source, site, generatedAt, text, rows, published } = read;
  // The same file read twice gives the same entries; a file replaced in between (a crawl
  // finishing into it) does not, and the site would list pages it does not have.
  const changed = (what: string) =>
    new OutputError(`the snapshot changed while the site was written (${what}); render again`);
  let at = -1;
  let row = 0;
  for (const entry of source.entries({ checked: true })) {
    at += 1;
    if (!published[at]) continue;
    const project = read.projects.get(entry.project);
    const component = read.components.get(JSON.stringify([entry.project, entry.component]));
    const was = rows[row];
    if (
      !project ||
      !component ||
      was?.project !== entry.project ||
      was.component !== entry.component ||
      was.language !== entry.language
    )
      throw changed(`entry ${at} is now ${entry.project}/${entry.component}/${entry.language}`);
    row += 1;
    yield {
      t: toView(entry, describeEntry(entry, site, generatedAt, text), true, site),
      project,
      component,
    };
  }
  if (at + 1 !== published.length || row !== rows.length)
    throw changed(`${at + 1} entries, ${published.length} before`);
}
