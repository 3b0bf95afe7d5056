// A translation's last change as the rows keep it: formatTimestamp's two forms,
// "2026-10-03 08:14 UTC" and "2016-03-07 10:20", as one number (a minute of the epoch; negative,
// less one, for a time given without a zone), so 100,000 rows keep 100,000 numbers, not strings.

/** The minute a shown time stands for; NaN when it is not one of the two forms (kept as text). */
export function minuteOf(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})( UTC)?$/.exec(text);
  if (!match) return Number.NaN;
  const minute = Date.parse(`${match[1]}T${match[2]}:00Z`) / 60_000;
  const utc = match[3] !== undefined;
  if (!Number.isInteger(minute) || minute < 0 || format(minute, utc) !== text) return Number.NaN;
  return utc ? minute : -minute - 1;
}

/** The shown time of a stored minute. */
export function minuteText(stored: number): string {
  return stored >= 0 ? format(stored, true) : format(-stored - 1, false);
}

function format(minute: number, utc: boolean): string {
  const iso = new Date(minute * 60_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${utc ? " UTC" : ""}`;
}
