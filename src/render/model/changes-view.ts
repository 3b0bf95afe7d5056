import { clipForDisplay } from "../../weblate/record-view.js";
import type { Measure } from "../../model/measure.js";
import type { ChartPoint } from "./trend-chart.js";

// What the history's views show of a group's trend and of the latest run's changes (site-view.ts
// names the views they belong to).

export interface Delta {
  /** Since this many days; since the last run when undefined. */
  days?: number;
  /** Undefined when the history does not reach back that far. */
  translated?: number;
  total?: number;
  /** Change of the translated percent, in percentage points. */
  percent?: number;
}

/** A group's history: the points of its chart up to `end` (a minute), and its deltas. */
export interface TrendData {
  points: ChartPoint[];
  end: number;
  /** What the points count: the site's measure, or strings translated where points lack it. */
  used: Measure;
  deltas: Delta[];
  /** The minute of the run before the last, if there was one. */
  previous?: number;
}

/** What changed for an item of the changes, in numbers: each locale says it in its words. */
export type ChangeDetail =
  | { kind: "reached"; previous: number }
  | { kind: "fell"; previous: number; percent: number }
  | { kind: "newStrings"; added: number }
  | { kind: "added" }
  /** `whole`: a project or component that went with all its `translations`. */
  | { kind: "removed"; why: RemovedWhy; whole?: "project" | "component"; translations?: number };

/** Why a translation went: the server dropped it, the config no longer tracks it, or unknown. */
export type RemovedWhy = "server" | "config" | "unknown";

export interface ChangeItem {
  /** The triple or component key, shown when the site has no page for it (a removed one). */
  text: string;
  /** The names of a translation. */
  translation?: {
    language: string;
    languageName: string;
    componentName: string;
    projectName: string;
  };
  /** The names of a component. */
  component?: { name: string; projectName: string };
  /** The name of a removed project. */
  project?: { name: string };
  href?: string;
  lang?: string;
  dir?: string;
  detail: ChangeDetail;
}

export interface ChangesView {
  at: string;
  threshold: number;
  reached100: ChangeItem[];
  fellBelow: ChangeItem[];
  newStrings: ChangeItem[];
  added: ChangeItem[];
  removed: ChangeItem[];
  /** How many translations `removed` stands for (a component's item stands for all of its). */
  removedTranslations: number;
  omitted: number;
}

/** What a run removed: a project or component that went whole, else one translation. */
export interface RemovedGroup {
  /** A project's slug, a component's "project/component", or a translation's key. */
  key: string;
  whole?: "project" | "component";
  /** The keys of the removed translations it stands for. */
  keys: string[];
}

/**
 * The names a run recorded of what it removed (history.ts, `Changes.names`), looked up; text from
 * outside, clipped and without bidi controls as server text is.
 */
export function recordedNames(
  names: readonly { of: string; key: string; name: string }[] | undefined,
): (of: "project" | "component" | "language", key: string) => string | undefined {
  const byKey = new Map((names ?? []).map((n) => [`${n.of} ${n.key}`, clipForDisplay(n.name)]));
  return (of, key) => byKey.get(`${of} ${key}`);
}

/** The slugs of a translation's key (a component in categories is spelled with %2F). */
export function keyParts(key: string): { project: string; component: string; language: string } {
  const first = key.indexOf("/");
  const last = key.lastIndexOf("/");
  return {
    project: key.slice(0, first),
    component: key.slice(first + 1, last),
    language: key.slice(last + 1),
  };
}

/**
 * Removed translations' keys, one group per project or component the run removed whole
 * (`wholes`, as the run recorded them), else one per translation; in the order of `keys`.
 */
export function removedGroups(
  keys: readonly string[],
  wholes: readonly { of: "project" | "component"; key: string }[] = [],
): RemovedGroup[] {
  const went = new Set(wholes.map((w) => `${w.of} ${w.key}`));
  const groups = new Map<string, RemovedGroup>();
  for (const key of keys) {
    const { project, component } = keyParts(key);
    const path = `${project}/${component}`;
    const whole = went.has(`project ${project}`)
      ? "project"
      : went.has(`component ${path}`)
        ? "component"
        : undefined;
    const at = whole === "project" ? project : whole === "component" ? path : key;
    const group = groups.get(at) ?? { key: at, ...(whole ? { whole } : {}), keys: [] };
    group.keys.push(key);
    groups.set(at, group);
  }
  return [...groups.values()];
}
