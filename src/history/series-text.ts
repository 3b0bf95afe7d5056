import { must } from "../model/must.js";
import { POINT_SIZE } from "./counters.js";

// The numbers of a history file's series as text: delta-encoded (encodeSeries), then written as
// zigzag varints in base64url characters (encodeNumbers), so a day's small deltas take one
// character each.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/**
 * Integers as text: each zigzag-mapped (0, -1, 1, -2, ... -> 0, 1, 2, 3, ...), then written 5 bits
 * at a time, lowest first, as base64url digits; a digit of 32 or more means "more digits follow".
 */
export function encodeNumbers(numbers: readonly number[]): string {
  // Bytes first, one string at the end: adding to a string a character at a time is far slower.
  let bytes = new Uint8Array(numbers.length * 2 + 16);
  let used = 0;
  for (const n of numbers) {
    if (used + 12 > bytes.length) {
      const larger = new Uint8Array(bytes.length * 2);
      larger.set(bytes);
      bytes = larger;
    }
    let z = n >= 0 ? n * 2 : -n * 2 - 1;
    while (z >= 32) {
      bytes[used++] = must(ALPHABET_CODES[32 + (z % 32)]);
      z = Math.floor(z / 32);
    }
    bytes[used++] = must(ALPHABET_CODES[z]);
  }
  return Buffer.from(bytes.buffer, 0, used).toString("latin1");
}

/**
 * The numbers of encodeNumbers' text; throws on a character outside base64url or a number cut
 * short.
 */
export function decodeNumbers(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? must(DIGIT[code]) : -1;
    if (digit < 0) throw new Error(`a character outside base64url at ${i}`);
    value += (digit & 31) * scale;
    if (digit >= 32) {
      scale *= 32;
      if (scale > 2 ** 50) throw new Error(`a number too large at ${i}`);
      continue;
    }
    out.push(value % 2 === 0 ? value / 2 : -(value + 1) / 2);
    value = 0;
    scale = 1;
  }
  if (scale !== 1) throw new Error("a number cut short at the end");
  return out;
}

function encodeSeries(flat: readonly number[]): number[] {
  const out = flat.slice(0, POINT_SIZE);
  for (let i = POINT_SIZE; i < flat.length; i++)
    out.push(must(flat[i]) - must(flat[i - POINT_SIZE]));
  return out;
}

/** A flattened series as the file keeps it: delta-encoded, in encodeNumbers' text. */
export const encodeSeriesText = (flat: readonly number[]): string =>
  encodeNumbers(encodeSeries(flat));

/** The flattened series of encodeSeriesText's text (a text read and checked before). */
export function decodeSeriesText(text: string): number[] {
  const flat = decodeNumbers(text);
  for (let i = POINT_SIZE; i < flat.length; i++)
    flat[i] = must(flat[i]) + must(flat[i - POINT_SIZE]);
  return flat;
}

/** The time of a series text's first point (its first number), without decoding the rest. */
export function firstMinute(text: string | undefined): number {
  if (text === undefined) return Number.POSITIVE_INFINITY;
  let value = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const digit = must(DIGIT[text.charCodeAt(i) & 127]);
    value += (digit & 31) * scale;
    if (digit < 32) break;
    scale *= 32;
  }
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}
