import measure from "anafanafo";
import { must } from "../model/must.js";

// Text in the widgets is measured, not guessed: anafanafo holds the advance widths of Verdana
// (the font shields.io's badges use, and the one badge-maker measures with). Characters it has no
// width for (CJK, Arabic...) are estimated wide, so a label never overflows its box.

export const FONT_FAMILY = "Verdana,DejaVu Sans,Geneva,sans-serif";

/** Widths at 11 px, regular and bold. */
const widths = [new Map<string, number>(), new Map<string, number>()] as const;

/** Texts longer than this are measured but not kept: a cache of a few thousand short names. */
const CACHED_LENGTH = 200;

/** Width of `text` at 11 px. */
function at11(text: string, bold: boolean): number {
  // Every chart of a site names the same few hundred languages: each is measured once.
  const cache = widths[bold ? 1 : 0];
  let width = cache.get(text);
  if (width === undefined) {
    width = measure(text, { font: bold ? "bold 11px Helvetica" : "11px Verdana", guess: true });
    if (text.length <= CACHED_LENGTH) {
      if (cache.size >= 10_000) cache.clear();
      cache.set(text, width);
    }
  }
  return width;
}

/** Width in pixels of `text` at `size` px, bold or not. */
export function textWidth(text: string, size = 11, bold = false): number {
  return (at11(text, bold) * size) / 11;
}

/**
 * `text` cut to fit `max` pixels, with an ellipsis when cut. A text's width is the sum of its
 * characters' (anafanafo adds them up, in order), so the cut is found in one pass, however long.
 */
export function fitText(text: string, max: number, size = 11, bold = false): string {
  if (textWidth(text, size, bold) <= max) return text;
  const ellipsis = at11("…", bold);
  let kept = "";
  let width = 0;
  for (const char of text) {
    const next = width + at11(char, bold);
    if (kept !== "" && ((next + ellipsis) * size) / 11 > max) break;
    kept += char;
    width = next;
  }
  return `${kept}…`;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text for an SVG (XML) text node or attribute; characters XML 1.0 forbids are dropped. */
export function xml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/[&<>"']/g, (c) => must(XML_ESCAPES[c]))
  );
}

/** A number for an SVG attribute: at most two decimals. */
export const n = (value: number): string => String(Math.round(value * 100) / 100);
