import { componentLabel } from "../config/triple.js";
import { isListEntry, stateOf } from "../model/tally.js";
import type { SnapshotEntry } from "../snapshot/snapshot.js";
import { counted } from "../text/plural.js";
import { must } from "../model/must.js";

// What `check` says of the translations a run could not read: one offence per component (a list
// that answered 500 is one cause, not one per language), with how many, in which state
// (model/tally.ts) and why; a list that failed with nothing under it to show is an offence of its
// own, said as a list.

/** An offence of check's "unavailable" rule (a CheckOffender). */
interface UnavailableOffender {
  translation: string;
  rule: "unavailable";
  message: string;
}

interface Group {
  entries: SnapshotEntry[];
  list?: SnapshotEntry;
}

export class Unavailable {
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

  offenders(): UnavailableOffender[] {
    const told = [...this.groups.values()].flatMap((g) => g.entries);
    const out: UnavailableOffender[] = [];
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
