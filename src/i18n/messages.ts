import type { ParsedCatalog, PluralCategory } from "./catalog-file.js";
import { PLACEHOLDER } from "./catalog-file.js";
import { escapeMarkdown } from "../text/markdown-text.js";
import { LocaleFormat } from "./locale-format.js";

// The messages of one locale, looked up when a page is written: a key, its parameters, the text.
// Each message is compiled once into its pieces (literal, placeholder, literal, ...); a message the
// locale's catalog lacks comes from the next catalog of the chain (its language's, then English).
// Nothing per page is kept: a site of 100,000 pages asks for the same few hundred messages.

/** A message's parameters: a number is formatted for the locale, a string is put in as it is. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Literal text at even indexes, placeholder names at odd ones. */
type Pieces = string[];

interface Compiled {
  text?: Pieces;
  forms?: Partial<Record<PluralCategory, Pieces>>;
  /** Index in the chain of the catalog that gave it. */
  from: number;
  /** The text as the catalog has it, or its forms by category. */
  source: string | Partial<Record<PluralCategory, string>>;
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text as HTML, escaped as eta's `<%= %>` escapes it. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** A text split at its placeholders (the pattern's group keeps their names between the parts). */
const compile = (text: string): Pieces =>
  text.split(PLACEHOLDER).map((piece, i) => (i % 2 === 1 ? piece.trim() : piece));

export class Messages {
  private readonly compiled = new Map<string, Compiled>();
  private readonly rules: Intl.PluralRules;

  /**
   * `chain`: the locale's own catalog first, then those it falls back to, English last (whose keys
   * are every message there is); `format` writes the numbers put in.
   */
  constructor(
    readonly locale: string,
    private readonly chain: readonly ParsedCatalog[],
    private readonly format = new LocaleFormat(locale),
  ) {
    this.rules = new Intl.PluralRules(locale);
  }

  /** The message `key` as plain text; `params.count` (a number) picks a plural form. */
  t(key: string, params?: MessageParams): string {
    return this.render(key, params, (s) => s);
  }

  /**
   * The message as HTML: its own text escaped, the parameters put in as they are (each must be
   * HTML already, such as a link the template built).
   */
  html(key: string, params?: MessageParams): string {
    return this.render(key, params, escapeHtml);
  }

  /**
   * The message as Markdown: its own text escaped, the parameters put in as they are (each must
   * be Markdown already, escaped by markdownText).
   */
  markdown(key: string, params?: MessageParams): string {
    return this.render(key, params, escapeMarkdown);
  }

  /** The English messages this locale shows in English (or in its language's catalog). */
  fallbacks(): string[] {
    const english = this.chain.at(-1);
    if (!english || this.chain.length === 1) return [];
    return [...english.messages.keys()].filter((key) => this.lookup(key).from !== 0).sort();
  }

  /**
   * A message as its catalog writes it (`{{placeholders}}` and all), or its plural forms by CLDR
   * category: for a script that formats it in the browser.
   */
  source(key: string): string | Partial<Record<PluralCategory, string>> {
    return this.lookup(key).source;
  }

  /** Every message key there is (the English catalog's). */
  keys(): string[] {
    return [...(this.chain.at(-1)?.messages.keys() ?? [])];
  }

  private render(key: string, params: MessageParams | undefined, literal: (s: string) => string) {
    const m = this.lookup(key);
    let pieces = m.text;
    if (m.forms) {
      const count = params?.count;
      if (typeof count !== "number") throw new Error(`message ${key}: plural, but no number count`);
      pieces = m.forms[this.rules.select(count)] ?? m.forms.other;
    }
    if (!pieces) throw new Error(`message ${key}: no text`);
    let out = literal(pieces[0] ?? "");
    for (let i = 1; i < pieces.length; i += 2) {
      const name = pieces[i] ?? "";
      const value = params?.[name];
      if (value === undefined) throw new Error(`message ${key}: no value for {{${name}}}`);
      out += typeof value === "number" ? this.format.int(value) : value;
      out += literal(pieces[i + 1] ?? "");
    }
    return out;
  }

  private lookup(key: string): Compiled {
    let found = this.compiled.get(key);
    if (found) return found;
    for (const [i, catalog] of this.chain.entries()) {
      if (found) break;
      const m = catalog.messages.get(key);
      if (m?.text) found = { text: compile(m.text.text), from: i, source: m.text.text };
      else if (m?.forms?.has("other")) {
        const forms: Compiled["forms"] = {};
        const source: Partial<Record<PluralCategory, string>> = {};
        for (const [category, text] of m.forms) {
          forms[category] = compile(text.text);
          source[category] = text.text;
        }
        found = { forms, from: i, source };
      }
    }
    if (!found) throw new Error(`no message ${key} in the English catalog`);
    this.compiled.set(key, found);
    return found;
  }
}
