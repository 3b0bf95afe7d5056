/** A time as the English pages write it ("Nov 20, 2026, 6:00 AM UTC"), computed with Intl. */
export const pageTime = (iso: string): string =>
  new Intl.DateTimeFormat("en", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
