// Numbers, percentages, dates, relative times, names and their order in one locale, all by Intl
// (Node's full ICU): no separator, digit, date order or plural is written by hand. The formatters
// are made once per locale and shared by every page of it.

/** Scripts written right to left (ISO 15924). */
const RTL_SCRIPTS = new Set([
  "Adlm",
  "Arab",
  "Hebr",
  "Mand",
  "Mend",
  "Nkoo",
  "Rohg",
  "Samr",
  "Syrc",
  "Thaa",
  "Yezi",
]);

/**
 * The writing direction of a locale: "rtl" for Arabic, Hebrew, Persian, Urdu, Dhivehi... From
 * Intl Locale Info where Node has it (`getTextInfo()`, or the older `textInfo` getter that V8
 * means to drop; TypeScript's lib knows neither), else, and where ICU says "ltr" for a
 * right-to-left script (Dhivehi), from the locale's likely script.
 */
export function localeDirection(tag: string): "ltr" | "rtl" {
  try {
    const locale = new Intl.Locale(tag);
    const getTextInfo = Reflect.get(locale, "getTextInfo");
    const info =
      typeof getTextInfo === "function"
        ? getTextInfo.call(locale)
        : Reflect.get(locale, "textInfo");
    if (info?.direction === "rtl") return "rtl";
    return RTL_SCRIPTS.has(locale.maximize().script ?? "") ? "rtl" : "ltr";
  } catch {
    return "ltr";
  }
}

/** Answers kept per formatter, at most: emptied when full (the next pages refill it). */
const CACHE_LIMIT = 10_000;

/**
 * `make` with its answers kept (a pure function's: the same key, the same text). A site of
 * 100,000 pages formats the same few thousand numbers, percents and times again and again, and
 * Intl's formatting is the costly part. -0 is made each time: Intl tells it from 0 ("-0"), a Map
 * does not.
 */
export function remembered<K>(make: (key: K) => string): (key: K) => string {
  const cache = new Map<K, string>();
  return (key) => {
    if (Object.is(key, -0)) return make(key);
    let text = cache.get(key);
    if (text === undefined) {
      text = make(key);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, text);
    }
    return text;
  };
}

/** A minute of the epoch as a Date. */
const atMinute = (minute: number) => new Date(minute * 60_000);

/**
 * "2026-10-03 08:14 UTC" (a zoned time, in UTC) and "2016-03-07 10:20" (a server's time without a
 * zone), as translation-view.ts's formatTimestamp writes them, or an ISO 8601 time.
 */
function parseTime(value: string): { date: Date; zoned: boolean } | undefined {
  const short = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})( UTC)?$/.exec(value);
  if (short) {
    const date = new Date(`${short[1]}T${short[2]}:00Z`);
    return Number.isNaN(date.getTime()) ? undefined : { date, zoned: short[3] !== undefined };
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : { date, zoned: true };
}

/** The Intl formatters of a locale. */
function formatters(locale: string) {
  const time = {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  } as const;
  return {
    integers: new Intl.NumberFormat(locale),
    percents: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }),
    wholePercents: new Intl.NumberFormat(locale, { style: "percent" }),
    peoples: new Intl.NumberFormat(locale, {
      notation: "compact",
      compactDisplay: "long",
      maximumFractionDigits: 1,
      roundingMode: "floor",
    }),
    signed: new Intl.NumberFormat(locale, { signDisplay: "exceptZero" }),
    signedDecimal: new Intl.NumberFormat(locale, {
      signDisplay: "exceptZero",
      maximumFractionDigits: 1,
    }),
    zoned: new Intl.DateTimeFormat(locale, { ...time, timeZoneName: "short" }),
    unzoned: new Intl.DateTimeFormat(locale, time),
    days: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }),
    dayTimes: new Intl.DateTimeFormat(locale, {
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    }),
    relative: {
      long: new Intl.RelativeTimeFormat(locale, { numeric: "always" }),
      narrow: new Intl.RelativeTimeFormat(locale, { numeric: "always", style: "narrow" }),
    },
    collator: new Intl.Collator(locale),
    names: new Intl.DisplayNames([locale], { type: "language", fallback: "none" }),
  };
}

