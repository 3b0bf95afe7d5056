import { componentLabel, tripleKey } from "../config/triple.js";
import type { CheckOptions } from "../config/schema.js";
import {
  lastPoint,
  pointCounts,
  toMinute,
  valueAt,
  type History,
  type KeptPart,
  type Point,
} from "../history/history.js";
import type { Counts } from "../model/counts.js";
import { BASE_LOCALE, loadLocales, type Locale } from "../i18n/catalogs.js";
import { commonMeasure, measure, STRINGS_TRANSLATED, type Measure } from "../model/measure.js";
import { must } from "../model/must.js";
import { MeasureWords } from "../render/model/measure-words.js";
import { entryCounts } from "../snapshot/entry-counts.js";
import type { Snapshot, SnapshotEntry } from "../snapshot/schema.js";
import type { SnapshotSource } from "../snapshot/read-snapshot.js";
import { isListEntry, stateOf } from "../model/tally.js";
import { counted } from "../text/plural.js";

// The CI gate: the snapshot's translations against the config's `check` rules. Pure: a plain
// summary object out, so the CLI can print it as lines, annotations, a Markdown table or JSON.

export interface CheckOffender {
  /** "project/component/language". */
  translation: string;
  rule: "minPercent" | "noRegression" | "unavailable";
  /** One line: what is wrong. */
  message: string;
  percent?: number;
  previous?: number;
  /** The run `previous` is of, when older than the one before this snapshot (a kept part). */
  previousRun?: string;
}

/**
 * A project whose previous numbers came from a history part of an older run (a copy or upload
 * left half done): its translations were compared with that run's numbers, not the latest.
 */
export interface OlderRun {
  project: string;
  /** The run the part is of; absent when the part names none (it holds other series). */
  run?: string;
  /** Where the part was read, and why it is not its index's. */
  where: string;
  why: string;
  /** Its translations compared with the part's numbers. */
  compared: number;
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
  /** Projects compared with an older run's part (absent when none): a caveat on a pass. */
  olderRuns?: OlderRun[];
  offenders: CheckOffender[];
  /**
   * The checked translations this run could not read, by state (model/tally.ts): each is an
   * offence of its component's (one offender per component, rule "unavailable").
   */
  unavailable: { stale: number; failed: number; invalid: number };
  /** Remarks that do not fail the check ("no previous run to compare with"). */
  notes: string[];
}

/**
 * The previous run's counts of a translation, when known (a snapshot's, or history's), and the
 * kept part they came from when that part is not its index's.
 */
export type PreviousPercent = (
  entry: SnapshotEntry,
) => { counts: Counts; kept?: KeptPart } | undefined;

let english: Locale | undefined;
/** A measure in the pages' English words (the English catalog, as the site's default pages). */
function inWords(by: Measure): { words: MeasureWords; locale: Locale } {
  english ??= must(loadLocales([BASE_LOCALE])[0]);
  return { words: new MeasureWords(english, by), locale: english };
}

/** A percent counted by `m` (what measure() gave): 100 with nothing to translate, as "done". */
const percentOfWhole = (m: { part: number; whole: number }) =>
  m.whole > 0 ? (m.part * 100) / m.whole : 100;

