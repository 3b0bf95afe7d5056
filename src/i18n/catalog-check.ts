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
    const english = base.messages.get(m.key);
    if (english) problems.push(...checkMessage(target, m, english, locale, needed));
    else
      problems.push(
        at(
          target,
          m,
          undefined,
          "is not in the English catalog (an obsolete message?): never shown",
          false,
        ),
      );
  }
  return problems;
}

/** One translated message against its English one: its braces, plural forms and placeholders. */
function checkMessage(
  target: ParsedCatalog,
  m: CatalogMessage,
  english: CatalogMessage,
  locale: string,
  needed: PluralCategory[],
): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const [, text] of texts(m))
    if (unclosed(text.text))
      problems.push(at(target, m, text, "has a {{ or }} that is no placeholder"));
  const wanted = new Set(texts(english).flatMap(([, t]) => placeholders(t.text)));
  if (english.forms && !m.forms)
    problems.push(
      at(
        target,
        m,
        undefined,
        `is plural in English: expected the forms ${formsOf(m.key, needed)} (${locale})`,
      ),
    );
  else if (!english.forms && m.forms)
    problems.push(at(target, m, undefined, "is not plural in English: expected one text"));
  else if (m.forms) problems.push(...checkForms(target, m, m.forms, wanted, locale, needed));
  else if (m.text) problems.push(...comparePlaceholders(target, m, m.text, wanted, [], m.key));
  return problems;
}

/** A plural message's forms: those the locale needs, no others, each with its placeholders. */
function checkForms(
  target: ParsedCatalog,
  m: CatalogMessage,
  forms: Map<PluralCategory, CatalogText>,
  wanted: Set<string>,
  locale: string,
  needed: PluralCategory[],
): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  const missing = needed.filter((c) => !forms.has(c));
  if (missing.length > 0)
    problems.push(
      at(
        target,
        m,
        undefined,
        `lacks the plural forms ${formsOf(m.key, missing)}: ` +
          `${locale} needs ${needed.join(", ")} (CLDR)`,
      ),
    );
  for (const [category, text] of forms) {
    if (!needed.includes(category)) {
      problems.push(
        at(
          target,
          m,
          text,
          `${m.key}_${category} is no plural form of ${locale}: never shown`,
          false,
        ),
      );
      continue;
    }
    const optional = categoryIsOneNumber(locale, category) ? ["count"] : [];
    problems.push(
      ...comparePlaceholders(target, m, text, wanted, optional, `${m.key}_${category}`),
    );
  }
  return problems;
}

function comparePlaceholders(
  catalog: ParsedCatalog,
  m: CatalogMessage,
  text: CatalogText,
  wanted: Set<string>,
  optional: string[],
  name: string,
): CatalogProblem[] {
  const have = new Set(placeholders(text.text));
  const out: CatalogProblem[] = [];
  const missing = [...wanted].filter((p) => !have.has(p) && !optional.includes(p));
  const unknown = [...have].filter((p) => !wanted.has(p));
  if (missing.length > 0)
    out.push(
      at(catalog, m, text, `${name} lacks the placeholder ${list(missing)} of the English message`),
    );
  if (unknown.length > 0)
    out.push(
      at(
        catalog,
        m,
        text,
        `${name} has the placeholder ${list(unknown)}, which the English message does not ` +
          `have (it has ${list(wanted) || "none"})`,
      ),
    );
  return out;
}

function texts(m: CatalogMessage): [string, CatalogText][] {
  if (m.forms) return [...m.forms];
  return m.text ? [["", m.text]] : [];
}

function at(
  catalog: ParsedCatalog,
  m: CatalogMessage,
  text: CatalogText | undefined,
  message: string,
  fatal = true,
): CatalogProblem {
  return { file: catalog.file, line: text?.line ?? m.line, key: m.key, message, fatal };
}

/**
 * A problem as one line, sanitized (a key or a file name may hold anything):
 * `locales/de.json:12: summary.component: lacks ...`.
 */
export function describeProblem(p: CatalogProblem): string {
  return sanitizeText(`${p.file}:${p.line}: ${p.key ? `${p.key}: ` : ""}${p.message}`);
}
