import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { hasUnsafeCharacter } from "../text/sanitize.js";

// One catalog file in the format Weblate calls "i18next JSON file v4": nested objects of strings,
// `{{name}}` placeholders, plural forms as keys with CLDR suffixes (`key_one`, `key_other`).
// Read with jsonc-parser's syntax tree, which keeps each value's offset, so every problem can name
// the file, the line and the message.

/** The CLDR plural categories, as Intl.PluralRules names them and i18next v4 suffixes keys. */
export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/** One text of a catalog, where it is. */
export interface CatalogText {
  text: string;
  line: number;
}

/** A message: a text, or plural forms by category (`_one`, `_other`...). */
export interface CatalogMessage {
  key: string;
  /** Line of the message (of its first form, for a plural one). */
  line: number;
  text?: CatalogText;
  forms?: Map<PluralCategory, CatalogText>;
}

/** A problem of a catalog file, at a line. */
export interface CatalogProblem {
  file: string;
  line: number;
  /** The message's key, when the problem is one message's. */
  key?: string;
  message: string;
  /** A problem that stops the run; otherwise a note (an obsolete message, an unused form). */
  fatal: boolean;
}

export interface ParsedCatalog {
  file: string;
  messages: Map<string, CatalogMessage>;
  problems: CatalogProblem[];
}

/**
 * Control characters, and the bidi embeddings and overrides (which would reorder the page around
 * the message); the marks and isolates a right-to-left text may need are allowed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/;

/** The longest message, in characters: the longest shipped one is about 270. */
export const MAX_MESSAGE_LENGTH = 1000;

/** What a catalog's walk adds to, and how it reports a problem at an offset of the file. */
interface Reading {
  messages: Map<string, CatalogMessage>;
  problem: (offset: number, message: string, key?: string) => void;
  lineOf: (offset: number) => number;
  /** How far the parsed body is into the file's text (a byte order mark). */
  shift: number;
}

/** Parses the text of a catalog file (`file` is only for messages). */
export function parseCatalog(text: string, file: string): ParsedCatalog {
  const lineOf = lineIndex(text);
  const problems: CatalogProblem[] = [];
  const messages = new Map<string, CatalogMessage>();
  const problem = (offset: number, message: string, key?: string) =>
    problems.push({ file, line: lineOf(offset), message, fatal: true, ...(key ? { key } : {}) });
  const errors: ParseError[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const shift = text.length - body.length;
  const root = parseTree(body, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first) problem(first.offset + shift, `not valid JSON (${syntaxError(first)})`);
  else if (root?.type !== "object") problem(0, "expected a JSON object of messages");
  else walk({ messages, problem, lineOf, shift }, root, "");
  return { file, messages, problems };
}

/** Reads an object's properties: nested objects are walked, strings become messages. */
function walk(r: Reading, node: Node, path: string): void {
  const seen = new Set<string>();
  for (const property of node.children ?? []) {
    const [name, value] = property.children ?? [];
    if (!name || !value) continue;
    const own = String(name.value);
    const at = property.offset + r.shift;
    const full = path ? `${path}.${own}` : own;
    if (hasUnsafeCharacter(own)) {
      r.problem(at, "the key has a control character or a bidi mark (rename it)", full);
      continue;
    }
    if (seen.has(own)) {
      r.problem(at, `the key "${full}" is given twice`, full);
      continue;
    }
    seen.add(own);
    if (value.type === "object") walk(r, value, full);
    else {
      const string = messageText(r, value, at, full);
      // An empty text is an untranslated one (Weblate may write it so): the fallback is used.
      if (string) addMessage(r, full, string, at);
    }
  }
}

/** A property's text, or undefined (with a problem) when it is not a string a page can show. */
function messageText(r: Reading, value: Node, at: number, full: string): string | undefined {
  if (value.type !== "string") {
    r.problem(at, `expected a string, found ${value.type === "null" ? "null" : value.type}`, full);
    return undefined;
  }
  const string = String(value.value);
  if (UNSAFE_CHARS.test(string)) {
    r.problem(at, "has a control character or a bidi override (write it without one)", full);
    return undefined;
  }
  if (string.length > MAX_MESSAGE_LENGTH) {
    r.problem(
      at,
      `is ${string.length} characters long; a message may have at most ${MAX_MESSAGE_LENGTH}`,
      full,
    );
    return undefined;
  }
  return string;
}

/** Adds a text as the message `full`, or as a plural form when the key ends in one. */
function addMessage(r: Reading, full: string, string: string, at: number): void {
  const item = { text: string, line: r.lineOf(at) };
  const plural = PLURAL_SUFFIX.exec(full);
  const key = plural?.[1] ?? full;
  let message = r.messages.get(key);
  if (!message) {
    message = { key, line: item.line };
    r.messages.set(key, message);
  }
  if (plural) {
    if (message.text) r.problem(at, `"${key}" is both a message and plural forms`, key);
    message.forms ??= new Map();
    const category = PLURAL_CATEGORIES.find((c) => c === plural[2]) ?? "other";
    message.forms.set(category, item);
  } else {
    if (message.forms) r.problem(at, `"${key}" is both a message and plural forms`, key);
    message.text = item;
  }
}

function syntaxError(error: ParseError): string {
  const code = printParseErrorCode(error.error);
  // "CommaExpected" -> "comma expected"
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** The 1-based line of an offset, by binary search over the line starts. */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? Number.POSITIVE_INFINITY) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/** The `{{name}}` placeholders of a text, in order (a name may repeat). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => (m[1] ?? "").trim());
}

/** i18next's interpolation: `{{name}}` (spaces inside allowed). */
export const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
