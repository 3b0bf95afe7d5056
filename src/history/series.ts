import { must } from "../model/must.js";

// A history's series: per translation, its points flattened ([at, counters..., at, ...]), kept in
// memory as the file keeps them: delta-encoded (the first point as it is, each later one as its
// difference from the one before: 1440,0,3,... for a day on which 3 strings were translated),
// then written as zigzag varints in base64url characters, so a day's small deltas take one
// character each and a point a few bytes (as an array of numbers, some 100). A series is decoded
// when it is asked for and encoded again when it is set.

/**
 * The counters a point holds, in this order after its time: the first six from the record;
 * characters and approved (approved and read-only, as Weblate counts "approved"), which servers
 * give only in their statistics (entry.statistics), UNKNOWN where not given.
 */
export const COUNTERS = [
  "total",
  "translated",
  "fuzzy",
  "failingChecks",
  "totalWords",
  "translatedWords",
  "totalChars",
  "translatedChars",
  "approved",
  "approvedWords",
  "approvedChars",
] as const;
export type Counter = (typeof COUNTERS)[number];
/** A counter the server did not give (an older server, a project without review). */
export const UNKNOWN = -1;
/** Numbers per point: the minute, then the counters. */
export const POINT_SIZE = 1 + COUNTERS.length;

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

/** "project/component/language" -> its series, flattened ([at, counters..., at, ...]). */
export class SeriesMap implements Iterable<[string, number[]]> {
  /** Each series' text; public so two maps compare by their contents. */
  readonly texts = new Map<string, string>();

  get size(): number {
    return this.texts.size;
  }

  has(key: string): boolean {
    return this.texts.has(key);
  }

  /** The series, decoded: a new array each time (setting it back stores a change). */
  get(key: string): number[] | undefined {
    const text = this.texts.get(key);
    return text === undefined ? undefined : decodeSeriesText(text);
  }

  set(key: string, flat: readonly number[]): this {
    this.texts.set(key, encodeSeriesText(flat));
    return this;
  }

  /** Stores a series' text as a file has it, checked already (history-file.ts). */
  setText(key: string, text: string): this {
    this.texts.set(key, text);
    return this;
  }

  /** The series' text, as a file keeps it. */
  text(key: string): string | undefined {
    return this.texts.get(key);
  }

  delete(key: string): boolean {
    return this.texts.delete(key);
  }

  keys(): IterableIterator<string> {
    return this.texts.keys();
  }

  *entries(): Generator<[string, number[]]> {
    for (const [key, text] of this.texts) yield [key, decodeSeriesText(text)];
  }

  [Symbol.iterator](): Iterator<[string, number[]]> {
    return this.entries();
  }
}
