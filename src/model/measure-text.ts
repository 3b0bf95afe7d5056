import { fallbackNote, measure, measureWords, type Measure, type Measured } from "./measure.js";
import type { Counts } from "./counts.js";

// A percent in words, as every page, export and `check` says it: one rounding (Weblate's: floored
// to one decimal, 100% only when complete), one sentence ("73.8% of 45,024 words translated"),
// one note when it counts other than asked.

/**
 * A percent as Weblate shows it: floored to one decimal, "100%" only when complete, never "0%"
 * for something done. A total of 0 shows `whenEmpty` ("–": nothing to translate; 0 for shares
 * such as "needs review").
 */
export function formatPercent(
  part: number,
  total: number,
  whenEmpty: number | string = "–",
): string {
  const value = shownPercent(part, total);
  if (value === undefined) return typeof whenEmpty === "number" ? `${whenEmpty}%` : whenEmpty;
  return `${value}%`;
}

/**
 * The number formatPercent shows (one decimal, floored; 100 only when complete; 0.1 for
 * something done): what the exports write too. Undefined for a total of 0.
 */
export function shownPercent(part: number, total: number): number | undefined {
  if (total <= 0) return undefined;
  if (part >= total) return 100;
  const value = Math.floor((part * 1000) / total) / 10;
  return value === 0 && part > 0 ? 0.1 : value;
}

const integers = new Intl.NumberFormat("en-US");

/** 12,345: a count with thousands separators. */
export function formatInteger(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return integers.format(n);
  const digits = String(n);
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * "73.8% of 45,024 words translated": what some counts come to in a measure; where they do not
 * allow it, in what they do, saying why ("(the server gives no character counts)").
 */
export function progressSummary(t: Counts, by: Measure): string {
  const m = measure(t, by);
  return measuredSummary(m) + fallbackNote(by, m.used);
}

/** "73.8% of 45,024 words translated" for what measure() gave, "no words to translate". */
export function measuredSummary(m: Measured): string {
  const { unit, done } = measureWords(m.used);
  if (m.whole <= 0) return `no ${unit} to translate`;
  return `${formatPercent(m.part, m.whole)} of ${formatInteger(m.whole)} ${unit} ${done}`;
}
