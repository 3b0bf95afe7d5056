import type { Summary } from "../../exports/summary-schema.js";
import type { Counts } from "../../model/counts.js";
import { measure, type Measure } from "../../model/measure.js";
import type { SiteModel } from "../model/site-model.js";
import { projectReach, siteReach, type ReachView } from "../model/reach.js";
import { shownPercent } from "./view-helpers.js";

// data/summary.json: the site's aggregates for bots and browsers (render-exports.ts plans it).

/** The percent the site shows for some counts (one decimal, floored), by its measure. */
export function measuredPercent(counts: Counts, by: Measure): number | undefined {
  const m = measure(counts, by);
  return shownPercent(m.part, m.whole);
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
      page: `${p.pageDir}/`,
      components: p.components.length,
      languages: p.languages.length,
      ...figures(p.tally),
      ...reachOf(projectReach(p, model.site)),
    })),
    languages: model.languages.map((l) => ({
      code: l.code,
      name: l.name,
      page: `${l.pageDir}/`,
      components: l.translations.length,
      ...(l.population === undefined ? {} : { population: l.population }),
      ...figures(l.tally),
    })),
  };
}