export function runCheck(
  snapshot: Snapshot,
  rules: CheckOptions,
  previous?: { where: string; percentOf: PreviousPercent },
  by: Measure = STRINGS_TRANSLATED,
): CheckResult {
  const offenders: CheckOffender[] = [];
  const selected = selectedBy(rules);
  let checked = 0;
  let compared = 0;
  const olderRuns = new Map<string, OlderRun>();
  const unavailable = new Unavailable();
  for (const entry of snapshot.translations) {
    if (!selected(entry)) continue;
    if (!isListEntry(entry)) checked += 1;
    if (isListEntry(entry) || entry.status !== "ok") {
      unavailable.add(entry);
      continue;
    }
    // As the pages count it (snapshot/entry-counts.ts, model/measure.ts), in their words.
    const counts = entryCounts(entry);
    if (!counts) continue;
    const low = belowMinimum(entry, counts, rules.minPercent, by);
    if (low) offenders.push(low);
    const found = rules.noRegression ? previous?.percentOf(entry) : undefined;
    if (found === undefined) continue;
    compared += 1;
    const offence = regression(entry, counts, found, by, olderRuns);
    if (offence) offenders.push(offence);
  }
  offenders.unshift(...unavailable.offenders());
  return {
    passed: offenders.length === 0,
    checked,
    unavailable: unavailable.counts,
    rules: rulesOf(rules),
    ...(previous && compared > 0 ? { comparedWith: previous.where } : {}),
    ...(olderRuns.size > 0 ? { olderRuns: [...olderRuns.values()] } : {}),
    offenders,
    notes: [
      ...(rules.noRegression && compared === 0 ? [NOTHING_COMPARED] : []),
      ...(checked === 0 ? [NOTHING_CHECKED] : []),
    ],
  };
}

const NOTHING_COMPARED =
  "noRegression: no previous run to compare with; only the other rules were applied";
const NOTHING_CHECKED = "no translation of the snapshot matches check.languages / check.components";

/** The rules as the result states them (in this order): those set, and noRegression. */
function rulesOf(rules: CheckOptions): CheckResult["rules"] {
  return {
    ...(rules.minPercent !== undefined ? { minPercent: rules.minPercent } : {}),
    noRegression: rules.noRegression,
    ...(rules.languages ? { languages: rules.languages } : {}),
    ...(rules.components ? { components: rules.components } : {}),
  };
}

/** Whether check.languages and check.components ask for a translation. */
function selectedBy(rules: CheckOptions): (entry: SnapshotEntry) => boolean {
  const languages = rules.languages ? new Set(rules.languages) : undefined;
  // "project/docs/usage" names the component at path docs%2Fusage of project "project".
  const components = rules.components
    ? new Set(
        rules.components.map((c) =>
          c.replace(/\//, "\u0000").split("/").join("%2F").replace("\u0000", "/"),
        ),
      )
    : undefined;
  return (entry) =>
    (!languages || languages.has(entry.language)) &&
    (!components || components.has(`${entry.project}/${entry.component}`));
}

/** The minPercent offence of a translation, when it is translated less than the minimum. */
function belowMinimum(
  entry: SnapshotEntry,
  counts: Counts,
  minPercent: number | undefined,
  by: Measure,
): CheckOffender | undefined {
  const percent = percentOfWhole(measure(counts, by));
  if (minPercent === undefined || percent >= minPercent) return undefined;
  return {
    translation: tripleKey(entry),
    rule: "minPercent",
    percent,
    message: `${inWords(by).words.summary(counts)}, below the minimum of ${minPercent}%`,
  };
}

/** The noRegression offence of a translation, when it dropped since the previous numbers. */
function regression(
  entry: SnapshotEntry,
  counts: Counts,
  found: { counts: Counts; kept?: KeptPart },
  by: Measure,
  olderRuns: Map<string, OlderRun>,
): CheckOffender | undefined {
  const older = found.kept && olderRun(olderRuns, entry.project, found.kept);
  // Both counted alike: by the measure both allow, falling back as the pages do.
  const both = commonMeasure(by, [counts, found.counts]);
  const [now, before] = [measure(counts, both), measure(found.counts, both)];
  // A tenth of a percentage point is noise from rounding, not a regression.
  if (percentOfWhole(now) >= percentOfWhole(before) - 1e-9) return undefined;
  return {
    translation: tripleKey(entry),
    rule: "noRegression",
    percent: percentOfWhole(now),
    previous: percentOfWhole(before),
    ...(older?.run ? { previousRun: older.run } : {}),
    message:
      `${inWords(both).words.summary(counts)}, down from ` +
      `${inWords(both).locale.format.percent(before.part, before.whole, 100)} ` +
      `${older ? olderWords(older) : "in the previous run"}${inWords(by).words.note(both)}`,
  };
}

/** The project's entry among those compared with an older part, counting one more. */
function olderRun(runs: Map<string, OlderRun>, project: string, kept: KeptPart): OlderRun {
  const run = runs.get(project) ?? {
    project,
    ...(kept.run ? { run: kept.run } : {}),
    where: kept.where,
    why: kept.why,
    compared: 0,
  };
  runs.set(project, run);
  run.compared += 1;
  return run;
}

/** Which run a drop is measured from, for a translation compared with a kept part. */
const olderWords = (older: OlderRun) =>
  older.run
    ? `in the run of ${older.run} (its project's history is that run's)`
    : "in its project's history (a part that is not its index's)";

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
    const counts = entryCounts(e);
    if (counts) byKey.set(tripleKey(e), counts);
  }
  return (entry) => {
    const key = tripleKey(entry);
    const counts = byKey.get(key);
    if (counts) return { counts };
    return fromPoint(lastPoint(history?.series.get(key)), history?.kept?.get(entry.project));
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
    return fromPoint(series && valueAt(series, before), history.kept?.get(entry.project));
  };
}

