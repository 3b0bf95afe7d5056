import type { BadgeDrawing } from "../../badges/badge-svg.js";

// How much detail the site has. The full site has every page, badge, widget and data file; when
// it would not fit `site.maxBytes`, the budget (site-budget.ts) leaves detail out in the order of
// DROP_STEPS, one step at a time, until it fits. No step takes a badge or widget address away: a
// README may embed any of them, and they keep answering (with less detail in their picture).

/** What the render writes. */
export interface SiteDetail {
  /** Badge SVGs as badge-maker draws them, or plain (badge-svg.ts). */
  badges: BadgeDrawing;
  /**
   * The exports' lines per translation: data/translations.csv and a series per translation in
   * data/metrics.prom ("full"), or data/translations.csv.gz and no per-translation series.
   */
  exports: "full" | "compact";
  /**
   * A page per translation; without, each translation is a row of its component's page, with an
   * anchor (`<component>/#t-<language>`), and links to the translation go there.
   */
  translationPages: boolean;
  /** A language's page lists each component in it, or each project (with its sums). */
  languageRows: "components" | "projects";
  /** At most this many languages in each chart (0: as `site.widgets.maxLanguages` says). */
  chartLanguages: number;
  /**
   * A component page's row for each translation has every column ("all"), or its language,
   * progress bar, percent, needs review and failing checks ("essential"): suggestions, comments,
   * last change and the editor link are in data/translations.csv.gz.
   */
  rowColumns: "all" | "essential";
}

export const FULL_DETAIL: SiteDetail = {
  badges: "full",
  exports: "full",
  translationPages: true,
  languageRows: "components",
  chartLanguages: 0,
  rowColumns: "all",
};

/** Languages in a chart once the charts are cut down (the most translated first). */
export const CUT_CHART_LANGUAGES = 20;

/** One step of the order in which detail is left out. */
export interface DropStep {
  /** Short name, for the log line and the docs: "badge gloss". */
  name: string;
  /** What the site has instead, for the log line. */
  instead: string;
  apply(detail: SiteDetail): SiteDetail;
}

/**
 * The order detail is left out in: the least missed first, for the most bytes. Each step keeps
 * what the steps before it left.
 */
export const DROP_STEPS: readonly DropStep[] = [
  {
    name: "badge gloss",
    instead:
      "badges drawn plain: the same size, colours, words and font, " +
      "without the gloss and the shadow and glow behind the text",
    apply: (d) => ({ ...d, badges: "plain" }),
  },
  {
    name: "per-translation exports",
    instead:
      "data/translations.csv is published gzip-compressed as data/translations.csv.gz (the same " +
      "rows); data/metrics.prom keeps its project, component and language series, without a " +
      "series per translation",
    apply: (d) => ({ ...d, exports: "compact" }),
  },
  {
    name: "translation pages",
    instead:
      "each translation is a row of its component's page (<component>/#t-<language>); " +
      "an old translation page's address leads there",
    apply: (d) => ({ ...d, translationPages: false }),
  },
  {
    name: "language pages' components",
    instead: "each language's page lists its projects, with their sums, instead of every component",
    apply: (d) => ({ ...d, languageRows: "projects" }),
  },
  {
    name: "chart languages",
    instead:
      `each chart shows the ${CUT_CHART_LANGUAGES} most translated languages ` +
      "and says how many it leaves out",
    apply: (d) => ({ ...d, chartLanguages: CUT_CHART_LANGUAGES }),
  },
  {
    name: "component pages' detail columns",
    instead:
      "each translation's row on its component's page keeps its language, progress, needs " +
      "review and failing checks; its suggestions, comments, last change and editor link are " +
      "in data/translations.csv.gz",
    apply: (d) => ({ ...d, rowColumns: "essential" }),
  },
];

/** The detail after the first `steps` steps of DROP_STEPS. */
export function detailAfter(steps: number): SiteDetail {
  return DROP_STEPS.slice(0, steps).reduce((d, step) => step.apply(d), FULL_DETAIL);
}
