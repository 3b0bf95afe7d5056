import { gaugeHeader, OPENMETRICS_EOF, sample, type Labels } from "../../exports/openmetrics.js";
import { compareText, type Counts } from "../../model/counts.js";
import type { SiteModel } from "../model/site-model.js";
import { componentLabel } from "../../config/triple.js";

// data/metrics.prom: the site's numbers for a Prometheus or VictoriaMetrics scrape of the
// published site. Counts per project, component and language (the site's aggregates); per
// translation only its progress as a ratio, one line, as a site may have 100,000 of them.
// Labels are the slugs and codes (never names), escaped as OpenMetrics asks.

const PREFIX = "l10n";

/** The counts each aggregate level carries: family suffix, HELP text, the count. */
const COUNTS: readonly [suffix: string, help: string, of: (t: Counts) => number][] = [
  ["strings", "Strings (source units) to translate", (t) => t.total],
  ["translated_strings", "Translated strings", (t) => t.translated],
  ["fuzzy_strings", "Strings needing review (fuzzy)", (t) => t.fuzzy],
  ["failing_check_strings", "Strings failing quality checks", (t) => t.failingChecks],
  ["words", "Words of the source strings to translate", (t) => t.totalWords],
  ["translated_words", "Words translated", (t) => t.translatedWords],
  ["fuzzy_words", "Words needing review (fuzzy)", (t) => t.fuzzyWords],
];

const ratio = (t: Counts | undefined): number | undefined =>
  t && t.total > 0 ? t.translated / t.total : undefined;

interface Group {
  labels: Labels;
  tally: Counts;
}

/** The families of one level: each count, then the ratio the site shows. */
function* level(name: string, what: string, groups: () => Iterable<Group>): Generator<string> {
  for (const [suffix, help, of] of COUNTS) {
    const family = `${PREFIX}_${name}_${suffix}`;
    yield gaugeHeader(family, `${help}, per ${what}.`);
    for (const g of groups()) yield sample(family, g.labels, of(g.tally));
  }
  const family = `${PREFIX}_${name}_translated_strings_ratio`;
  yield gaugeHeader(family, `Share of strings translated (0 to 1), per ${what}.`, "ratio");
  for (const g of groups()) {
    const r = ratio(g.tally);
    if (r !== undefined) yield sample(family, g.labels, r);
  }
}

/** The file's lines, in order. */
export function* planMetrics(model: SiteModel): Generator<string> {
  yield gaugeHeader(
    `${PREFIX}_snapshot_timestamp_seconds`,
    "When the numbers were fetched from Weblate (Unix time).",
    "seconds",
  );
  yield sample(`${PREFIX}_snapshot_timestamp_seconds`, [], Date.parse(model.generatedAt) / 1000);
  const byStatus = `${PREFIX}_tracked_translations`;
  yield gaugeHeader(byStatus, "Tracked translations by the status this run found.");
  for (const status of ["ok", "invalid", "failed"] as const)
    yield sample(byStatus, [["status", status]], model.counts[status]);

  yield* level("project", "project", function* () {
    for (const p of model.projects) yield { labels: [["project", p.project]], tally: p.tally };
  });
  yield* level("component", "component", function* () {
    for (const p of model.projects)
      for (const c of p.components)
        yield {
          labels: [
            ["project", p.project],
            ["component", componentLabel(c.component)],
          ],
          tally: c.tally,
        };
  });
  yield* level("language", "language over every tracked component", function* () {
    for (const l of model.languages) yield { labels: [["language", l.code]], tally: l.tally };
  });
  const family = `${PREFIX}_translation_translated_strings_ratio`;
  yield gaugeHeader(
    family,
    "Share of strings translated (0 to 1), per translation; last known numbers for a stale one.",
    "ratio",
  );
  for (const p of model.projects)
    for (const c of p.components)
      for (const t of c.translations.sort((a, b) => compareText(a.language, b.language))) {
        const r = ratio(t.tally);
        if (r === undefined) continue;
        yield sample(
          family,
          [
            ["project", t.project],
            ["component", componentLabel(t.component)],
            ["language", t.language],
          ],
          r,
        );
      }
  yield OPENMETRICS_EOF;
}