export class LocaleFormat {
  readonly dir: "ltr" | "rtl";
  private readonly f: ReturnType<typeof formatters>;
  /** 12,345 (en), 12.345 (de), 12 345 (fi). */
  readonly int = remembered((n: number) => this.f.integers.format(n));
  /** A percent from 0 to 100 with at most one decimal, as the locale writes it. */
  readonly percentOf = remembered((n: number) => this.f.percents.format(n / 100));
  private readonly wholePercents = remembered((n: number) => this.f.wholePercents.format(n / 100));
  /**
   * A time from the snapshot ("2026-10-03 08:14 UTC", "2016-03-07 10:20" or ISO 8601), with its
   * zone when it has one; a text that is no time is returned as it is.
   */
  readonly dateTime = remembered((value: string) => {
    const time = parseTime(value);
    if (!time) return value;
    return (time.zoned ? this.f.zoned : this.f.unzoned).format(time.date);
  });
  /** ICU's name of a code in this locale, "" when it has none. */
  private readonly names = remembered((code: string) => {
    try {
      return this.f.names.of(code.replace(/_/g, "-")) ?? "";
    } catch {
      return "";
    }
  });

  constructor(readonly locale: string) {
    this.dir = localeDirection(locale);
    this.f = formatters(locale);
  }

  /**
   * A number of people, rounded down for the eye: "1.8 billion", "600 million", "850,000" (en),
   * "1,8 Milliarden" (de), "18億" (ja). Below a million, every digit.
   */
  people(n: number): string {
    if (!(n >= 1e6)) return this.f.integers.format(Math.max(0, Math.floor(n)));
    const unit = n >= 1e9 ? 1e9 : 1e6;
    const v = n / unit;
    // Whole units from 100 on, else one decimal: integers times exact powers of ten, so the floor
    // of the format below cannot take a 1.8 computed as 1.7999... down to 1.7.
    const shown = v >= 100 ? Math.floor(v) * unit : Math.floor(v * 10) * (unit / 10);
    return this.f.peoples.format(shown);
  }

  /** +3, -3, 0: a change. */
  delta(n: number): string {
    return this.f.signed.format(n);
  }

  /** +1.5, -0.3: a change with one decimal. */
  deltaDecimal(n: number): string {
    return this.f.signedDecimal.format(n);
  }

  /**
   * A percent as Weblate shows it: floored to one decimal, 100% only when complete, never 0% for
   * something done. A total of 0 shows `whenEmpty` ("–": nothing to translate; 0 for shares such
   * as "needs review").
   */
  percent(part: number, total: number, whenEmpty: number | string = "–"): string {
    if (total <= 0) return typeof whenEmpty === "number" ? this.percentOf(whenEmpty) : whenEmpty;
    if (part >= total) return this.percentOf(100);
    let value = Math.floor((part * 1000) / total) / 10;
    if (value === 0 && part > 0) value = 0.1;
    return this.percentOf(value);
  }

  /** A whole percent, floored as the badges floor it: 100% only when complete. */
  wholePercent(value: number): string {
    return this.wholePercents(value >= 100 ? 100 : Math.floor(value));
  }

  /** A day (UTC) given as a minute of the epoch. */
  day(minute: number): string {
    return this.f.days.format(atMinute(minute));
  }

  /** A day and time (UTC), short: for axes spanning less than a few days. */
  dayTime(minute: number): string {
    return this.f.dayTimes.format(atMinute(minute));
  }

  /**
   * How long before `now` the time `asOf` was: "3 days ago", "5 hours ago", "12 minutes ago"
   * (whole days from two days, whole hours from two hours); narrow: "3d ago".
   */
  ago(asOf: string, now: string, style: "long" | "narrow" = "long"): string {
    const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(asOf)) / 60_000));
    const [n, unit]: [number, Intl.RelativeTimeFormatUnit] =
      minutes >= 2880
        ? [Math.floor(minutes / 1440), "day"]
        : minutes >= 120
          ? [Math.floor(minutes / 60), "hour"]
          : [minutes, "minute"];
    return this.f.relative[style].format(-n, unit);
  }

  /** Names in the locale's alphabetical order. */
  compare(a: string, b: string): number {
    return this.f.collator.compare(a, b);
  }

  /**
   * A language's name in this locale ("Arabisch" on a German page), from ICU; Weblate's own
   * (English) name when ICU does not know the code, for a code with a variant (sr@latin), and in
   * English, where the server's name is what its translators know.
   */
  languageName(code: string, weblateName: string): string {
    if (this.locale === "en" || code.includes("@")) return weblateName;
    return this.names(code) || weblateName;
  }

  /** A locale's name in itself, capitalised as a menu item: "Deutsch", "العربية", "日本語". */
  static ownName(tag: string): string {
    let name = tag;
    try {
      name = new Intl.DisplayNames([tag], { type: "language", fallback: "code" }).of(tag) ?? tag;
    } catch {
      // An unknown tag is shown as it is.
    }
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  }
}
