import { sanitizeText } from "../text/sanitize.js";
import {
  type CatalogMessage,
  type CatalogProblem,
  type CatalogText,
  PLACEHOLDER,
  PLURAL_CATEGORIES,
  type ParsedCatalog,
  type PluralCategory,
  placeholders,
} from "./catalog-file.js";

// A catalog checked against the English one it translates: the same placeholders, every plural
// form the locale's CLDR rules (Intl.PluralRules) need. A problem names the file, the line and the
// message; fatal ones stop the run before anything is fetched.

/** The plural categories of a locale, in CLDR's order. */
export function pluralCategories(locale: string): PluralCategory[] {
  const have = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  return PLURAL_CATEGORIES.filter((c) => have.has(c));
}

const exactCache = new Map<string, boolean>();

/**
 * Whether a category stands for one whole number only in the locale (Arabic's "two" is 2,
 * English's "one" is 1, French's "one" is 0 and 1): its form may then leave `{{count}}` out ("a
 * day", "يومان"), as idiomatic text often does.
 */
export function categoryIsOneNumber(locale: string, category: PluralCategory): boolean {
  const key = `${locale}\u0000${category}`;
  let exact = exactCache.get(key);
  if (exact === undefined) {
    const rules = new Intl.PluralRules(locale);
    let count = 0;
    for (let n = 0; n <= 1000 && count < 2; n++) if (rules.select(n) === category) count++;
    exact = count === 1;
    exactCache.set(key, exact);
  }
  return exact;
}

const list = (names: Iterable<string>) => [...names].map((n) => `{{${n}}}`).join(", ");
/** "count.days_one, count.days_other": the keys of plural forms. */
const formsOf = (key: string, categories: readonly string[]) =>
  categories.map((c) => `${key}_${c}`).join(", ");

/** What is wrong with one text's braces: a `{{` or `}}` that opens or closes no placeholder. */
function unclosed(text: string): boolean {
  const rest = text.replace(PLACEHOLDER, "");
  return rest.includes("{{") || rest.includes("}}");
}

/**
 * The English catalog on its own: checked as a translation of itself (the plural forms English
 * needs, well-formed placeholders, the same placeholders in each form).
 */
export function checkBase(base: ParsedCatalog): CatalogProblem[] {
  return checkCatalog(base, base, "en");
}

/** A translation's catalog against the English one, for `locale` (a BCP 47 tag). */
export function checkCatalog(
  base: ParsedCatalog,
  target: ParsedCatalog,
  locale: string,
): CatalogProblem[] {
  const problems: CatalogProblem[] = [...target.problems];
  const needed = pluralCategories(locale);
  for (const m of target.messages.values()) {
    const add: Add = (message, text, fatal = true) =>
      problems.push({ file: target.file, line: text?.line ?? m.line, key: m.key, message, fatal });
    const english = base.messages.get(m.key);
    if (english) checkMessage(m, english, locale, needed, add);
    else add("is not in the English catalog (an obsolete message?): never shown", undefined, false);
  }
  return problems;
}

/** Adds a problem of one message, at one of its texts (else at the message), fatal unless said. */
type Add = (message: string, text?: CatalogText, fatal?: boolean) => void;

/** One translated message against its English one: its braces, plural forms and placeholders. */
function checkMessage(
  m: CatalogMessage,
  english: CatalogMessage,
  locale: string,
  needed: PluralCategory[],
  add: Add,
): void {
  for (const [, text] of texts(m))
    if (unclosed(text.text)) add("has a {{ or }} that is no placeholder", text);
  const wanted = new Set(texts(english).flatMap(([, t]) => placeholders(t.text)));
  if (english.forms && !m.forms)
    add(`is plural in English: expected the forms ${formsOf(m.key, needed)} (${locale})`);
  else if (!english.forms && m.forms) add("is not plural in English: expected one text");
  else if (m.forms) checkForms(m, m.forms, wanted, locale, needed, add);
  else if (m.text) comparePlaceholders(m.text, wanted, [], m.key, add);
}

/** A plural message's forms: those the locale needs, no others, each with its placeholders. */
function checkForms(
  m: CatalogMessage,
  forms: Map<PluralCategory, CatalogText>,
  wanted: Set<string>,
  locale: string,
  needed: PluralCategory[],
  add: Add,
): void {
  const missing = needed.filter((c) => !forms.has(c));
  if (missing.length > 0)
    add(
      `lacks the plural forms ${formsOf(m.key, missing)}: ` +
        `${locale} needs ${needed.join(", ")} (CLDR)`,
    );
  for (const [category, text] of forms) {
    const name = `${m.key}_${category}`;
    if (!needed.includes(category))
      add(`${name} is no plural form of ${locale}: never shown`, text, false);
    else {
      const optional = categoryIsOneNumber(locale, category) ? ["count"] : [];
      comparePlaceholders(text, wanted, optional, name, add);
    }
  }
}

function comparePlaceholders(
  text: CatalogText,
  wanted: Set<string>,
  optional: string[],
  name: string,
  add: Add,
): void {
  const have = new Set(placeholders(text.text));
  const missing = [...wanted].filter((p) => !have.has(p) && !optional.includes(p));
  const unknown = [...have].filter((p) => !wanted.has(p));
  if (missing.length > 0)
    add(`${name} lacks the placeholder ${list(missing)} of the English message`, text);
  if (unknown.length > 0)
    add(
      `${name} has the placeholder ${list(unknown)}, which the English message does not ` +
        `have (it has ${list(wanted) || "none"})`,
      text,
    );
}

function texts(m: CatalogMessage): [string, CatalogText][] {
  if (m.forms) return [...m.forms];
  return m.text ? [["", m.text]] : [];
}

/**
 * A problem as one line, sanitized (a key or a file name may hold anything):
 * `locales/de.json:12: summary.component: lacks ...`.
 */
export function describeProblem(p: CatalogProblem): string {
  return sanitizeText(`${p.file}:${p.line}: ${p.key ? `${p.key}: ` : ""}${p.message}`);
}
