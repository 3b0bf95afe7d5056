import type { Counts } from "../model/counts.js";
import { isJson } from "../model/json.js";
import { isHttpUrl } from "../text/http-url.js";

// The one typed view of a translation record, for every reader after the validator: the pages,
// the history's counters, the incremental crawl's sums. A snapshot keeps records verbatim and the
// validator has judged them, but `render` also reads snapshots written by hand or by other
// versions, and a previous site is untrusted, so every field falls back to a safe value instead
// of failing: a count that is not a count is 0, a name that is not text is missing, a link that
// is not http(s) is no link.

/**
 * Longest text from a record a page shows: a name of a megabyte would be copied into every page
 * that names it.
 */
export const MAX_DISPLAY_CHARS = 200;

/**
 * Bidi embeddings, overrides and isolates: a name holding U+202E would show the rest of the line
 * reversed (a spoofed name). Pages set `dir` where a direction is known, so names need none of
 * them. C0 and C1 controls (an ESC, a line break) have no glyph: each becomes a space.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** A name, or a slug where a record has none (a slug can be long too), as pages show it. */
export function clipForDisplay(raw: string): string {
  const v = raw.replace(BIDI_CONTROLS, "").replace(CONTROLS, " ");
  return v.length > MAX_DISPLAY_CHARS ? `${v.slice(0, MAX_DISPLAY_CHARS - 1)}\u2026` : v;
}
/**
 * What the pages read of a record: counts (0 where not a count), names (non-blank, clipped;
 * undefined when missing, blank or not text: pages use the slug), text shown as it is ("" where
 * missing, blank or not text), http(s) links or none.
 */
export type RecordView = ReturnType<typeof recordView>;

/**
 * The view of a record (or of nothing, for a failed entry): never throws. Read by hand, not by a
 * schema: a site reads 100,000 records twice, and zod took a tenth of its time.
 */
export function recordView(record: unknown) {
  const r = isJson(record) ? record : {};
  return {
    language: languageOf(r.language),
    component: componentOf(r.component),
    total: countOf(r.total),
    translated: countOf(r.translated),
    fuzzy: countOf(r.fuzzy),
    failing_checks: countOf(r.failing_checks),
    have_suggestion: countOf(r.have_suggestion),
    have_comment: countOf(r.have_comment),
    total_words: countOf(r.total_words),
    translated_words: countOf(r.translated_words),
    fuzzy_words: countOf(r.fuzzy_words),
    failing_checks_words: countOf(r.failing_checks_words),
    last_change: stringOf(r.last_change),
    last_author: shownTextOf(r.last_author),
    web_url: linkOf(r.web_url),
    translate_url: linkOf(r.translate_url),
    share_url: linkOf(r.share_url),
    filename: shownTextOf(r.filename),
    revision: shownTextOf(r.revision),
  };
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;
const countOf = (v: unknown): number => (isCount(v) ? v : 0);
const stringOf = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const nameOf = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? clipForDisplay(v) : undefined;
const shownTextOf = (v: unknown): string =>
  typeof v === "string" && v.trim() !== "" ? clipForDisplay(v) : "";
const linkOf = (v: unknown): string | undefined =>
  typeof v === "string" && isHttpUrl(v) ? v : undefined;
const populationOf = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
const booleanOf = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined);

/** A record's source or translation language; `population`: speakers, as newer servers give it. */
function languageOf(language: unknown) {
  const v = isJson(language) ? language : {};
  return {
    code: stringOf(v.code),
    name: nameOf(v.name),
    direction: stringOf(v.direction),
    population: populationOf(v.population),
  };
}

/**
 * A record's component: `translation_review` of newer servers' project records is false where the
 * project has no review workflow (nothing is ever approved), undefined where the server does not
 * say.
 */
function componentOf(component: unknown) {
  const v = isJson(component) ? component : {};
  const project = isJson(v.project) ? v.project : {};
  const source = v.source_language;
  return {
    name: nameOf(v.name),
    is_glossary: booleanOf(v.is_glossary) ?? false,
    project: {
      name: nameOf(project.name),
      translation_review: booleanOf(project.translation_review),
    },
    source_language:
      isJson(source) && typeof source.code === "string"
        ? {
            code: source.code,
            name: nameOf(source.name),
            population: populationOf(source.population),
          }
        : undefined,
  };
}

/**
 * The record's counts, in the one shape of them, with what its statistics add (characters,
 * approved): NaN where the server did not give it, and approved NaN too where the project has no
 * review workflow. Approved is approved plus read-only, as Weblate counts it.
 */
export function recordCounts(view: RecordView, statistics?: unknown): Counts {
  const s = statisticsOf(statistics);
  const review = view.component.project.translation_review !== false;
  const approved = (a: number | undefined, readonly: number | undefined) =>
    review && a !== undefined ? a + (readonly ?? 0) : Number.NaN;
  return {
    total: view.total,
    translated: view.translated,
    fuzzy: view.fuzzy,
    failingChecks: view.failing_checks,
    suggestions: view.have_suggestion,
    comments: view.have_comment,
    totalWords: view.total_words,
    translatedWords: view.translated_words,
    fuzzyWords: view.fuzzy_words,
    failingChecksWords: view.failing_checks_words,
    totalChars: s.total_chars ?? Number.NaN,
    translatedChars: s.translated_chars ?? Number.NaN,
    fuzzyChars: s.fuzzy_chars ?? Number.NaN,
    approved: approved(s.approved, s.readonly),
    approvedWords: approved(s.approved_words, s.readonly_words),
    approvedChars: approved(s.approved_chars, s.readonly_chars),
  };
}

/** What the statistics of newer servers add to a record (entry.statistics), leniently. */
function statisticsOf(v: unknown): Partial<Record<(typeof STATISTICS)[number], number>> {
  const out: Partial<Record<(typeof STATISTICS)[number], number>> = {};
  if (!isJson(v)) return out;
  for (const key of STATISTICS) {
    const value = v[key];
    if (isCount(value)) out[key] = value;
  }
  return out;
}

const STATISTICS = [
  "total_chars",
  "translated_chars",
  "fuzzy_chars",
  "approved",
  "approved_words",
  "approved_chars",
  "readonly",
  "readonly_words",
  "readonly_chars",
] as const;
