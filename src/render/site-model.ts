import { errorBadge, progressBadge, type BadgeData } from "../badges/badge-data.js";
import type { SiteOptions } from "../config/schema.js";
import { componentPathParts, WILDCARD } from "../config/triple.js";
import { failureBadgeText } from "../model/failure.js";
import { countEntry, type Problem, type SnapshotCounts, type SnapshotEntry } from "../snapshot/snapshot.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { languageTag, nativeName } from "./language-names.js";
import { componentDir, fileSegment } from "./site-paths.js";
import { staleAge, staleBadge } from "../badges/stale-badge.js";
import { SiteClaims } from "./site-claims.js";
import { clipSlug, recordView } from "./record-view.js";

// The snapshot turned into what the pages show: names instead of API spellings, counts summed,
// links checked, paths computed. Pure: the same snapshot gives the same model.

import type { Tally, TranslationView, ComponentView, LanguageRef, ProjectView, LanguageView, SiteModel } from "./site-view.js";
export type { Tally, TranslationView, ComponentView, LanguageRef, ProjectView, LanguageView, SiteModel } from "./site-view.js";


const emptyTally = (): Tally => ({ total: 0, translated: 0, fuzzy: 0, failingChecks: 0, suggestions: 0, comments: 0, totalWords: 0, translatedWords: 0, fuzzyWords: 0, failingChecksWords: 0 });

function addTally(into: Tally, t: Tally | undefined): Tally {
  if (t) for (const key of Object.keys(into) as (keyof Tally)[]) into[key] += t[key];
  return into;
}

/** The model of the site, built in one pass over the entries: only the views are kept, not the records. */
export function buildSiteModel(source: SnapshotSource, site: SiteOptions): SiteModel {
  const projects = new Map<string, ProjectView>();
  const languages = new Map<string, LanguageView>();
  const counts: SnapshotCounts = { total: 0, ok: 0, withWarnings: 0, withNotes: 0, invalid: 0, failed: 0 };
  const claims = new SiteClaims();
  const unpublished: TranslationView[] = [];
  for (const read of source.entries()) {
    const clash = claims.claim(read);
    const entry = clash ? unpublishable(read, clash) : read;
    countEntry(counts, entry);
    const v = toView(entry, site, source.header.generatedAt, !clash);
    if (clash) {
      unpublished.push(v);
      continue;
    }
    let project = projects.get(v.project);
    if (!project) {
      project = { project: v.project, name: v.project, components: [], unexpanded: [], languages: [], tally: emptyTally(), badge: errorBadge(site.badgeLabel, "no data"), pageDir: fileSegment(v.project), badgeBase: `badges/${fileSegment(v.project)}` };
      projects.set(v.project, project);
    }
    if (v.status === "ok") project.name = v.projectName;
    if (v.component === WILDCARD || v.language === WILDCARD) {
      project.unexpanded.push(v);
      continue;
    }
    let component = project.components.find((c) => c.component === v.component);
    if (!component) {
      const dir = `${project.pageDir}/${componentDir(v.component)}`;
      component = { project: v.project, component: v.component, name: v.componentName, translations: [], tally: emptyTally(), badge: project.badge, pageDir: dir, badgeBase: `badges/${dir}`, glossary: false, counted: true };
      project.components.push(component);
    }
    if (v.status === "ok") Object.assign(component, { name: v.componentName, glossary: v.glossary, counted: site.includeGlossary || !v.glossary });
    component.translations.push(v);
    let language = languages.get(v.language);
    if (!language) {
      language = { code: v.language, name: v.language, lang: v.lang, dir: v.dir, translations: [], tally: emptyTally(), pageDir: `languages/${fileSegment(v.language)}` };
      languages.set(v.language, language);
    }
    if (v.status === "ok") Object.assign(language, { name: v.languageName, nativeName: v.nativeName, dir: v.dir });
    language.translations.push(v);
  }
  const total = emptyTally();
  for (const project of projects.values()) {
    for (const component of project.components) {
      for (const t of component.translations) addTally(component.tally, t.tally);
      component.translations.sort(byProgress);
      component.badge = aggregateBadge(component.translations, component.tally, site);
      if (component.counted) addTally(project.tally, component.tally);
    }
    const seen = new Map<string, LanguageRef>();
    for (const t of project.components.flatMap((c) => c.translations)) seen.set(t.language, { code: t.language, name: t.languageName, nativeName: t.nativeName, lang: t.lang, dir: t.dir });
    project.languages = [...seen.values()].sort((a, b) => compareText(a.name, b.name));
    project.badge = aggregateBadge(project.components.filter((c) => c.counted).flatMap((c) => c.translations), project.tally, site);
    addTally(total, project.tally);
  }
  for (const language of languages.values()) {
    for (const t of language.translations) if (site.includeGlossary || !t.glossary) addTally(language.tally, t.tally);
    language.translations.sort((a, b) => compareText(a.projectName, b.projectName) || compareText(a.componentName, b.componentName));
  }
  return {
    title: site.title,
    generatedAt: source.header.generatedAt,
    baseUrl: withoutCredentials(source.header.source.baseUrl),
    counts,
    tally: total,
    projects: [...projects.values()],
    languages: [...languages.values()].sort((a, b) => compareText(a.name, b.name)),
    unpublished,
    site,
  };
}

