import measure from "anafanafo";
import { must } from "../model/must.js";

// Text in the widgets is measured, not guessed: anafanafo holds the advance widths of Verdana
// (the font shields.io's badges use, and the one badge-maker measures with). Characters it has no
// width for (CJK, Arabic...) are estimated wide, so a label never overflows its box.

export const FONT_FAMILY = "Verdana,DejaVu Sans,Geneva,sans-serif";

const widths = new Map<string, number>();

/** Width in pixels of `text` at `size` px, bold or not. */
export function textWidth(text: string, size = 11, bold = false): number {
  // Every chart of a site names the same few hundred languages: each is measured once.
  const key = bold ? `b${text}` : text;
  let at11 = widths.get(key);
  if (at11 === undefined) {
    at11 = measure(text, { font: bold ? "bold 11px Helvetica" : "11px Verdana", guess: true });
    if (widths.size > 50_000) widths.clear();
    widths.set(key, at11);
  }
  return (at11 * size) / 11;
}

/** `text` cut to fit `max` pixels, with an ellipsis when cut. */
export function fitText(text: string, max: number, size = 11, bold = false): string {
  if (textWidth(text, size, bold) <= max) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join("")}…`, size, bold) > max) chars.pop();
  return `${chars.join("")}…`;
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
