import type { Summary } from "../../exports/summary-schema.js";
import type { Counts } from "../../model/counts.js";
import { measure, type Measure } from "../../model/measure.js";
import type { SiteModel } from "../model/site-view.js";
import { projectReach, siteReach, type ReachView } from "../model/reach.js";
import type { SiteOptions } from "../../config/schema.js";
import { encodePath } from "../../site/site-paths.js";
import { siteBase } from "./embeds.js";

/**
 * A path of the site as its links give it: percent-encoded as served (a folder named "sr%40latin"
 * is "sr%2540latin"), from the site's root, or absolute with site.url.
 */
export function siteUrl(site: Pick<SiteOptions, "url">, path: string): string {
  return (site.url ? siteBase(site) : "") + encodePath(path);
}

// data/summary.json: the site's aggregates for bots and browsers (render-exports.ts plans it).

/**
 * The percent the site shows for some counts by its measure, as a page shows it
 * (LocaleFormat#percent: one decimal, floored; 100 only when complete; 0.1 for something done):
 * what the exports write too. Undefined for a total of 0.
 */
export function measuredPercent(counts: Counts, by: Measure): number | undefined {
  const { part, whole } = measure(counts, by);
  if (whole <= 0) return undefined;
  if (part >= whole) return 100;
  const value = Math.floor((part * 1000) / whole) / 10;
  return value === 0 && part > 0 ? 0.1 : value;
}

const orNull = (n: number) => (Number.isNaN(n) ? null : n);
const unitCounts = (t: Counts): Pick<Summary, "strings" | "words" | "chars"> => ({
  strings: [t.total, t.translated, t.fuzzy, orNull(t.approved)],
  words: [t.totalWords, t.translatedWords, t.fuzzyWords, orNull(t.approvedWords)],
  ...(Number.isNaN(t.totalChars) || Number.isNaN(t.translatedChars)
    ? {}
    : {
        chars: [
          t.totalChars,
          t.translatedChars,
          Number.isNaN(t.fuzzyChars) ? 0 : t.fuzzyChars,
          orNull(t.approvedChars),
        ],
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
      total: counts.tracked,
      ok: counts.ok,
      warnings: counts.warnings,
      invalid: counts.invalid,
      failed: counts.failed,
      stale: counts.stale,
      removed: counts.removed,
      failedLists: counts.failedLists,
    },
    ...figures(model.tally),
    ...reachOf(siteReach(model)),
    projects: model.projects.map((p) => ({
      slug: p.project,
      name: p.name,
      page: siteUrl(model.site, `${p.pageDir}/`),
      components: p.components.length,
      languages: p.languages.length,
      ...figures(p.tally),
      ...reachOf(projectReach(p, model.site)),
    })),
    languages: model.languages.map((l) => ({
      code: l.code,
      name: l.name,
      page: siteUrl(model.site, `${l.pageDir}/`),
      components: l.translations.length,
      ...(l.population === undefined ? {} : { population: l.population }),
      ...figures(l.tally),
    })),
  };
}
