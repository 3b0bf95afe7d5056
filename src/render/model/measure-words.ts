import type { Locale } from "../../i18n/catalogs.js";
import type { Counts } from "../../model/counts.js";
import { measure, type Measure, type Metric, type Progress } from "../../model/measure.js";

// What a percent counts (site.metric, site.progress) in one locale's words: a message per metric
// and per measure rather than a unit put into a sentence, as "in words" and "Wörtern" do not
// follow from "words" and "Wörter".

/** The messages of a metric. */
const METRIC_KEYS = {
  strings: {
    count: "count.strings",
    none: "progress.noStrings",
    total: "measure.totalStrings",
    noCounts: "",
    titleIn: "badges.inStrings",
    heading: "badges.variantStrings",
    text: "badges.variantStringsText",
  },
  words: {
    count: "count.words",
    none: "progress.noWords",
    total: "measure.totalWords",
    noCounts: "measure.noWordCounts",
    titleIn: "badges.inWords",
    heading: "badges.variantWords",
    text: "badges.variantWordsText",
  },
  chars: {
    count: "count.chars",
    none: "progress.noChars",
    total: "measure.totalChars",
    noCounts: "measure.noCharCounts",
    titleIn: "badges.inChars",
    heading: "badges.variantChars",
    text: "badges.variantCharsText",
  },
} as const satisfies Record<Metric, Record<string, string>>;

/** The messages of a measure: a column's heading, what its part counts. */
const MEASURE_KEYS = {
  translated: {
    strings: { column: "measure.translatedStrings", done: "measure.doneTranslatedStrings" },
    words: { column: "measure.translatedWords", done: "measure.doneTranslatedWords" },
    chars: { column: "measure.translatedChars", done: "measure.doneTranslatedChars" },
  },
  approved: {
    strings: { column: "measure.approvedStrings", done: "measure.doneApprovedStrings" },
    words: { column: "measure.approvedWords", done: "measure.doneApprovedWords" },
    chars: { column: "measure.approvedChars", done: "measure.doneApprovedChars" },
  },
} as const satisfies Record<Progress, Record<Metric, Record<string, string>>>;

const PROGRESS_KEYS = {
  translated: { summary: "progress.translated", bar: "progress.barLabel" },
  approved: { summary: "progress.approved", bar: "progress.barLabelApproved" },
} as const satisfies Record<Progress, Record<string, string>>;

/** The first letter as the start of a sentence or a heading ("Übersetzte Wörter"). */
export function capitalize(text: string, tag: string): string {
  return text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);
}

/** A measure in one locale's words. */
export class MeasureWords {
  constructor(
    private readonly locale: Locale,
    /** What the site asks for: a percent counted otherwise says why. */
    private readonly asked: Measure,
  ) {}

  /** "Translated", "Approved words": the heading of a percent column in the asked measure. */
  get column(): string {
    return this.t(MEASURE_KEYS[this.asked.progress][this.asked.metric].column);
  }

  /**
   * The heading of a percent column over rows with these counts: the asked measure's, or where
   * every row counts otherwise (falls back alike: a component of a project without review, of a
   * server without statistics), what they count.
   */
  columnOf(tallies: Iterable<Counts | undefined>): string {
    const used = this.usedBy(tallies);
    return this.t(MEASURE_KEYS[used.progress][used.metric].column);
  }

  /** "translated strings", "approved words": what the part of `m` counts. */
  done(m: Measure): string {
    return this.t(MEASURE_KEYS[m.progress][m.metric].done);
  }

  /** What the percents of rows with these counts count ("approved words"), as columnOf. */
  doneOf(tallies: Iterable<Counts | undefined>): string {
    return this.done(this.usedBy(tallies));
  }

  /** The measure every row with counts falls back to alike, else the asked one. */
  private usedBy(tallies: Iterable<Counts | undefined>): Measure {
    let used: Measure | undefined;
    for (const t of tallies) {
      if (!t) continue;
      const u = measure(t, this.asked).used;
      if (used && (u.metric !== used.metric || u.progress !== used.progress)) return this.asked;
      used = u;
    }
    return used ?? this.asked;
  }

  /** "total strings", "total words". */
  total(m: Measure): string {
    return this.t(METRIC_KEYS[m.metric].total);
  }

  /** "" when `used` is what was asked, else " (the server gives no word counts)". */
  note(used: Measure): string {
    const why: string[] = [];
    const noCounts = METRIC_KEYS[this.asked.metric].noCounts;
    if (this.asked.metric !== used.metric && noCounts) why.push(this.t(noCounts));
    if (this.asked.progress !== used.progress) why.push(this.t("measure.noReview"));
    if (why.length === 0) return "";
    return this.t("measure.note", { why: why.join(this.t("measure.separator")) });
  }

  /** "73.8% of 45,024 words translated", "no words to translate", with the note. */
  summary(t: Counts): string {
    const m = measure(t, this.asked);
    const keys = METRIC_KEYS[m.used.metric];
    if (m.whole <= 0) return this.t(keys.none);
    return this.t(PROGRESS_KEYS[m.used.progress].summary, {
      percent: this.locale.format.percent(m.part, m.whole),
      amount: this.t(keys.count, { count: m.whole }),
      note: this.note(m.used),
    });
  }

  /** What a progress bar says to a screen reader: "58.7% translated, 13.1% needs review". */
  barLabel(t: Counts): string {
    const m = measure(t, this.asked);
    const f = this.locale.format;
    return this.t(PROGRESS_KEYS[m.used.progress].bar, {
      translated: f.percent(m.part, m.whole),
      review: f.percent(Math.min(m.fuzzy, m.whole - m.part), m.whole, 0),
    });
  }

  /** "Badge, in words": a widget's title in another metric (site.badgeMetrics). */
  titleIn(title: string, metric: Metric): string {
    return this.t(METRIC_KEYS[metric].titleIn, { title });
  }

  /** "In words": the heading of a badge in another metric. */
  variantHeading(metric: Metric): string {
    return this.t(METRIC_KEYS[metric].heading);
  }

  /** "The same badge counting words: {{path}}" (HTML: `path` is HTML already). */
  variantText(metric: Metric, path: string): string {
    return this.locale.messages.html(METRIC_KEYS[metric].text, { path });
  }

  private t(key: string, params?: Record<string, string | number>): string {
    return this.locale.messages.t(key, params);
  }
}
