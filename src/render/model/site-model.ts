import { loadSiteLocales } from "../../i18n/site-locales.js";
import { badgeText, type BadgeText } from "./badge-text.js";
import { withoutCredentials } from "../../text/http-url.js";
import { aggregate, aggregateProject } from "./stale-summary.js";
import type { SiteOptions } from "../../config/schema.js";
import { WILDCARD } from "../../config/triple.js";
import { addCounts, byProgress, compareText, emptyCounts } from "../../model/counts.js";
import { OutputError } from "../../model/errors.js";
import { emptyTally, tallyEntry } from "../../model/tally.js";
import type { SnapshotSource } from "../../snapshot/read-snapshot.js";
import { componentDir, fileSegment, projectDir } from "../../site/site-paths.js";
import { SiteClaims } from "../../site/site-claims.js";
import { unpublishable } from "../../site/publishable.js";
import { RecentRows } from "./recent-rows.js";
import { RowStore } from "./translation-row.js";
import { RowList } from "./row-list.js";
import { Growable } from "../../snapshot/columns.js";
import { describeEntry, toView } from "./translation-view.js";
import { EvenSample } from "../budget/measure-files.js";
import { FULL_DETAIL } from "../budget/site-detail.js";
import { addNotStarted } from "./not-started.js";
import { componentView, languageView } from "./group-views.js";

// The snapshot turned into what the pages show: names instead of API spellings, counts summed,
// links checked, paths computed. Pure: the same snapshot gives the same model.

import type {
  TranslationView,
  ComponentView,
  LanguageRef,
  ProjectView,
  LanguageView,
  SiteModel,
  SitePlan,
  TranslationPage,
} from "./site-view.js";
import { must } from "../../model/must.js";
import { runSteps, STEP_ROWS, type Steps } from "../../model/steps.js";
export type {
  TranslationRow,
  TranslationView,
  ComponentView,
  LanguageRef,
  ProjectView,
  LanguageView,
  SiteModel,
  SitePlan,
  RowColumns,
  TranslationBadge,
  TranslationPage,
} from "./site-view.js";

/** Translation pages rendered to measure what the site's translation pages cost. */
export const PAGE_SAMPLE = 256;

/** `text`: the badges' words (their locale's); by default `site.badges.locale`'s shipped ones. */
export function planSiteModel(
  source: SnapshotSource,
  site: SiteOptions,
  text: BadgeText = badgeText(loadSiteLocales(site).badges, site),
): SitePlan {
  return runSteps(planSiteModelSteps(source, site, text));
}