const fromPoint = (point: Point | undefined, kept: KeptPart | undefined) =>
  point && { counts: pointCounts(point), ...(kept ? { kept } : {}) };

// What `check` says of the translations a run could not read: one offence per component (a list
// that answered 500 is one cause, not one per language), with how many, in which state
// (model/tally.ts) and why; a list that failed with nothing under it to show is an offence of its
// own, said as a list.

interface Group {
  entries: SnapshotEntry[];
  list?: SnapshotEntry;
}

class Unavailable {
  readonly counts = { stale: 0, failed: 0, invalid: 0 };
  private readonly groups = new Map<string, Group>();

  add(entry: SnapshotEntry): void {
    const key = `${entry.project}/${componentLabel(entry.component)}`;
    const group = this.groups.get(key) ?? { entries: [] };
    this.groups.set(key, group);
    if (isListEntry(entry)) {
      group.list = entry;
      return;
    }
    group.entries.push(entry);
    const state = stateOf(entry);
    if (state !== "ok") this.counts[state] += 1;
  }

  offenders(): CheckOffender[] {
    const told = [...this.groups.values()].flatMap((g) => g.entries);
    const out: CheckOffender[] = [];
    for (const [key, { entries, list }] of this.groups) {
      if (entries.length > 0)
        out.push({ translation: key, rule: "unavailable", message: groupMessage(entries) });
      // A failed list whose translations are told under their components is not told again.
      else if (list && !told.some((e) => under(list, e)))
        out.push({
          translation: `${key}/${list.language}`,
          rule: "unavailable",
          message: `its list could not be read in this run: ${reason(list)}`,
        });
    }
    return out;
  }
}

/** Whether a translation is one a failed list (a wildcard left in place) stands for. */
const under = (list: SnapshotEntry, e: SnapshotEntry) =>
  (["project", "component", "language"] as const).every((k) => list[k] === "*" || list[k] === e[k]);

const reason = (e: SnapshotEntry) => `${e.status}${e.errors[0] ? `: ${e.errors[0].message}` : ""}`;

/**
 * "6 translations (ar, de, es, fr, ja, ...) could not be read in this run, so they cannot be
 * checked: failed: <reason>; shown with numbers of <the oldest>".
 */
function groupMessage(entries: SnapshotEntry[]): string {
  const languages = entries.map((e) => e.language);
  const named = languages.slice(0, 5).join(", ") + (languages.length > 5 ? ", ..." : "");
  const asOf = entries.flatMap((e) => (e.carried ? [e.carried.asOf] : [])).sort();
  const all = asOf.length === entries.length ? "" : `${asOf.length} `;
  const shown = asOf.length > 0 ? `; ${all}shown with numbers of ${asOf[0]}` : "";
  const they = entries.length === 1 ? "it cannot" : "they cannot";
  return (
    `${counted(entries.length, "translation")} (${named}) could not be read in this run, so ` +
    `${they} be checked: ${reason(must(entries[0]))}${shown}`
  );
}
