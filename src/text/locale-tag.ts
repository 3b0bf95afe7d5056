// Locale tags as the config and the catalog folders spell them.

/** A locale tag in its canonical BCP 47 spelling ("pt_BR" -> "pt-BR"), or undefined when none. */
export function canonicalTag(value: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(value.replace(/_/g, "-"))[0];
  } catch {
    return undefined;
  }
}
