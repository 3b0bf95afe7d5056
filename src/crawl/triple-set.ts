// A set of translations by component ("project\ncomponent", any key for it) and language.

export class TripleSet {
  private readonly byComponent = new Map<string, Set<string>>();
  private count = 0;

  /** Translations in the set. */
  get size(): number {
    return this.count;
  }

  /** Adds a translation; false if it was in. */
  add(component: string, language: string): boolean {
    const languages = this.byComponent.get(component) ?? new Set<string>();
    this.byComponent.set(component, languages);
    if (languages.has(language)) return false;
    languages.add(language);
    this.count += 1;
    return true;
  }

  has(component: string, language: string): boolean {
    return this.byComponent.get(component)?.has(language) ?? false;
  }

  /** The components that hold a translation, as keyed. */
  components(): IterableIterator<string> {
    return this.byComponent.keys();
  }

  /** Whether any component whose key `matches` holds a translation in `language`. */
  hasLanguage(language: string, matches: (component: string) => boolean): boolean {
    for (const [component, languages] of this.byComponent)
      if (matches(component) && languages.has(language)) return true;
    return false;
  }
}
