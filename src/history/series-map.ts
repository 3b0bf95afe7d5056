import { decodeSeriesText, encodeSeriesText } from "./series-text.js";

// The series of a history in memory as the file keeps them: each translation's points as its
// delta-encoded text (series-text.ts), a few bytes a point, where an array of numbers takes some
// 100 bytes a point. A series is decoded when it is asked for and encoded again when it is set.

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

  *values(): Generator<number[]> {
    for (const text of this.texts.values()) yield decodeSeriesText(text);
  }

  *entries(): Generator<[string, number[]]> {
    for (const [key, text] of this.texts) yield [key, decodeSeriesText(text)];
  }

  [Symbol.iterator](): Iterator<[string, number[]]> {
    return this.entries();
  }
}
