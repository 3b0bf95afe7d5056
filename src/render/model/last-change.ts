// A translation's last change as the rows keep it: formatTimestamp's two forms,
// "2026-10-03 08:14 UTC" and "2016-03-07 10:20", as one number (a minute of the epoch; negative,
// less one, for a time given without a zone), so 100,000 rows keep 100,000 numbers, not strings.

/**
 * The minute a shown time stands for; NaN when it is not one of the two forms (kept as text), or
 * not a time as minuteText writes it (a 31st of April, an hour 24, before 1970). Counted from the
 * digits, not parsed as a date and written again: every row of the site is read through here.
 */
export function minuteOf(text: string): number {
  const utc = text.length === 20;
  if ((text.length !== 16 && !utc) || (utc && !text.endsWith(" UTC"))) return Number.NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const min = digits(text, 14, 2);
  if (text[4] !== "-" || text[7] !== "-" || text[10] !== " " || text[13] !== ":") return Number.NaN;
  if (Number.isNaN(year + month + day + hour + min)) return Number.NaN;
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
    return Number.NaN;
  if (hour > 23 || min > 59) return Number.NaN;
  const minute = (daysFromEpoch(year, month, day) * 24 + hour) * 60 + min;
  return utc ? minute : -minute - 1;
}

/** The number written with `length` decimal digits at `at`; NaN if one is not a digit. */
function digits(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysIn(year: number, month: number): number {
  if (month === 2) return leap(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (as Date counts them). */
function daysFromEpoch(year: number, month: number, day: number): number {
  // Howard Hinnant's days_from_civil: March-based years, 400-year eras.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The shown time of a stored minute. */
export function minuteText(stored: number): string {
  return stored >= 0 ? format(stored, true) : format(-stored - 1, false);
}

function format(minute: number, utc: boolean): string {
  const iso = new Date(minute * 60_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${utc ? " UTC" : ""}`;
}
