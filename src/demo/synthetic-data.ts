import { makeTranslation, type LanguageSeed } from "./record-builder.js";

// Large made-up data sets for the benchmarks and the scale tests: `components` components of
// one project, each translated into the same `languages` languages.

export interface SyntheticSize {
  projects?: number;
  components: number;
  languages: number;
}

export function syntheticLanguages(count: number): LanguageSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    code: `l${String(i).padStart(3, "0")}`,
    name: `Language ${String(i).padStart(3, "0")}`,
    direction: i % 10 === 3 ? "rtl" : "ltr",
  }));
}

export function syntheticRecords(size: SyntheticSize): (base: string) => Record<string, unknown>[] {
  return (base) => {
    const languages = syntheticLanguages(size.languages);
    const out: Record<string, unknown>[] = [];
    // A language's records are the same in each of its translations: kept once, so a million
    // records fit in memory (the stand-in serves them as JSON all the same).
    const shared = new Map<string, unknown>();
    for (let p = 0; p < (size.projects ?? 1); p++)
      out.push(...syntheticProjectRecords(size, p, base, languages, shared));
    return out;
  };
}

/**
 * The records of project `p` of a synthetic server of `size` (the same as syntheticRecords gives
 * for it), for writers that take a large server one project at a time. `shared`: records kept
 * once across calls (a language's).
 */
export function syntheticProjectRecords(
  size: SyntheticSize,
  p: number,
  base: string,
  languages: LanguageSeed[] = syntheticLanguages(size.languages),
  shared = new Map<string, unknown>(),
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  // A component's and a language's records are the same in each of their translations.
  const once = (key: string, value: unknown) => {
    const known = shared.get(key);
    if (known !== undefined) return known;
    shared.set(key, value);
    return value;
  };
  let id = p * size.components * languages.length;
  const project = {
    slug: `project${p}`,
    name: `Project ${p}`,
    web: `https://example.org/project${p}`,
  };
  for (let c = 0; c < size.components; c++) {
    const component = { slug: `component${c}`, name: `component${c}`, total: 100 + c * 7 };
    languages.forEach((language, l) => {
      id += 1;
      const translated = Math.floor((component.total * ((l * 37 + c * 11) % 101)) / 100);
      const record = makeTranslation(base, {
        project,
        projectId: p + 1,
        component,
        componentId: p * size.components + c + 1,
        language,
        languageId: l + 1,
        id,
        stats: {
          translated,
          fuzzy: Math.floor((component.total - translated) / 3),
          failingChecks: l % 7 === 0 ? Math.min(2, translated) : 0,
          lastChange: "2026-10-01T10:00:00Z",
          lastAuthor: "Bench",
        },
      });
      record.component = once(`c${p}/${c}`, record.component);
      record.language = once(`l${l}`, record.language);
      out.push(record);
    });
  }
  return out;
}

export function syntheticTriples(size: SyntheticSize): string[] {
  const languages = syntheticLanguages(size.languages);
  const out: string[] = [];
  for (let p = 0; p < (size.projects ?? 1); p++) {
    for (let c = 0; c < size.components; c++)
      for (const l of languages) out.push(`project${p}/component${c}/${l.code}`);
  }
  return out;
}
