import { ExitCode, type ExitCodeValue } from "./errors.js";

// The figures of a run: how many translations a site tracks and in which state each is. Counted
// once, from the run's entries after last known good data was put in, and handed to every output
// (the CLI's lines, --json, the Action, the pages, the exports, the feed, `check`), so that no two
// of them can disagree. docs/STATES.md defines each figure.

/** What a translation is in a run: exactly one of these. */
export type TranslationState = "ok" | "stale" | "failed" | "invalid";

export interface RunTally {
  /** Translations the site tracks: ok + stale + failed + invalid. */
  tracked: number;
  /** Fetched in this run and valid. */
  ok: number;
  /** Of `ok`, those with a warning. */
  warnings: number;
  /** Fetched in this run, its record breaking the API contract, no earlier numbers to show. */
  invalid: number;
  /** Not fetched in this run (its own request or its list failed), no earlier numbers to show. */
  failed: number;
  /** Not usable in this run, shown with the numbers of an earlier one (failed or invalid). */
  stale: number;
  /** Translations this run recorded as removed (a list fetched whole lacked them). */
  removed: number;
  /** Lists this run could not read (a wildcard not expanded): never counted as translations. */
  failedLists: number;
}

/** What the tally reads of an entry (a snapshot entry has it). */
export interface TalliedEntry {
  project: string;
  component: string;
  language: string;
  status: "ok" | "invalid" | "failed";
  warnings: readonly unknown[];
  carried?: unknown;
}

export function emptyTally(): RunTally {
  return {
    tracked: 0,
    ok: 0,
    warnings: 0,
    invalid: 0,
    failed: 0,
    stale: 0,
    removed: 0,
    failedLists: 0,
  };
}

/** An entry that stands for a list (a wildcard left in place), not for a translation. */
export const isListEntry = (e: Pick<TalliedEntry, "project" | "component" | "language">) =>
  e.project === "*" || e.component === "*" || e.language === "*";

/** A translation's state: stale when it is shown with an earlier run's numbers. */
export function stateOf(e: {
  status: TalliedEntry["status"];
  carried?: unknown;
}): TranslationState {
  return e.carried !== undefined && e.status !== "ok" ? "stale" : e.status;
}

/** Adds one entry to the tally: a translation in its state, or a failed list. */
export function tallyEntry(tally: RunTally, e: TalliedEntry): void {
  if (isListEntry(e)) {
    tally.failedLists += 1;
    return;
  }
  const state = stateOf(e);
  tally.tracked += 1;
  tally[state] += 1;
  if (state === "ok" && e.warnings.length > 0) tally.warnings += 1;
}

/**
 * The exit code of a run that published its site (docs/commands.md): 1 when a translation is
 * stale, failed or invalid, or a list failed; else 0.
 */
export function tallyExitCode(t: RunTally): ExitCodeValue {
  return t.stale + t.failed + t.invalid + t.failedLists > 0 ? ExitCode.partial : ExitCode.ok;
}
