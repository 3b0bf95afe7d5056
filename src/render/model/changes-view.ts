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
}

/** What changed for an item of the changes, in numbers: each locale says it in its words. */
export type ChangeDetail =
  | { kind: "reached"; previous: number }
  | { kind: "fell"; previous: number; percent: number }
  | { kind: "newStrings"; added: number }
  | { kind: "added" }
  /** `text` is a component's or project's key when every translation of it went. */
  | { kind: "removed"; why: RemovedWhy };

/** Why a translation went: the server dropped it, the config no longer tracks it, or unknown. */
export type RemovedWhy = "server" | "config" | "unknown";

export interface ChangeItem {
  /** The triple or component key, shown when the site has no page for it (a removed one). */
  text: string;
  /** The names of a translation the site has. */
  translation?: {
    language: string;
    languageName: string;
    componentName: string;
    projectName: string;
  };
  /** The names of a component the site has. */
  component?: { name: string; projectName: string };
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
