import { remembered } from "../../i18n/locale-format.js";

// A language's own name ("Deutsch", "العربية"), from the ICU data Node ships (Intl.DisplayNames),
// shown beside the English name Weblate sends. Computed once per code: a site has a few hundred
// languages but tens of thousands of translations.

/** Weblate's @-modifiers that BCP 47 says as a script or a variant subtag. */
const MODIFIERS: Record<string, string> = {
  latin: "-Latn",
  cyrillic: "-Cyrl",
  valencia: "-valencia",
};

/**
 * The BCP 47 tag of a Weblate code: zh_Hans -> zh-Hans, sr@latin -> sr-Latn (so its own name is
 * "srpski", not "српски"), ca@valencia -> ca-valencia; another @-modifier is dropped.
 */
export function languageTag(code: string): string {
  const at = code.indexOf("@");
  const base = (at < 0 ? code : code.slice(0, at)).replace(/_/g, "-");
  return at < 0 ? base : base + (MODIFIERS[code.slice(at + 1).toLowerCase()] ?? "");
}

/**
 * The language's name in itself, or undefined when ICU does not know the code or the name adds
 * nothing (it equals the English one, ignoring case).
 */
export function nativeName(code: string, englishName: string): string | undefined {
  const own = ownName(code);
  const tag = languageTag(code);
  return own && own.toLocaleLowerCase(tag) !== englishName.toLocaleLowerCase("en")
    ? own
    : undefined;
}

/** ICU's name of a language in itself; "" when ICU has none, or only its English one. */
const ownName = remembered((code: string) => {
  try {
    const tag = languageTag(code);
    const own = new Intl.DisplayNames([tag], { type: "language", fallback: "none" }).of(tag);
    // ICU falls back to its root (English) names for a locale it has no data for: that is no
    // native name.
    const english = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(tag);
    return own && own !== english ? own : "";
  } catch {
    // A code that is no valid BCP 47 tag (a custom Weblate code): no native name.
    return "";
  }
});
