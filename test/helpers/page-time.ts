/**
 * A time as a locale's pages write it (English: "Nov 20, 2026, 6:00 AM UTC"), computed with Intl.
 */
export const pageTime = (iso: string, locale = "en"): string =>
  new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
