import { componentLabel } from "../../config/triple.js";
import { CSV_BOM, csvRecord, type CsvCell } from "../../exports/csv.js";
import { summaryJsonSchema } from "../../exports/summary-schema.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import { inCodeOrder } from "../model/project-rows.js";
import type { SiteOptions } from "../../config/schema.js";
import type { Counts } from "../../model/counts.js";
import type {
  ProjectView,
  SiteModel,
  TranslationRow,
  TranslationView,
} from "../model/site-view.js";
import { planMetrics } from "./render-metrics.js";
import { planProjectReadmes } from "./render-readme.js";
import { measuredPercent, siteUrl, summaryOf } from "./render-summary.js";
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
const shownStatus = (t: TranslationRow | TranslationView) =>
  t.notStarted ? "not started" : t.stale ? "stale" : t.status;

type Row = TranslationRow | TranslationView;
type Column<T> = readonly [name: string, cell: (t: T) => CsvCell];

/** data/translations.csv's columns: a name and the cell of a row (`pages`: translation pages). */
const translationColumns = (site: SiteOptions, pages: boolean): Column<Row>[] => [
  ["project", (t) => t.project],
  ["component", (t) => componentLabel(t.component)],
  ["language", (t) => t.language],
  ["project_name", (t) => t.projectName],
  ["component_name", (t) => t.componentName],
  ["language_name", (t) => t.languageName],
  ["status", shownStatus],
  ["stale_as_of", (t) => t.stale?.asOf],
  ["percent", (t) => t.tally && measuredPercent(t.tally, site)],
  ...tallyColumns<Row>((t) => t.tally, true),
  // ISO 8601, which spreadsheets read as a time.
  ["last_change", (t) => isoTime(t.lastChange) ?? t.lastChange],
  ["last_author", (t) => t.lastAuthor],
  ["page", (t) => (t.pageDir ? siteUrl(site, translationAddress(t.pageDir, pages)) : undefined)],
  ["translate_url", (t) => t.links.translate],
];

/** The columns of some counts; `notes`: with suggestions and comments (a translation's). */
function tallyColumns<T>(of: (t: T) => Counts | undefined, notes: boolean): Column<T>[] {
  const count = (name: string, key: keyof Counts): Column<T> => [name, (t) => of(t)?.[key]];
  return [
    count("total", "total"),
    count("translated", "translated"),
    count("fuzzy", "fuzzy"),
    count("failing_checks", "failingChecks"),
    ...(notes ? [count("suggestions", "suggestions"), count("comments", "comments")] : []),
    count("total_words", "totalWords"),
    count("translated_words", "translatedWords"),
    count("fuzzy_words", "fuzzyWords"),
    count("total_chars", "totalChars"),
    count("translated_chars", "translatedChars"),
    count("approved", "approved"),
    count("approved_words", "approvedWords"),
    count("approved_chars", "approvedChars"),
  ];
}

/** A CSV file: its header, then a record per row. */
function* csv<T>(columns: readonly Column<T>[], rows: Iterable<T>): Generator<string> {
  yield CSV_BOM + csvRecord(columns.map(([name]) => name));
  for (const row of rows) yield csvRecord(columns.map(([, cell]) => cell(row)));
}

function* translationRows(model: SiteModel): Generator<Row> {
  // The component page's order is by progress; a spreadsheet diffs better by language code.
  for (const project of model.projects)
    for (const component of project.components) yield* inCodeOrder(component);
  // A failed list is no translation: the rows it left stale are above, the list is not a row.
  for (const t of model.unpublished) if (!isListEntry(t)) yield t;
}

const translationsCsv = (model: SiteModel) =>
  csv(translationColumns(model.site, model.detail.translationPages), translationRows(model));

/** A project's row: its translations by state, then its counts. */
function projectRecord(p: ProjectView) {
  const states = { ok: 0, stale: 0, failed: 0, invalid: 0, warnings: 0 };
  for (const c of p.components)
    for (const t of c.translations) {
      if (t.notStarted) continue;
      states[t.stale ? "stale" : t.status] += 1;
      if (t.warned) states.warnings += 1;
    }
  return { p, ...states, translations: states.ok + states.stale + states.failed + states.invalid };
}

type ProjectRecord = ReturnType<typeof projectRecord>;

const projectColumns = (site: SiteOptions): Column<ProjectRecord>[] => [
  ["project", (r) => r.p.project],
  ["name", (r) => r.p.name],
  ["components", (r) => r.p.components.length],
  ["languages", (r) => r.p.languages.length],
  ["translations", (r) => r.translations],
  ["ok", (r) => r.ok],
  ["warnings", (r) => r.warnings],
  ["stale", (r) => r.stale],
  ["failed", (r) => r.failed],
  ["invalid", (r) => r.invalid],
  ["percent", (r) => measuredPercent(r.p.tally, site)],
  ...tallyColumns<ProjectRecord>((r) => r.p.tally, false),
  ["page", (r) => siteUrl(site, `${r.p.pageDir}/`)],
];

const projectsCsv = (model: SiteModel) =>
  csv(projectColumns(model.site), model.projects.map(projectRecord));

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
