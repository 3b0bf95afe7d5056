import { tripleKey } from "../config/triple.js";
import type { CheckOptions } from "../config/schema.js";
import {
  lastPoint,
  measureCounters,
  percentWith,
  toMinute,
  valueAt,
  type Counts,
  type History,
} from "../history/history.js";
import { fallbackNote, measureWords, STRINGS_TRANSLATED, type Measure } from "../model/measure.js";
import { countsOf } from "../history/merge-run.js";
import type { Snapshot, SnapshotEntry } from "../snapshot/snapshot.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";

// The CI gate: the snapshot's translations against the config's `check` rules. Pure: a plain
// summary object out, so the CLI can print it as lines, annotations, a Markdown table or JSON.

export type CheckRule = "minPercent" | "noRegression" | "unavailable";

export interface CheckOffender {
  /** "project/component/language". */
  translation: string;
  rule: CheckRule;
  /** One line: what is wrong. */
  message: string;
  percent?: number;
  previous?: number;
}

export interface CheckResult {
  passed: boolean;
  /** Translations the rules applied to. */
  checked: number;
  rules: {
    minPercent?: number;
    noRegression: boolean;
    languages?: string[];
    components?: string[];
  };
  /** Where the previous numbers came from, when noRegression had any to compare with. */
  comparedWith?: string;
  offenders: CheckOffender[];
  /** Remarks that do not fail the check ("no previous run to compare with"). */
  notes: string[];
}

/** The previous run's counts of a translation, when known (history's counters). */
export type PreviousPercent = (entry: SnapshotEntry) => Counts | undefined;

/** "translated" for strings translated (as always), else "of words translated" and the like. */
function doneWords(used: Measure): string {
  const { unit, done } = measureWords(used);
  return used.metric === "strings" && used.progress === "translated" ? done : `of ${unit} ${done}`;
}

const fmt = (p: number) => `${p >= 100 ? 100 : Math.floor(p * 10) / 10}%`;

export function runCheck(
  snapshot: Snapshot,
  rules: CheckOptions,
  previous?: { where: string; percentOf: PreviousPercent },
  by: Measure = STRINGS_TRANSLATED,
): CheckResult {
  const offenders: CheckOffender[] = [];
  const notes: string[] = [];
  const languages = rules.languages ? new Set(rules.languages) : undefined;
  // "project/docs/usage" names the component at path docs%2Fusage of project "project".
  const components = rules.components
    ? new Set(
        rules.components.map((c) =>
          c.replace(/\//, "\u0000").split("/").join("%2F").replace("\u0000", "/"),
        ),
      )
    : undefined;
  let checked = 0;
  let compared = 0;
  for (const entry of snapshot.translations) {
    if (languages && !languages.has(entry.language)) continue;
    if (components && !components.has(`${entry.project}/${entry.component}`)) continue;
    checked += 1;
    const translation = tripleKey(entry);
    if (entry.status !== "ok") {
      const stale = entry.carried ? `; shown with numbers of ${entry.carried.asOf}` : "";
      offenders.push({
        translation,
        rule: "unavailable",
        message: `${entry.status} in this run, so it cannot be checked${stale}`,
      });
      continue;
    }
    // By the site's measure (site.metric, site.progress), or strings translated where the
    // server's counts lack it.
    const counts = countsOf(entry.record, entry.statistics);
    const own = measureCounters(by, [counts]);
    const percent = percentWith(counts, own);
    if (rules.minPercent !== undefined && percent < rules.minPercent) {
      offenders.push({
        translation,
        rule: "minPercent",
        percent,
        message:
          `${fmt(percent)} ${doneWords(own.used)}, below the minimum of ${rules.minPercent}%` +
          fallbackNote(by, own.used),
      });
    }
    if (rules.noRegression && previous) {
      const earlier = previous.percentOf(entry);
      if (earlier === undefined) continue;
      // Both counted alike: by the measure where both have its counters, else in strings.
      const pair = measureCounters(by, [counts, earlier]);
      const [now, before] = [percentWith(counts, pair), percentWith(earlier, pair)];
      compared += 1;
      // A tenth of a percentage point is noise from rounding, not a regression.
      if (now < before - 1e-9) {
        offenders.push({
          translation,
          rule: "noRegression",
          percent: now,
          previous: before,
          message:
            `${fmt(now)} ${doneWords(pair.used)}, ` +
            `down from ${fmt(before)} in the previous run`,
        });
      }
    }
  }
  if (rules.noRegression && (!previous || compared === 0))
    notes.push("noRegression: no previous run to compare with; only the other rules were applied");
  if (checked === 0)
    notes.push("no translation of the snapshot matches check.languages / check.components");
  return {
    passed: offenders.length === 0,
    checked,
    rules: {
      ...(rules.minPercent !== undefined ? { minPercent: rules.minPercent } : {}),
      noRegression: rules.noRegression,
      ...(rules.languages ? { languages: rules.languages } : {}),
      ...(rules.components ? { components: rules.components } : {}),
    },
    ...(previous && compared > 0 ? { comparedWith: previous.where } : {}),
    offenders,
    notes,
  };
}

/**
 * Previous percents from a previous site: its snapshot's numbers (or carried ones), else its
 * history's latest point.
 */
export function previousFromSite(
  snapshot: Pick<SnapshotSource, "entries"> | undefined,
  history: History | undefined,
): PreviousPercent {
  const byKey = new Map<string, Counts>();
  for (const e of snapshot?.entries() ?? []) {
    const record = e.status === "ok" ? e.record : e.carried?.record;
    if (record !== undefined)
      byKey.set(tripleKey(e), countsOf(record, e.status === "ok" ? e.statistics : undefined));
  }
  return (entry) => {
    const key = tripleKey(entry);
    if (byKey.has(key)) return byKey.get(key);
    return lastPoint(history?.series.get(key));
  };
}

/**
 * Previous percents from the site's own history: the values in force just before this snapshot's
 * run.
 */
export function previousFromHistory(history: History, snapshot: Snapshot): PreviousPercent {
  const before = toMinute(snapshot.generatedAt) - 1;
  return (entry) => {
    const series = history.series.get(tripleKey(entry));
    return series ? valueAt(series, before) : undefined;
  };
}
