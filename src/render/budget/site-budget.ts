import { OutputError } from "../../model/errors.js";
import { must } from "../../model/must.js";
import type { KindCost } from "./measure-files.js";
import { detailAfter, DROP_STEPS, type DropStep, type SiteDetail } from "./site-detail.js";

// The site's budget: `site.maxBytes`, the sum of the sizes of the site's files (what GitHub Pages
// counts: a published site may be at most 1 GB). Before anything is written, the site is measured
// at full detail; when it would not fit, the steps of DROP_STEPS are taken one at a time, each
// measured again, until it fits. When even the smallest form does not fit, the run stops before
// writing (exit 3).

/** What the budget chose. */
export interface BudgetChoice {
  detail: SiteDetail;
  /** How many steps of DROP_STEPS were taken. */
  steps: number;
  /** What each kind of file costs at that detail (measured, some from samples). */
  costs: KindCost[];
  /** Their sum: the site's size as planned. */
  bytes: number;
  maxBytes: number;
  /** The steps taken, each with what it saved. */
  leftOut: { step: DropStep; saves: number }[];
  /** The whole site's size, when something was left out. */
  fullBytes?: number;
}

/** Something that can be measured at one detail after another (render/site-plan.ts). */
export interface Measurable {
  setDetail(detail: SiteDetail): void;
  /** `quick`: a few files of each kind measured, for a first look. */
  costs(quick?: boolean): KindCost[];
}

/**
 * How far a quick look may be off: a site it puts this far below its budget fits without a closer
 * look (and one it puts this far above does not). The written site is checked all the same.
 */
const QUICK_MARGIN = 1.25;

const sum = (costs: KindCost[]) => costs.reduce((n, c) => n + c.bytes, 0);

/**
 * The most detail that fits `maxBytes`; `after` a choice whose site turned out larger than
 * measured (`written` bytes), the next step on. Throws an OutputError (exit 3) when nothing fits,
 * and when the site written at its smallest form did not.
 */
export function chooseDetail(
  site: Measurable,
  maxBytes: number,
  after?: BudgetChoice,
  written?: number,
): BudgetChoice {
  if (after && after.steps >= DROP_STEPS.length)
    throw overBudgetError(after.costs, Math.max(written ?? 0, after.bytes), maxBytes);
  const leftOut = [...(after?.leftOut ?? [])];
  let before = after?.bytes;
  for (let steps = after ? after.steps + 1 : 0; ; steps++) {
    const detail = detailAfter(steps);
    site.setDetail(detail);
    const costs = lookAt(site, maxBytes);
    const bytes = sum(costs);
    if (before !== undefined)
      leftOut.push({ step: must(DROP_STEPS[steps - 1]), saves: before - bytes });
    before = bytes;
    if (bytes <= maxBytes) {
      // What each step left out adds up to what the whole site would have been.
      const fullBytes = bytes + leftOut.reduce((n, l) => n + l.saves, 0);
      return {
        detail,
        steps,
        costs,
        bytes,
        maxBytes,
        leftOut,
        ...(steps > 0 ? { fullBytes } : {}),
      };
    }
    if (steps === DROP_STEPS.length) throw overBudgetError(costs, bytes, maxBytes);
  }
}

/** A quick look at the site's costs, and a closer one only where the quick look cannot tell. */
function lookAt(site: Measurable, maxBytes: number): KindCost[] {
  const quick = site.costs(true);
  const rough = sum(quick);
  const clear = rough * QUICK_MARGIN <= maxBytes || rough > maxBytes * QUICK_MARGIN;
  return clear ? quick : site.costs();
}

function overBudgetError(costs: KindCost[], bytes: number, maxBytes: number): OutputError {
  const largest = [...costs]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 3)
    .map((c) => `${c.kind} ${formatBytes(c.bytes)}`)
    .join(", ");
  return new OutputError(
    `the site would be ${formatBytes(bytes)} even at its smallest (${largest}), ` +
      `over site.maxBytes (${formatBytes(maxBytes)}): raise site.maxBytes or track fewer ` +
      "translations; nothing was written",
  );
}

/** What the budget left out, one line each, for the log; nothing when the whole site fits. */
export function budgetLines(choice: BudgetChoice): string[] {
  if (choice.leftOut.length === 0 || choice.fullBytes === undefined) return [];
  return [
    `site.maxBytes: the whole site would be ${formatBytes(choice.fullBytes)}, ` +
      `over its budget of ${formatBytes(choice.maxBytes)}; left out, in this order:`,
    ...choice.leftOut.map(
      ({ step, saves }) => `  - ${step.name} (${formatBytes(saves)}): ${step.instead}`,
    ),
    `  the site is ${formatBytes(choice.bytes)} as planned; ` +
      "every badge and widget address still answers",
  ];
}

/** Bytes for people, in decimal units as GitHub states its limits: "612 MB", "1.21 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} kB`;
  return `${bytes} bytes`;
}
