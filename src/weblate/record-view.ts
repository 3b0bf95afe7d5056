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
const clip = (raw: string): string => {
  const v = raw.replace(BIDI_CONTROLS, "").replace(CONTROLS, " ");
  return v.length > MAX_DISPLAY_CHARS ? `${v.slice(0, MAX_DISPLAY_CHARS - 1)}\u2026` : v;
};
/** A record's source or translation language, as the pages read it. */
interface LanguageView {
  code: string | undefined;
  /** A non-blank name, clipped; undefined when missing, blank or not text (pages use the slug). */
  name: string | undefined;
  direction: string | undefined;
  /** Speakers of a language, as newer servers give it (`population`); undefined when not given. */
  population: number | undefined;
}

/**
 * What the pages read of a record: counts (0 where not a count), names (see LanguageView), text
 * shown as it is ("" where missing, blank or not text), http(s) links or none.
 */
export interface RecordView {
  language: LanguageView;
  component: {
    name: string | undefined;
    is_glossary: boolean;
    /**
     * `translation_review` of newer servers' project records: false where the project has no
     * review workflow (nothing is ever approved), undefined where the server does not say.
     */
    project: { name: string | undefined; translation_review: boolean | undefined };
    /** A component's source language: its code, name and speakers. */
    source_language:
      | { code: string; name: string | undefined; population: number | undefined }
      | undefined;
  };
  total: number;
  translated: number;
  fuzzy: number;
  failing_checks: number;
  have_suggestion: number;
  have_comment: number;
  total_words: number;
  translated_words: number;
  fuzzy_words: number;
  failing_checks_words: number;
  last_change: string | undefined;
  last_author: string;
  web_url: string | undefined;
  translate_url: string | undefined;
  share_url: string | undefined;
  filename: string;
  revision: string;
}

/**
 * The view of a record (or of nothing, for a failed entry): never throws. Read by hand, not by a
 * schema: a site reads 100,000 records twice, and zod took a tenth of its time.
 */
export function recordView(record: unknown): RecordView {
  if (!isJson(record)) return recordView({});
  const r = record;
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
  typeof v === "string" && v.trim() !== "" ? clip(v) : undefined;
const shownTextOf = (v: unknown): string =>
  typeof v === "string" && v.trim() !== "" ? clip(v) : "";
const linkOf = (v: unknown): string | undefined =>
  typeof v === "string" && isHttpUrl(v) ? v : undefined;
const populationOf = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
const booleanOf = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined);

function languageOf(v: unknown): RecordView["language"] {
  if (!isJson(v))
    return { code: undefined, name: undefined, direction: undefined, population: undefined };
  return {
    code: stringOf(v.code),
    name: nameOf(v.name),
    direction: stringOf(v.direction),
    population: populationOf(v.population),
  };
}

function componentOf(v: unknown): RecordView["component"] {
  if (!isJson(v))
    return {
      name: undefined,
      is_glossary: false,
      project: { name: undefined, translation_review: undefined },
      source_language: undefined,
    };
  const project = isJson(v.project)
    ? { name: nameOf(v.project.name), translation_review: booleanOf(v.project.translation_review) }
    : { name: undefined, translation_review: undefined };
  const source = v.source_language;
  return {
    name: nameOf(v.name),
    is_glossary: booleanOf(v.is_glossary) ?? false,
    project,
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
function statisticsOf(v: unknown): Record<string, number | undefined> {
  if (!isJson(v)) return {};
  const stat = (x: unknown) => (isCount(x) ? x : undefined);
  return {
    total_chars: stat(v.total_chars),
    translated_chars: stat(v.translated_chars),
    fuzzy_chars: stat(v.fuzzy_chars),
    approved: stat(v.approved),
    approved_words: stat(v.approved_words),
    approved_chars: stat(v.approved_chars),
    readonly: stat(v.readonly),
    readonly_words: stat(v.readonly_words),
    readonly_chars: stat(v.readonly_chars),
  };
}

/** A slug shown where a record has no name: clipped like names (a slug can be long too). */
export function clipSlug(slug: string): string {
  return clip(slug);
}
