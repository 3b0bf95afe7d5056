import { gaugeHeader, OPENMETRICS_EOF, sample, type Labels } from "../../exports/openmetrics.js";
import type { Counts } from "../../model/counts.js";
import { inCodeOrder } from "../model/project-rows.js";
import { measure, measureWords, type Measure } from "../../model/measure.js";
import type { SiteModel } from "../model/site-view.js";
import { componentLabel } from "../../config/triple.js";
import type { RunTally } from "../../model/tally.js";

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
  ["chars", "Characters of the source strings to translate", (t) => t.totalChars],
  ["translated_chars", "Characters translated", (t) => t.translatedChars],
  ["approved_strings", "Approved strings (approved and read-only)", (t) => t.approved],
  ["approved_words", "Approved words (approved and read-only)", (t) => t.approvedWords],
  ["approved_chars", "Approved characters (approved and read-only)", (t) => t.approvedChars],
];

type Samples = Iterable<readonly [Labels, number | undefined]>;

/** A gauge family: its header, then its samples (one without a value left out). */
function* family(name: string, help: string, samples: Samples, unit?: string) {
  yield gaugeHeader(`${PREFIX}_${name}`, help, unit);
  for (const [labels, value] of samples)
    if (value !== undefined) yield sample(`${PREFIX}_${name}`, labels, value);
}

/**
 * The share the pages show: by the site's measure, falling back as they do (to strings where the
 * counts lack words or characters, to translated where the project has no review workflow);
 * undefined with nothing to translate.
 */
function ratio(t: Counts | undefined, by: Measure): number | undefined {
  if (!t) return undefined;
  const m = measure(t, by);
  // Four decimals (a hundredth of a percent): a site may have 100,000 of these lines.
  return m.whole > 0 ? Math.round((m.part / m.whole) * 1e4) / 1e4 : undefined;
}

/**
 * The ratio family of a level is `l10n_<level>_progress_ratio`, whatever the site counts, so that
 * a dashboard keeps its series when site.metric or site.progress changes (l10n_site_measure says
 * which; the count families give every other share).
 */
const ratioHelp = (what: string, by: Measure) =>
  `Share done (0 to 1) per ${what}, as the site shows it: ${measureWords(by).unit} ` +
  `${by.progress} (l10n_site_measure), else what the counts allow, as the pages fall back.`;

/** The families of one level: each count, then the ratio the site shows. */
function* level(name: string, what: string, by: Measure, groups: [Labels, Counts][]) {
  for (const [suffix, help, of] of COUNTS) {
    const values = groups.map(([labels, t]) => [labels, of(t)] as const);
    yield* family(
      `${name}_${suffix}`,
      `${help}, per ${what}.`,
      values.filter(([, v]) => !Number.isNaN(v)),
    );
  }
  const ratios = groups.map(([labels, t]) => [labels, ratio(t, by)] as const);
  yield* family(`${name}_progress_ratio`, ratioHelp(what, by), ratios, "ratio");
}

/** The file's lines, in order. */
export function* planMetrics(model: SiteModel): Generator<string> {
  const by = model.site;
  const time = Date.parse(model.generatedAt) / 1000;
  const help = "When the numbers were fetched from Weblate (Unix time).";
  yield* family("snapshot_timestamp_seconds", help, [[[], time]], "seconds");
  yield* runFigures(model.counts);
  const measured: Labels = [
    ["metric", by.metric],
    ["progress", by.progress],
  ];
  const measureHelp =
    "What the progress ratios count (site.metric, site.progress): 1 for the site's measure.";
  yield* family("site_measure", measureHelp, [[measured, 1]]);
  yield* level(
    "project",
    "project",
    by,
    model.projects.map((p) => [[["project", p.project]], p.tally]),
  );
  const components = model.projects.flatMap((p) =>
    p.components.map((c): [Labels, Counts] => [
      [
        ["project", p.project],
        ["component", componentLabel(c.component)],
      ],
      c.tally,
    ]),
  );
  yield* level("component", "component", by, components);
  const languages = model.languages.map((l): [Labels, Counts] => [[["language", l.code]], l.tally]);
  yield* level("language", "language over every tracked component", by, languages);
  // A site over its budget (site.maxBytes) leaves out the series per translation: at a million
  // translations they are some 90 MB, and more series than a scrape should take.
  if (model.detail.exports !== "compact") {
    const help = `${ratioHelp("translation", by)} Last known numbers for a stale one.`;
    yield* family("translation_progress_ratio", help, translationRatios(model), "ratio");
  }
  yield OPENMETRICS_EOF;
}

/** The run's figures (model/tally.ts, docs/STATES.md): the states add up to the tracked total. */
function* runFigures(counts: RunTally): Generator<string> {
  const states = (["ok", "stale", "failed", "invalid"] as const).map((status): [Labels, number] => [
    [["status", status]],
    counts[status],
  ]);
  const help = "Tracked translations by state: ok, stale, failed, invalid.";
  yield* family("tracked_translations", help, states);
  const figures = [
    ["translations_with_warnings", "Tracked translations fetched ok with a warning.", "warnings"],
    ["removed_translations", "Translations this run found removed from the server.", "removed"],
    [
      "failed_lists",
      "Lists this run could not read (their translations are stale or failed).",
      "failedLists",
    ],
  ] as const;
  for (const [name, help, key] of figures) yield* family(name, help, [[[], counts[key]]]);
}

/** Each translation's ratio, one line, by project, component and language code. */
function* translationRatios(model: SiteModel): Generator<[Labels, number | undefined]> {
  for (const p of model.projects)
    for (const c of p.components)
      for (const t of inCodeOrder(c)) {
        const labels: Labels = [
          ["project", t.project],
          ["component", componentLabel(t.component)],
          ["language", t.language],
        ];
        yield [labels, ratio(t.tally, model.site)];
      }
}
