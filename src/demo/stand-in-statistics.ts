import type { Generation } from "./generations.js";

// The statistics endpoints of the stand-in, summed from the translation records it holds, in the
// fields of each generation: Weblate's StatisticsSerializer (api/serializers.py) for 2026, with
// characters, approved and read-only counts; the fewer fields of older servers, as Weblate's own
// client's recorded responses have them.

type Json = Record<string, unknown>;

/** What a statistics row says of what it sums besides the numbers (a language, a project). */
export type Facts = Json;

const pct = (part: number, whole: number) =>
  whole === 0 ? 100 : Math.floor((part * 1000) / whole) / 10;
const pctOfNone = (part: number, whole: number) => (whole === 0 ? 0 : pct(part, whole));

/** Characters of a record: its own count where it has one, else about five a word. */
const chars = (record: Json, field: string) =>
  typeof record[`${field}_chars`] === "number"
    ? Number(record[`${field}_chars`])
    : Math.round((Number(record[`${field}_words`]) || 0) * 5.4);

/** Totals of some translations, in the fields of a generation's statistics endpoints. */
export function statistics(
  records: unknown[],
  facts: Facts,
  generation: Generation | undefined,
  lastAuthor = false,
): Json {
  const rows = records.filter((r): r is Json => typeof r === "object" && r !== null);
  const sum = (read: (r: Json) => number) => rows.reduce((n, r) => n + (read(r) || 0), 0);
  const field = (name: string) => sum((r) => Number(r[name]));
  const total = field("total");
  const totalWords = field("total_words");
  const translated = field("translated");
  const translatedWords = field("translated_words");
  const fuzzy = field("fuzzy");
  const failing = field("failing_checks");
  const latest = rows
    .map((r) => r.last_change)
    .filter((v): v is string => typeof v === "string")
    .sort()
    .at(-1);
  const author = lastAuthor
    ? { last_author: rows.length === 1 ? (rows[0]?.last_author ?? null) : null }
    : {};
  if (generation === "4")
    return {
      code: facts.code,
      failing,
      failing_percent: pctOfNone(failing, total),
      fuzzy,
      fuzzy_percent: pctOfNone(fuzzy, total),
      ...author,
      last_change: latest ?? null,
      recent_changes: 0,
      name: facts.name,
      total,
      total_words: totalWords,
      translated,
      translated_percent: pct(translated, total),
      translated_words: translatedWords,
      url: facts.url,
      ...(facts.translate_url ? { url_translate: facts.translate_url } : {}),
    };
  const base: Json = {
    total,
    total_words: totalWords,
    ...(generation === "2026" ? { total_chars: sum((r) => chars(r, "total")) } : {}),
    last_change: latest ?? null,
    recent_changes: 0,
    translated,
    translated_words: translatedWords,
    translated_percent: pct(translated, total),
    translated_words_percent: pct(translatedWords, totalWords),
  };
  if (generation !== "2026")
    return {
      ...base,
      fuzzy,
      fuzzy_percent: pctOfNone(fuzzy, total),
      failing,
      failing_percent: pctOfNone(failing, total),
      suggestions: field("have_suggestion"),
      comments: field("have_comment"),
      ...author,
      ...facts,
    };
  const totalChars = sum((r) => chars(r, "total"));
  const translatedChars = sum((r) => chars(r, "translated"));
  const fuzzyWords = field("fuzzy_words");
  const fuzzyChars = sum((r) => chars(r, "fuzzy"));
  // Review is not enabled on the stand-in's projects unless a record says what is approved.
  const approved = field("approved");
  const approvedWords = field("approved_words");
  const approvedChars = sum((r) => Number(r.approved_chars) || 0);
  const readonly = field("readonly");
  const readonlyWords = field("readonly_words");
  const readonlyChars = sum((r) => Number(r.readonly_chars) || 0);
  return {
    ...base,
    translated_chars: translatedChars,
    translated_chars_percent: pct(translatedChars, totalChars),
    fuzzy,
    fuzzy_percent: pctOfNone(fuzzy, total),
    fuzzy_words: fuzzyWords,
    fuzzy_words_percent: pctOfNone(fuzzyWords, totalWords),
    fuzzy_chars: fuzzyChars,
    fuzzy_chars_percent: pctOfNone(fuzzyChars, totalChars),
    failing,
    failing_percent: pctOfNone(failing, total),
    approved,
    approved_percent: pctOfNone(approved, total),
    approved_words: approvedWords,
    approved_words_percent: pctOfNone(approvedWords, totalWords),
    approved_chars: approvedChars,
    approved_chars_percent: pctOfNone(approvedChars, totalChars),
    readonly,
    readonly_percent: pctOfNone(readonly, total),
    readonly_words: readonlyWords,
    readonly_words_percent: pctOfNone(readonlyWords, totalWords),
    readonly_chars: readonlyChars,
    readonly_chars_percent: pctOfNone(readonlyChars, totalChars),
    suggestions: field("have_suggestion"),
    comments: field("have_comment"),
    ...author,
    ...facts,
  };
}

/** A project's per-language row as older servers sent it (`language` is the name there). */
export function olderLanguageRow(records: unknown[], code: unknown, name: unknown): Json {
  const rows = records.filter((r): r is Json => typeof r === "object" && r !== null);
  const field = (f: string) => rows.reduce((n, r) => n + (Number(r[f]) || 0), 0);
  const total = field("total");
  const totalWords = field("total_words");
  return {
    total_words: totalWords,
    code,
    translated_words: field("translated_words"),
    language: name,
    translated: field("translated"),
    translated_percent: pct(field("translated"), total),
    total,
    words_percent: pct(field("translated_words"), totalWords),
  };
}
