import { componentLabel } from "../../config/triple.js";
import { CSV_BOM, csvRecord, type CsvCell } from "../../exports/csv.js";
import { summaryJsonSchema } from "../../exports/summary-schema.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import { inCodeOrder } from "../model/project-rows.js";
import type { SiteOptions } from "../../config/schema.js";
import type { SiteModel, TranslationRow, TranslationView } from "../model/site-view.js";
import { planMetrics } from "./render-metrics.js";
import { planProjectReadmes } from "./render-readme.js";
import { measuredPercent, pageUrl, siteUrl, summaryOf } from "./render-summary.js";
import { translationAddress } from "../../site/site-paths.js";
import { isoTime } from "../model/translation-view.js";
import { isListEntry } from "../../model/tally.js";
import { gzipMembers } from "../../snapshot/packed-snapshot.js";
import type { SiteDetail } from "../budget/site-detail.js";

// The site's numbers for other tools, beside data/snapshot.json.gz: spreadsheets
// (data/translations.csv, data/projects.csv), monitoring (data/metrics.prom), bots and browsers
// (data/summary.json and its JSON Schema), READMEs (badges/<project>/README.md). Each is written
// from the site model's rows as the file is written, in pieces: never a whole file in memory.

export const EXPORT_PATHS = {
  translations: "data/translations.csv",
  /** translations.csv gzip-compressed, instead of it on a site over its budget (site.maxBytes). */
  translationsGz: "data/translations.csv.gz",
  projects: "data/projects.csv",
  metrics: "data/metrics.prom",
  summary: "data/summary.json",
  summarySchema: "data/summary.schema.json",
} as const;

const CHUNK = 1 << 16;

/** Text made in small pieces, handed on in pieces of about 64 KB. */
export function* inChunks(pieces: Iterable<string>): Generator<string> {
  let buffer = "";
  for (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= CHUNK) {
      yield buffer;
      buffer = "";
    }
  }
  if (buffer) yield buffer;
}

/** A row's state (model/tally.ts): "stale" when it shows numbers of an earlier run. */
const shownStatus = (t: TranslationRow) =>
  t.notStarted ? "not started" : t.stale ? "stale" : t.status;

const TRANSLATION_COLUMNS = [
  "project",
  "component",
  "language",
  "project_name",
  "component_name",
  "language_name",
  "status",
  "stale_as_of",
  "percent",
  "total",
  "translated",
  "fuzzy",
  "failing_checks",
  "suggestions",
  "comments",
  "total_words",
  "translated_words",
  "fuzzy_words",
  "total_chars",
  "translated_chars",
  "approved",
  "approved_words",
  "approved_chars",
  "last_change",
  "last_author",
  "page",
  "translate_url",
];

function translationRecord(
  t: TranslationRow | TranslationView,
  site: SiteOptions,
  pages: boolean,
): string {
  const y = t.tally;
  const cells: CsvCell[] = [
    t.project,
    componentLabel(t.component),
    t.language,
    t.projectName,
    t.componentName,
    t.languageName,
    shownStatus(t),
    t.stale?.asOf,
    y ? measuredPercent(y, site) : undefined,
    y?.total,
    y?.translated,
    y?.fuzzy,
    y?.failingChecks,
    y?.suggestions,
    y?.comments,
    y?.totalWords,
    y?.translatedWords,
    y?.fuzzyWords,
    y?.totalChars,
    y?.translatedChars,
    y?.approved,
    y?.approvedWords,
    y?.approvedChars,
    // ISO 8601, which spreadsheets read as a time.
    isoTime(t.lastChange) ?? t.lastChange,
    t.lastAuthor,
    t.pageDir ? siteUrl(site, translationAddress(t.pageDir, pages)) : undefined,
    t.links.translate,
  ];
  return csvRecord(cells);
}

function* translationsCsv(model: SiteModel): Generator<string> {
  const pages = model.detail.translationPages;
  const record = (t: TranslationRow | TranslationView) => translationRecord(t, model.site, pages);
  yield CSV_BOM + csvRecord(TRANSLATION_COLUMNS);
  for (const project of model.projects) {
    for (const component of project.components) {
      // The component page's order is by progress; a spreadsheet diffs better by language code.
      for (const t of inCodeOrder(component)) yield record(t);
    }
  }
  // A failed list is no translation: the rows it left stale are above, the list is not a row.
  for (const t of model.unpublished) if (!isListEntry(t)) yield record(t);
}

const PROJECT_COLUMNS = [
  "project",
  "name",
  "components",
  "languages",
  "translations",
  "ok",
  "stale",
  "failed",
  "invalid",
  "percent",
  "total",
  "translated",
  "fuzzy",
  "failing_checks",
  "total_words",
  "translated_words",
  "fuzzy_words",
  "total_chars",
  "translated_chars",
  "approved",
  "approved_words",
  "approved_chars",
  "page",
];

function* projectsCsv(model: SiteModel): Generator<string> {
  yield CSV_BOM + csvRecord(PROJECT_COLUMNS);
  for (const p of model.projects) {
    const states = { ok: 0, stale: 0, failed: 0, invalid: 0 };
    for (const c of p.components)
      for (const t of c.translations) if (!t.notStarted) states[t.stale ? "stale" : t.status] += 1;
    const y = p.tally;
    yield csvRecord([
      p.project,
      p.name,
      p.components.length,
      p.languages.length,
      states.ok + states.stale + states.failed + states.invalid,
      states.ok,
      states.stale,
      states.failed,
      states.invalid,
      measuredPercent(y, model.site),
      y.total,
      y.translated,
      y.fuzzy,
      y.failingChecks,
      y.totalWords,
      y.translatedWords,
      y.fuzzyWords,
      y.totalChars,
      y.translatedChars,
      y.approved,
      y.approvedWords,
      y.approvedChars,
      pageUrl(model.site, p.pageDir),
    ]);
  }
}

/**
 * Whether the site has the export at `path` at its detail: data/translations.csv, or on a site
 * over its budget data/translations.csv.gz (render/budget/site-detail.ts).
 */
export function hasExport(path: string, detail: SiteDetail): boolean {
  if (path === EXPORT_PATHS.translations) return detail.exports === "full";
  if (path === EXPORT_PATHS.translationsGz) return detail.exports === "compact";
  return true;
}

/** Every export file the site may have (hasExport says which it has). */
export function planExports(model: SiteModel): PlannedFile[] {
  return [
    { path: EXPORT_PATHS.translations, render: () => inChunks(translationsCsv(model)) },
    // Compressed member by member as it is measured and as it is written (twice, some seconds at
    // a million translations): never whole in memory (21.8 MB at a million, held with its copy).
    {
      path: EXPORT_PATHS.translationsGz,
      render: () => gzipMembers(inChunks(translationsCsv(model))),
    },
    { path: EXPORT_PATHS.projects, render: () => inChunks(projectsCsv(model)) },
    { path: EXPORT_PATHS.metrics, render: () => inChunks(planMetrics(model)) },
    { path: EXPORT_PATHS.summary, render: () => `${JSON.stringify(summaryOf(model))}\n` },
    {
      path: EXPORT_PATHS.summarySchema,
      render: () => `${JSON.stringify(summaryJsonSchema(), null, 2)}\n`,
    },
    ...planProjectReadmes(model),
  ];
}
