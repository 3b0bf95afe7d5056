import { listedComponentPath } from "../crawl/join.js";
import { isJson } from "../model/json.js";
import type { Counts } from "../model/counts.js";
import type { SnapshotEntry } from "../snapshot/snapshot.js";
import { recordCounts, recordView } from "../weblate/record-view.js";

// What the previous snapshot says of one project, to compare a probe's answers with: its sums
// per language of every counter the site shows that the statistics endpoint gives, and its
// components' paths, names and glossary flags.

const time = (v: unknown) =>
  typeof v === "string" && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined;

/**
 * The statistics endpoint's counters and the counts they sum (of the one record reader,
 * weblate/record-view.ts), with the record field that must be there for the sum to be compared:
 * the endpoint of an older server gives fewer counters, the records of one may lack a field.
 */
const COUNTERS: [api: string, key: keyof Counts, field: string][] = [
  ["total", "total", "total"],
  ["translated", "translated", "translated"],
  ["fuzzy", "fuzzy", "fuzzy"],
  ["failing", "failingChecks", "failing_checks"],
  ["suggestions", "suggestions", "have_suggestion"],
  ["comments", "comments", "have_comment"],
  ["total_words", "totalWords", "total_words"],
  ["translated_words", "translatedWords", "translated_words"],
  ["fuzzy_words", "fuzzyWords", "fuzzy_words"],
  ["failing_words", "failingChecksWords", "failing_checks_words"],
];

interface LanguageSums {
  /** Per statistics counter: the sum, or undefined once a record lacks it (then not compared). */
  sums: Map<string, number | undefined>;
  lastChange: number | undefined;
  records: number;
}

export class ProjectBefore {
  /** Every entry was usable: one with an unusable entry is crawled (this run may do better). */
  usable = true;
  private readonly languages = new Map<string, LanguageSums>();
  /** Per component path: its name and glossary flag, as the records embed it. */
  private readonly components = new Map<string, string>();

  add(entry: SnapshotEntry): void {
    if (entry.status !== "ok" || entry.record === undefined || entry.carried) {
      this.usable = false;
      return;
    }
    const record = isJson(entry.record) ? entry.record : {};
    const view = recordView(entry.record);
    const counts = recordCounts(view);
    const code = view.language.code ?? entry.language;
    const s = this.languages.get(code) ?? { sums: new Map(), lastChange: undefined, records: 0 };
    this.languages.set(code, s);
    for (const [api, key, field] of COUNTERS) {
      const has = typeof record[field] === "number";
      const sum = s.sums.has(api) ? s.sums.get(api) : s.records === 0 ? 0 : undefined;
      s.sums.set(api, has && sum !== undefined ? sum + counts[key] : undefined);
    }
    s.records += 1;
    const changed = time(view.last_change);
    if (changed !== undefined && (s.lastChange === undefined || changed > s.lastChange))
      s.lastChange = changed;
    this.components.set(entry.component, componentFacts(record.component));
  }

  /**
   * The per-language statistics against the sums: the same languages, every counter both sides
   * have equal, the same last change.
   */
  sameStatistics(body: unknown): boolean {
    if (!Array.isArray(body) || body.length !== this.languages.size) return false;
    for (const item of body) {
      if (!isJson(item) || typeof item.code !== "string") return false;
      const s = this.languages.get(item.code);
      // Without the counts there is nothing to compare: not unchanged.
      if (!s || typeof item.total !== "number" || typeof item.translated !== "number") return false;
      for (const [api] of COUNTERS) {
        const sum = s.sums.get(api);
        if (api in item && sum !== undefined && item[api] !== sum) return false;
      }
      if ("last_change" in item && time(item.last_change) !== s.lastChange) return false;
    }
    return true;
  }

  /** The project's component list against the components the records embed. */
  sameComponents(items: unknown[]): boolean {
    const listed = new Map<string, string>();
    for (const item of items) {
      const path = listedComponentPath(item);
      if (path === undefined) return false;
      listed.set(path, componentFacts(item));
    }
    if (listed.size !== this.components.size) return false;
    for (const [path, facts] of listed) if (this.components.get(path) !== facts) return false;
    return true;
  }
}

/** What the pages show of a component besides its numbers: its name and glossary flag. */
function componentFacts(component: unknown): string {
  const c = isJson(component) ? component : {};
  return JSON.stringify([c.slug, c.name, c.is_glossary === true]);
}
