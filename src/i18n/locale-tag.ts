// Locale tags as the config and the catalog folders spell them.

/** A locale tag in its canonical BCP 47 spelling, or undefined when it is none ("pt_BR" -> "pt-BR"). */
export function canonicalTag(value: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(value.replace(/_/g, "-"))[0];
  } catch {
    return undefined;
  }
}
