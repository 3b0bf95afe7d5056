import { componentLabel } from "../../config/triple.js";
import { CSV_BOM, csvRecord, type CsvCell } from "../../exports/csv.js";
import { summaryJsonSchema, type Summary } from "../../exports/summary-schema.js";
import type { FileToWrite as PlannedFile } from "../../output/write-files.js";
import { compareText, type Counts } from "../../model/counts.js";
import type { SiteOptions } from "../../config/schema.js";
import { encodePath } from "../../site/site-paths.js";
import type { SiteModel, TranslationRow, TranslationView } from "../model/site-model.js";
import { projectReach, siteReach, type ReachView } from "../model/reach.js";
import { planMetrics } from "./render-metrics.js";
import { planProjectReadmes } from "./render-readme.js";
import { shownPercent } from "./view-helpers.js";
import { measure, type Measure } from "../../model/measure.js";

// The site's numbers for other tools, beside data/snapshot.json.gz: spreadsheets
// (data/translations.csv, data/projects.csv), monitoring (data/metrics.prom), bots and browsers
// (data/summary.json and its JSON Schema), READMEs (badges/<project>/README.md). Each is written
// from the site model's rows as the file is written, in pieces: never a whole file in memory.

export const EXPORT_PATHS = {
  translations: "data/translations.csv",
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

/** What a row was in this run: a stale row shows numbers of an earlier one. */
const runStatus = (t: TranslationRow) => t.stale?.status ?? t.status;
const shownStatus = (t: TranslationRow) => (t.notStarted ? "not started" : runStatus(t));

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
];

/** "2026-10-03 08:14 UTC" as ISO 8601 ("2026-10-03T08:14Z"), which spreadsheets read as a time. */
function isoChange(shown: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})( UTC)?$/.exec(shown);
  return m ? `${m[1]}T${m[2]}${m[3] ? "Z" : ""}` : shown;
}

/**
 * A page's address as the site's links give it: its folder percent-encoded as served (a folder
 * named "sr%40latin" is "sr%2540latin"), from the site's root, or absolute with site.url.
 */
export function pageUrl(site: Pick<SiteOptions, "url">, dir: string): string {
  const base = site.url ? (site.url.endsWith("/") ? site.url : `${site.url}/`) : "";
  return base + encodePath(`${dir}/`);
}

/** The percent the site shows for some counts (one decimal, floored), by its measure. */
export function measuredPercent(counts: Counts, by: Measure): number | undefined {
  const m = measure(counts, by);
  return shownPercent(m.part, m.whole);
}

function translationRecord(t: TranslationRow | TranslationView, site: SiteOptions): string {
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
    isoChange(t.lastChange),
    t.lastAuthor,
    t.pageDir ? pageUrl(site, t.pageDir) : undefined,
  ];
  return csvRecord(cells);
}

function* translationsCsv(model: SiteModel): Generator<string> {
  yield CSV_BOM + csvRecord(TRANSLATION_COLUMNS);
  for (const project of model.projects) {
    for (const component of project.components) {
      // The component page's order is by progress; a spreadsheet diffs better by language code.
      const rows = component.translations.sort((a, b) => compareText(a.language, b.language));
      for (const t of rows) yield translationRecord(t, model.site);
    }
    for (const t of project.unexpanded) yield translationRecord(t, model.site);
  }
  for (const t of model.unpublished) yield translationRecord(t, model.site);
}

const PROJECT_COLUMNS = [
  "project",
  "name",
  "components",
  "languages",
  "translations",
  "ok",
  "invalid",
  "failed",
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
    const statuses = { ok: 0, invalid: 0, failed: 0 };
    for (const c of p.components)
      for (const t of c.translations) if (!t.notStarted) statuses[runStatus(t)] += 1;
    for (const t of p.unexpanded) statuses[runStatus(t)] += 1;
    const y = p.tally;
    yield csvRecord([
      p.project,
      p.name,
      p.components.length,
      p.languages.length,
      statuses.ok + statuses.invalid + statuses.failed,
      statuses.ok,
      statuses.invalid,
      statuses.failed,
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

const orNull = (n: number) => (Number.isNaN(n) ? null : n);
const unitCounts = (t: Counts) => ({
  strings: [t.total, t.translated, t.fuzzy, orNull(t.approved)] satisfies Summary["strings"],
  words: [
    t.totalWords,
    t.translatedWords,
    t.fuzzyWords,
    orNull(t.approvedWords),
  ] satisfies Summary["words"],
  ...(Number.isNaN(t.totalChars) || Number.isNaN(t.translatedChars)
    ? {}
    : {
        chars: [
          t.totalChars,
          t.translatedChars,
          Number.isNaN(t.fuzzyChars) ? 0 : t.fuzzyChars,
          orNull(t.approvedChars),
        ] satisfies Summary["words"],
      }),
});

const reachOf = (r: ReachView | undefined) =>
  r
    ? {
        reach: {
          threshold: r.threshold,
          population: r.population,
          share: Math.round(r.share * 10_000) / 10_000,
        },
      }
    : {};

/** data/summary.json's content: aggregates only, so its size follows projects and languages. */
export function summaryOf(model: SiteModel): Summary {
  const { counts } = model;
  const figures = (t: Counts) => ({
    percent: measuredPercent(t, model.site) ?? null,
    ...unitCounts(t),
  });
  return {
    $schema: "summary.schema.json",
    schemaVersion: 1,
    generatedAt: model.generatedAt,
    baseUrl: model.baseUrl,
    metric: model.site.metric,
    progress: model.site.progress,
    units: ["total", "translated", "fuzzy", "approved"],
    translations: {
      total: counts.total,
      ok: counts.ok,
      invalid: counts.invalid,
      failed: counts.failed,
    },
    ...figures(model.tally),
    ...reachOf(siteReach(model)),
    projects: model.projects.map((p) => ({
      slug: p.project,
      name: p.name,
      page: pageUrl(model.site, p.pageDir),
      components: p.components.length,
      languages: p.languages.length,
      ...figures(p.tally),
      ...reachOf(projectReach(p, model.site)),
    })),
    languages: model.languages.map((l) => ({
      code: l.code,
      name: l.name,
      page: pageUrl(model.site, l.pageDir),
      components: l.translations.length,
      ...(l.population === undefined ? {} : { population: l.population }),
      ...figures(l.tally),
    })),
  };
}

/** Every export file of the site. */
export function planExports(model: SiteModel): PlannedFile[] {
  return [
    { path: EXPORT_PATHS.translations, render: () => inChunks(translationsCsv(model)) },
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
