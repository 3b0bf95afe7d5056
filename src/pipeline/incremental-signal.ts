import { listedComponentPath } from "../crawl/join.js";
import type { SnapshotEntry } from "../snapshot/snapshot.js";

// What the previous snapshot says of one project, to compare a probe's answers with: its sums
// per language of every counter the statistics endpoint gives and the records carry, and its
// components' paths, names and glossary flags.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const time = (v: unknown) =>
  typeof v === "string" && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined;

/**
 * The statistics endpoint's counters and the record fields they sum. A counter is compared when
 * both sides have it: the endpoint of an older server gives fewer, the records of a newer one
 * carry more (characters, approved).
 */
const COUNTERS: Record<string, string> = {
  total: "total",
  translated: "translated",
  fuzzy: "fuzzy",
  failing: "failing_checks",
  total_words: "total_words",
  translated_words: "translated_words",
  fuzzy_words: "fuzzy_words",
  failing_words: "failing_checks_words",
  suggestions: "have_suggestion",
  comments: "have_comment",
  approved: "approved",
  approved_words: "approved_words",
  readonly: "readonly",
  total_chars: "total_chars",
  translated_chars: "translated_chars",
  fuzzy_chars: "fuzzy_chars",
};

interface LanguageSums {
  /** Per record field: the sum, or undefined once a record lacks it (then not compared). */
  sums: Map<string, number | undefined>;
  lastChange: number | undefined;
  records: number;
}

export class ProjectBefore {
  /** Every entry was usable: a project with any unusable entry is crawled (this run may do better). */
  usable = true;
  private readonly languages = new Map<string, LanguageSums>();
  /** Per component path: its name and glossary flag, as the records embed it. */
  private readonly components = new Map<string, string>();

  add(entry: SnapshotEntry): void {
    if (entry.status !== "ok" || entry.record === undefined || entry.carried) {
      this.usable = false;
      return;
    }
    const record = entry.record as Json;
    const code =
      isObject(record.language) && typeof record.language.code === "string"
        ? record.language.code
        : entry.language;
    let s = this.languages.get(code);
    if (!s) this.languages.set(code, (s = { sums: new Map(), lastChange: undefined, records: 0 }));
    for (const field of Object.values(COUNTERS)) {
      const has = typeof record[field] === "number";
      const sum = s.sums.has(field) ? s.sums.get(field) : s.records === 0 ? 0 : undefined;
      s.sums.set(field, has && sum !== undefined ? sum + num(record[field]) : undefined);
    }
    s.records += 1;
    const changed = time(record.last_change);
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
      if (!isObject(item) || typeof item.code !== "string") return false;
      const s = this.languages.get(item.code);
      // Without the counts there is nothing to compare: not unchanged.
      if (!s || typeof item.total !== "number" || typeof item.translated !== "number") return false;
      for (const [counter, field] of Object.entries(COUNTERS)) {
        const sum = s.sums.get(field);
        if (counter in item && sum !== undefined && item[counter] !== sum) return false;
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
  const c = isObject(component) ? component : {};
  return JSON.stringify([c.slug, c.name, c.is_glossary === true]);
}