/** planSiteModel in steps (model/steps.ts): a stop is heard between some thousand rows. */
export function* planSiteModelSteps(
  source: SnapshotSource,
  site: SiteOptions,
  text: BadgeText,
): Steps<SitePlan> {
  const generatedAt = source.header.generatedAt;
  const projects = new Map<string, ProjectView>();
  const components = new Map<string, ComponentView>();
  const languages = new Map<string, LanguageView>();
  const counts = emptyTally();
  const store = new RowStore(site);
  // A translation that gets its pages is claimed as the row it will be.
  const claims = new SiteClaims({
    translationAt: (row) => store.claimOf(row),
    locales: site.locales,
  });
  // Each component's and language's rows, by index into the store.
  const rowsOf = store.lists;
  // Made as objects when a page asks, once for the lists asked for last (recent-rows.ts).
  const recent = new RecentRows();
  const rowsFrom = (indexes: RowList) => () => recent.get(indexes, () => store.rows(indexes));
  const unpublished: TranslationView[] = [];
  const pageSample = new EvenSample<TranslationPage>(PAGE_SAMPLE);
  // Which entries (by position) have pages: read again, in the same order, by translationPages.
  const published = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));
  let index = -1;
  for (const read of source.entries()) {
    index += 1;
    if (index % STEP_ROWS === 0) yield;
    published.push(0);
    const clash = claims.claim(read, store.count);
    const entry = clash ? unpublishable(read, clash) : read;
    tallyEntry(counts, entry);
    const parts = describeEntry(entry, site, generatedAt, text);
    // A failed */*/* (or */*/l) is no project's: listed with what cannot have pages.
    if (clash || entry.project === WILDCARD) {
      unpublished.push(toView(entry, parts, false, site));
      continue;
    }
    let project = projects.get(entry.project);
    if (!project) {
      project = {
        project: entry.project,
        name: entry.project,
        components: [],
        unexpanded: [],
        languages: [],
        tally: emptyCounts(),
        badge: text.noData(),
        pageDir: projectDir(entry.project, site),
        badgeBase: `badges/${projectDir(entry.project, site)}`,
      };
      projects.set(entry.project, project);
    }
    if (parts.status === "ok") project.name = parts.projectName;
    if (entry.component === WILDCARD || entry.language === WILDCARD) {
      project.unexpanded.push(toView(entry, parts, true, site));
      continue;
    }
    const componentKey = JSON.stringify([entry.project, entry.component]);
    let component = components.get(componentKey);
    if (!component) {
      const dir = `${project.pageDir}/${componentDir(entry.component)}`;
      const indexes = new RowList();
      component = componentView(project, entry.component, parts.componentName, dir, {
        store,
        indexes,
        rows: rowsFrom(indexes),
      });
      rowsOf.set(component, indexes);
      project.components.push(component);
      components.set(componentKey, component);
    }
    if (parts.status === "ok")
      Object.assign(component, {
        name: parts.componentName,
        glossary: parts.glossary,
        counted: site.includeGlossary || !parts.glossary,
        sourceLanguage: parts.sourceLanguage,
      });
    const row = store.add(parts, component.pageDir, fileSegment(entry.language));
    must(rowsOf.get(component)).push(row);
    let language = languages.get(entry.language);
    if (!language) {
      const indexes = new RowList();
      const segment = fileSegment(entry.language);
      language = languageView(entry.language, parts.lang, parts.dir, segment, {
        indexes,
        rows: rowsFrom(indexes),
      });
      rowsOf.set(language, indexes);
      languages.set(entry.language, language);
    }
    if (parts.status === "ok")
      Object.assign(language, {
        name: parts.languageName,
        nativeName: parts.nativeName,
        dir: parts.dir,
        population: parts.population,
      });
    must(rowsOf.get(language)).push(row);
    published.set(index, 1);
    const owner = { project, component };
    pageSample.offer(() => ({ t: toView(entry, parts, true, site), ...owner }));
  }
  const translations = store.count;
  if (site.notStarted)
    addNotStarted(store, projects.values(), (c) => must(rowsOf.get(c)), site, text);
  // Every row is in its lists: their room for more goes (a fifth to a half of 12 MB at 1,000,000).
  for (const list of rowsOf.values()) list.settle();
  const total = emptyCounts();
  for (const project of projects.values()) {
    yield;
    for (const component of project.components) {
      // Not-started rows are shown, not counted: the totals are what the server counts.
      for (const i of must(rowsOf.get(component)))
        if (!store.isNotStarted(i)) addCounts(component.tally, store.tally(i));
      // Most translated first, in place (the view's rows are read from this list).
      const rows = must(rowsOf.get(component));
      const byName = (i: number) => store.languageName(i);
      rows.reorder(byProgress(rows, (i) => store.progress(i), byName));
      Object.assign(component, aggregate(rows, store, component.tally, site, text, generatedAt));
      if (component.counted) addCounts(project.tally, component.tally);
    }
    // The project's languages: those with numbers (a triple that failed, say a typo of a code,
    // is shown as a failure of its component, not as a language the project has).
    const seen = new Map<string, LanguageRef>();
    for (const c of project.components)
      for (const i of must(rowsOf.get(c)))
        if (store.hasTally(i)) seen.set(store.languageCode(i), store.languageRef(i));
    project.languages = [...seen.values()].sort((a, b) => compareText(a.name, b.name));
    aggregateProject(project, (c) => must(rowsOf.get(c)), store, site, text, generatedAt);
    addCounts(total, project.tally);
  }
  for (const language of languages.values()) {
    yield;
    const indexes = must(rowsOf.get(language));
    for (const i of indexes)
      if (site.includeGlossary || !store.names(i).glossary)
        addCounts(language.tally, store.tally(i));
    indexes.reorder(
      Array.from(indexes).sort(
        (a, b) =>
          compareText(store.names(a).projectName, store.names(b).projectName) ||
          compareText(store.names(a).componentName, store.names(b).componentName),
      ),
    );
  }
  // Rows made while the lists were sorted are in their old order.
  recent.clear();
  const model: SiteModel = {
    // The configured title; each locale's own word for "Translation status" without one.
    title: site.title ?? "",
    generatedAt,
    baseUrl: withoutCredentials(source.header.source.baseUrl),
    counts,
    tally: total,
    projects: [...projects.values()],
    languages: [...languages.values()]
      .filter((l) =>
        must(rowsOf.get(l))
          .view()
          .some((i) => store.hasTally(i)),
      )
      .sort((a, b) => compareText(a.name, b.name)),
    unpublished,
    site,
    detail: FULL_DETAIL,
    badgeText: text,
    findRow: (key) => {
      // Slugs and language codes hold no "/" (a component in categories is spelled with %2F).
      const first = key.indexOf("/");
      const last = key.lastIndexOf("/");
      const component =
        first > 0 && last > first
          ? components.get(JSON.stringify([key.slice(0, first), key.slice(first + 1, last)]))
          : undefined;
      const language = key.slice(last + 1);
      const row =
        component &&
        must(rowsOf.get(component))
          .view()
          .find((i) => i < translations && store.languageCode(i) === language);
      return row === undefined ? undefined : store.row(row);
    },
    rows: store,
  };
  const entries = index + 1;
  function* translationPages(): Generator<TranslationPage> {
    // The same file read twice gives the same entries; a file replaced in between (a crawl
    // finishing into it) does not, and the site would list pages it does not have.
    const changed = (what: string) =>
      new OutputError(`the snapshot changed while the site was written (${what}); render again`);
    let at = -1;
    let row = 0;
    for (const entry of source.entries({ checked: true })) {
      at += 1;
      if (at >= published.length || published.get(at) === 0) continue;
      const project = projects.get(entry.project);
      const component = components.get(JSON.stringify([entry.project, entry.component]));
      if (!project || !component || !store.isOf(row, entry))
        throw changed(`entry ${at} is now ${entry.project}/${entry.component}/${entry.language}`);
      row += 1;
      yield {
        t: toView(entry, describeEntry(entry, site, generatedAt, text), true, site),
        project,
        component,
      };
    }
    if (at + 1 !== entries || row !== translations)
      throw changed(`${at + 1} entries, ${entries} before`);
  }
  // Claimed beside the site's, never changing them: the removed ones' files come after.
  const elsewhere = new SiteClaims({ base: claims });
  return {
    model,
    translationPages,
    pageSample,
    // Not-started rows (after the translations' own) have no badge.
    badgeUses: () => store.badgeUses(translations),
    *translationBadges() {
      for (let i = 0; i < translations; i++) yield store.badgeOf(i);
    },
    rowCount: (view) => rowsOf.get(view)?.length ?? 0,
    claimElsewhere: (triple) => elsewhere.claim(triple),
    endClaims: () => elsewhere.close(),
  };
}

export { MAX_DISPLAY_CHARS } from "../../weblate/record-view.js";
export { formatTimestamp } from "./translation-view.js";
