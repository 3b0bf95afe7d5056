// A set of translations by component and language, compact at any size: each language code is
// numbered once, and a component holds a bit per language number. A million translations of a few
// thousand components in a few hundred languages take some hundred kilobytes, where a set of
// strings would take tens of megabytes.

export class TripleSet {
  private readonly numbers = new Map<string, number>();
  private readonly codes: string[] = [];
  private readonly bits = new Map<string, Uint32Array>();
  private count = 0;

  /** Translations in the set. */
  get size(): number {
    return this.count;
  }

  /** Adds a translation (`component` any key for it, "project\ncomponent"); false if it was in. */
  add(component: string, language: string): boolean {
    const n = this.number(language);
    let words = this.bits.get(component);
    if (words === undefined || words.length <= n >>> 5) {
      const grown = new Uint32Array(Math.max(4, (this.codes.length + 31) >>> 5));
      if (words) grown.set(words);
      words = grown;
      this.bits.set(component, words);
    }
    const bit = 1 << (n & 31);
    const word = words[n >>> 5] ?? 0;
    if ((word & bit) !== 0) return false;
    words[n >>> 5] = word | bit;
    this.count += 1;
    return true;
  }

  has(component: string, language: string): boolean {
    const n = this.numbers.get(language);
    const words = this.bits.get(component);
    if (n === undefined || words === undefined) return false;
    return ((words[n >>> 5] ?? 0) & (1 << (n & 31))) !== 0;
  }

  /** The components that hold a translation, as keyed. */
  components(): IterableIterator<string> {
    return this.bits.keys();
  }

  /** Whether any component whose key `matches` holds a translation in `language`. */
  hasLanguage(language: string, matches: (component: string) => boolean): boolean {
    const n = this.numbers.get(language);
    if (n === undefined) return false;
    for (const [component, words] of this.bits)
      if (matches(component) && ((words[n >>> 5] ?? 0) & (1 << (n & 31))) !== 0) return true;
    return false;
  }

  /** The languages a component holds, in the order they were first seen in the set. */
  languagesOf(component: string): string[] {
    const words = this.bits.get(component);
    if (!words) return [];
    return this.codes.filter((_, n) => ((words[n >>> 5] ?? 0) & (1 << (n & 31))) !== 0);
  }

  private number(language: string): number {
    let n = this.numbers.get(language);
    if (n === undefined) {
      n = this.codes.length;
      this.codes.push(language);
      this.numbers.set(language, n);
    }
    return n;
  }
}