/** Highest translated percent first, ties by language name; then those with no strings; unusable entries last. */
export function byProgress(a: TranslationView, b: TranslationView): number {
  return progressKey(b) - progressKey(a) || compareText(a.languageName, b.languageName);
}

const progressKey = (t: TranslationView) => t.percent ?? (t.empty ? -0.5 : -1);

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function aggregateBadge(translations: TranslationView[], tally: Tally, site: SiteOptions): BadgeData {
  if (!translations.some((t) => t.status === "ok")) return errorBadge(site.badgeLabel, "no data");
  return progressBadge(site.badgeLabel, tally.translated, tally.total, site.thresholds);
}

export { MAX_DISPLAY_CHARS } from "./record-view.js";

/** The component's name; for a component inside categories, after its category path ("docs / Usage"). */
function componentDisplayName(path: string, name: string | undefined): string {
  const parts = componentPathParts(path);
  return [...parts.slice(0, -1), name ?? clipSlug(parts.at(-1)!)].join(" / ");
}

/** An entry that cannot have pages, as an invalid one saying why (once: a snapshot `crawl` wrote says so already). */
function unpublishable(entry: SnapshotEntry, why: string): SnapshotEntry {
  const { record: _record, ...rest } = entry;
  const said = entry.errors.some((e) => e.path === SITE_PROBLEM_PATH);
  return { ...rest, status: "invalid", errors: said ? entry.errors : [...entry.errors, { path: SITE_PROBLEM_PATH, message: why }] };
}

/** The problem path of an entry that cannot be put on the site. */
export const SITE_PROBLEM_PATH = "(site)";

/** A snapshot written by hand may name a server with a password in its address: never shown. */
function withoutCredentials(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (url.username === "" && url.password === "") return baseUrl;
    url.username = "";
    url.password = "";
    return url.href.replace(/\/$/, "");
  } catch {
    return baseUrl.replace(/\/\/[^/@]*@/, "//");
  }
}

function toView(entry: SnapshotEntry, site: SiteOptions, generatedAt: string, publishable = true): TranslationView {
  const carried = entry.status !== "ok" ? entry.carried : undefined;
  const record = recordView(entry.record ?? carried?.record);
  const { component, language } = record;
  const ok = entry.status === "ok" || carried !== undefined;
  const tally: Tally | undefined = ok
    ? {
        total: record.total, translated: record.translated, fuzzy: record.fuzzy, failingChecks: record.failing_checks,
        suggestions: record.have_suggestion, comments: record.have_comment, totalWords: record.total_words,
        translatedWords: record.translated_words, fuzzyWords: record.fuzzy_words, failingChecksWords: record.failing_checks_words,
      }
    : undefined;
  const explicit = publishable && entry.component !== WILDCARD && entry.language !== WILDCARD;
  const dir = explicit ? `${fileSegment(entry.project)}/${componentDir(entry.component)}/${fileSegment(entry.language)}` : "";
  const view: TranslationView = {
    project: entry.project,
    component: entry.component,
    language: entry.language,
    status: ok ? "ok" : entry.status,
    projectName: component.project.name ?? clipSlug(entry.project),
    componentName: componentDisplayName(entry.component, component.name),
    languageName: language.name ?? clipSlug(entry.language),
    nativeName: nativeName(entry.language, language.name ?? clipSlug(entry.language)),
    lang: languageTag(entry.language),
    dir: language.direction === "rtl" ? "rtl" : "ltr",
    tally,
    percent: tally && tally.total > 0 ? (tally.translated * 100) / tally.total : undefined,
    empty: tally?.total === 0,
    glossary: component.is_glossary,
    lastChange: formatTimestamp(record.last_change),
    lastAuthor: record.last_author,
    links: { web: record.web_url, translate: record.translate_url, share: record.share_url },
    filename: record.filename,
    revision: record.revision,
    errors: entry.errors,
    warnings: entry.warnings,
    badge: ok ? progressBadge(site.badgeLabel, tally!.translated, tally!.total, site.thresholds) : errorBadge(site.badgeLabel, failureText(entry)),
    pageDir: dir,
    badgeBase: dir ? `badges/${dir}` : "",
  };
  if (carried && view.badge) {
    const age = staleAge(carried.asOf, generatedAt);
    view.stale = { asOf: carried.asOf, since: carried.since, age, status: entry.status as "failed" | "invalid" };
    view.badge = staleBadge(view.badge, carried.asOf, generatedAt);
  }
  return view;
}

function failureText(entry: SnapshotEntry): string {
  if (entry.status === "invalid") return "invalid";
  return failureBadgeText(entry.failure?.kind);
}

/** `2026-10-03 08:14 UTC` for a zoned timestamp, `2016-03-07 10:20` for one without a zone. */
export function formatTimestamp(value: unknown): string {
  if (typeof value !== "string") return "";
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]00:?00)?$/.exec(value) ?? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  if (!match) return "";
  // Already in UTC: no date arithmetic needed.
  if (match[3]) return `${match[1]} ${match[2]} UTC`;
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return `${match[1]} ${match[2]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return `${match[1]} ${match[2]}`;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}
