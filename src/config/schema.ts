import { z } from "zod";
import { METRICS, PROGRESSES } from "../model/measure.js";
import { canonicalTag } from "../text/locale-tag.js";
import {
  componentPathProblem,
  parseTripleString,
  segmentProblem,
  toComponentPath,
  WILDCARD,
  wildcardProjectProblem,
} from "./triple.js";

// The config's `translations`: a list of triples, each a string or an object of three slugs.

const slugIn = (position: "project" | "language") =>
  z.string().superRefine((value, ctx) => {
    // A project wildcard is checked with its component, on the whole object.
    if (value === WILDCARD) return;
    const problem = segmentProblem(value);
    if (problem)
      ctx.addIssue({
        code: "custom",
        message: `the ${position} ${problem}; expected a Weblate slug such as "my-project"`,
      });
  });

/** A component's slug, or its path inside categories ("docs/usage" or "docs%2Fusage"), or `*`. */
const componentIn = z
  .string()
  .superRefine((value, ctx) => {
    if (value === WILDCARD) return;
    const problem = componentPathProblem(toComponentPath(value));
    if (problem)
      ctx.addIssue({
        code: "custom",
        message:
          `the component ${problem}; expected a Weblate slug such as "my-component", or ` +
          `"category/component"`,
      });
  })
  .transform(toComponentPath);

/**
 * `"project/component/language"`; `*` may stand for the component or the language, or for the
 * project and the component together (the whole instance, all languages or one); a component
 * inside categories is written with its category path (`"project/docs/usage/de"`).
 */
const tripleStringSchema = z.string().superRefine((value, ctx) => {
  const parsed = parseTripleString(value);
  if (parsed.problem) ctx.addIssue({ code: "custom", message: parsed.problem });
});

const tripleObjectSchema = z
  .strictObject({
    project: slugIn("project"),
    component: componentIn,
    language: slugIn("language"),
  })
  .superRefine((triple, ctx) => {
    const problem = wildcardProjectProblem(triple.project, triple.component);
    if (problem) ctx.addIssue({ code: "custom", path: ["component"], message: problem });
  });

const quoted = (value: string) => JSON.stringify(value);

/** The translations to track: at least one triple. */
export const translationsSchema = z
  .array(
    z.union([tripleStringSchema, tripleObjectSchema], {
      error: 'expected "project/component/language" or {"project", "component", "language"}',
    }),
    {
      // A lone string is the common slip: say "list" and show the fix, not "missing".
      error: ({ input }) =>
        input === undefined
          ? 'missing; expected a list of "project/component/language" strings'
          : typeof input === "string"
            ? `must be a list, found the string ${quoted(input)}; write [${quoted(input)}]`
            : 'must be a list of "project/component/language" strings',
    },
  )
  .min(1, 'expected at least one "project/component/language"');

// The site's languages in the config: the pages' locales (site.locales) and the badges' one
// (site.badges.locale), BCP 47 tags made canonical.

/** A BCP 47 locale tag ("de", "pt-BR", "zh-Hans"), made canonical. */
const localeTag = z
  .string('expected a locale tag such as "de" or "pt-BR"')
  .transform((value, ctx) => {
    const tag = /^[A-Za-z0-9-]{2,35}$/.test(value) ? canonicalTag(value) : undefined;
    if (tag) return tag;
    ctx.addIssue({
      code: "custom",
      message:
        'expected a BCP 47 locale tag such as "de" or "pt-BR", ' + `found ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  });

/** The language of the badge and widget files, which every locale of the site shares. */
export const badgeOptionsSchema = z.strictObject({
  /** Locale of the badges' and widgets' words ("translated", "no strings"). Default "en". */
  locale: localeTag.default("en"),
});

/** The site's locales (site.locales, whose comment in schema.ts says what they are). */
export const localesSchema = z
  .array(localeTag)
  .min(1, 'expected at least one locale, e.g. ["en"]')
  .max(100)
  .default(["en"])
  .superRefine((tags, ctx) => {
    const twice = tags.find((tag, i) => tags.indexOf(tag) !== i);
    if (twice) ctx.addIssue({ code: "custom", message: `the locale "${twice}" is listed twice` });
  });

/** A record's field path as findings name it: names joined by dots. */
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

const intIn = (min: number, max: number, what: string) =>
  z
    .int(`expected ${what}: a whole number from ${min} to ${max}`)
    .min(min, `expected ${what}: a whole number from ${min} to ${max}`)
    .max(max, `expected ${what}: a whole number from ${min} to ${max}`);

/** Where the crawl goes and how politely. Every field is optional; defaults are given. */
export const crawlOptionsSchema = z.strictObject({
  /** Requests in flight at once. Default 4. */
  concurrency: intIn(1, 64, "requests in flight at once").default(4),
  /** Time to wait for response headers, in ms. Default 30000. */
  timeoutMs: intIn(100, 600_000, "milliseconds to wait for response headers").default(30_000),
  /** Time allowed to read a whole response body, in ms. Default 30000. */
  bodyTimeoutMs: intIn(100, 600_000, "milliseconds to read a response body").default(30_000),
  /** Retries after a network error, timeout, 408, 423, 425, 429 or 5xx. Default 3. */
  retries: intIn(0, 10, "retries").default(3),
  /** First backoff delay in ms; doubles each retry, with jitter. Default 500. */
  retryDelayMs: intIn(0, 60_000, "milliseconds of the first backoff").default(500),
  /** Longest wait honoured from Retry-After or X-RateLimit-Reset, in seconds. Default 120. */
  maxRetryAfterSeconds: intIn(0, 3600, "seconds").default(120),
  /** Largest response body accepted, in bytes. Default 10 MB. */
  maxBodyBytes: intIn(1024, 1_073_741_824, "bytes").default(10_000_000),
  /** The whole crawl's time limit, in seconds: what is not fetched by then fails. Default 600. */
  deadlineSeconds: intIn(1, 86_400, "seconds for the whole crawl").default(600),
  /**
   * Page size asked of list endpoints; a server gives at most its own maximum (1000 on most
   * lists). Default 1000.
   */
  pageSize: intIn(1, 10_000, "items per page").default(1000),
  /**
   * Also read each component's statistics (one more request per component) for what newer servers
   * count beside the records: approved and read-only strings, characters. Default false.
   */
  statistics: z.boolean("expected true or false").default(false),
  /**
   * Field paths, as warnings and notes name them ("component.source_language.web_url"), whose
   * findings are accepted and no longer reported. Default: none.
   */
  acceptQuirks: z
    .array(
      z
        .string()
        .regex(FIELD_PATH, 'expected a field path such as "component.source_language.web_url"'),
    )
    .max(100)
    .default([]),
});

/** Badge colour thresholds in percent: red below `yellow`, yellow below `brightgreen`. */
export const thresholdsSchema = z
  .strictObject({
    yellow: z.number("expected a percent from 0 to 100").min(0).max(100).default(75),
    brightgreen: z.number("expected a percent from 0 to 100").min(0).max(100).default(90),
  })
  .refine((t) => t.yellow <= t.brightgreen, { message: "expected yellow <= brightgreen" });
export const BADGE_STYLES = ["flat", "flat-square", "for-the-badge", "plastic"] as const;
export const COLOR_SCHEMES = ["thresholds", "blue", "mono"] as const;

/** Options of the multi-language charts and the matrix (the same for every chart of the site). */
export const widgetOptionsSchema = z.strictObject({
  /** Languages below this translated percent are left out of the charts. Default 0. */
  minPercent: z.number("expected a percent from 0 to 100").min(0).max(100).default(0),
  /** At most this many languages per chart, the most translated first; 0 for all. Default 0. */
  maxLanguages: intIn(0, 10_000, "languages per chart (0 for all)").default(0),
  /** Only these language codes in the charts and the matrix; empty for all. */
  languages: z.array(slugIn("language")).max(10_000).default([]),
  /**
   * Bar colours: "thresholds" (red, yellow, green as the badges), "blue" (one hue, for colour-blind
   * readers) or "mono".
   */
  colorScheme: z
    .enum(COLOR_SCHEMES, `expected one of ${COLOR_SCHEMES.join(", ")}`)
    .default("thresholds"),
  /** The count badge says how many languages are at or above this percent. Default 90. */
  countPercent: z.number("expected a percent from 0 to 100").min(0).max(100).default(90),
});

/** How the site and the badges look. */
export const siteOptionsSchema = z.strictObject({
  /** Title of the overview page. Default: "Translation status" in each locale's words. */
  title: z.string("expected a title (a string)").min(1).max(200).optional(),
  /**
   * The site's locales: its pages are rendered once per locale, the first at the site's root, the
   * others under /<locale>/. Default ["en"].
   */
  locales: localesSchema,
  /**
   * A folder of your own `<locale>.json` catalogs, read before the shipped ones; relative to the
   * config file. `--catalog DIR` replaces it.
   */
  catalog: z.string("expected the path of a folder of <locale>.json catalogs").min(1).optional(),
  /** The badge and widget files (one set for every locale). */
  badges: badgeOptionsSchema.default(badgeOptionsSchema.parse({})),
  /**
   * Public address the site is published at (for badge embed snippets), e.g.
   * "https://me.github.io/repo/".
   */
  url: z
    .url({
      protocol: /^https?$/,
      error: 'expected the public http(s) address of the site, e.g. "https://me.github.io/repo/"',
    })
    .optional(),
  /** Label on the left of every badge. Default: "translated" in the words of `badges.locale`. */
  badgeLabel: z.string().min(1).max(40).optional(),
  /** Badge colour thresholds. Default 75 and 90, as Weblate and shields use them. */
  thresholds: thresholdsSchema.default({ yellow: 75, brightgreen: 90 }),
  /** shields.io cache time for the endpoint badges, in seconds; omitted when unset. */
  cacheSeconds: z
    .int()
    .min(300)
    .max(86_400 * 7)
    .optional(),
  /** Style of the SVG badges, as badge-maker draws them. Default "flat". */
  badgeStyle: z.enum(BADGE_STYLES, `expected one of ${BADGE_STYLES.join(", ")}`).default("flat"),
  /**
   * Count glossary components in the aggregates and widgets (Weblate's widgets leave them out).
   * Default false.
   */
  includeGlossary: z.boolean().default(false),
  /** The multi-language charts, the matrix and the count badge. */
  widgets: widgetOptionsSchema.default(widgetOptionsSchema.parse({})),
  /**
   * What every percent of the site counts (pages, badges, widgets, trends, check, the job
   * summary): "strings" (default), "words" or "chars" (characters, where the server gives them).
   */
  metric: z.enum(METRICS, `expected one of ${METRICS.join(", ")}`).default("strings"),
  /**
   * What counts as done: "translated" (default) or "approved" (approved and read-only strings, as
   * Weblate counts them; where a project has no review workflow, translated, with a note).
   */
  progress: z.enum(PROGRESSES, `expected one of ${PROGRESSES.join(", ")}`).default("translated"),
  /**
   * Other metrics to publish badges and widgets for too, e.g. `badges/<p>/<c>/<lang>.words.svg`.
   * Default none.
   */
  badgeMetrics: z
    .array(z.enum(METRICS, `expected one of ${METRICS.join(", ")}`))
    .max(METRICS.length)
    .default([]),
  /**
   * A language counts as reached (its speakers can use the project) at or above this percent.
   * Default 90.
   */
  reachThreshold: z.number("expected a percent from 0 to 100").min(0).max(100).default(90),
  /**
   * Show a language the project has but a component lacks as "not started" (0%) on the component
   * page, the charts and the matrix. Default false.
   */
  notStarted: z.boolean().default(false),
  /** Bytes the site may take, as GitHub Pages counts them (see docs/site.md). */
  maxBytes: intIn(1, Number.MAX_SAFE_INTEGER, "bytes").default(1_000_000_000),
});

/**
 * What the history keeps and reports across runs (see docs/history.md).
 */
export const historyOptionsSchema = z.strictObject({
  /**
   * A translation that drops below this percent is reported as "fell below". Default:
   * site.thresholds.brightgreen.
   */
  alertBelow: z.number("expected a percent from 0 to 100").min(0).max(100).optional(),
  /** Last known good data of a failed translation is shown for this many days. Default 30. */
  staleDays: intIn(0, 3650, "days").default(30),
  /** A removed translation's page and badges say "removed" this many days. Default 30. */
  keepRemovedDays: intIn(0, 3650, "days").default(30),
  /** Largest history or snapshot file read from the previous site, in bytes. Default 100 MB. */
  maxBytes: intIn(1024, 1_073_741_824, "bytes").default(100_000_000),
});

/** Rules of the `check` command, a gate for CI. */
export const checkOptionsSchema = z.strictObject({
  /** Every checked translation must be translated at least this much, in percent. */
  minPercent: z.number("expected a percent from 0 to 100").min(0).max(100).optional(),
  /** Only these language codes are checked. Default: every tracked language. */
  languages: z.array(slugIn("language")).min(1).optional(),
  /**
   * Only these components are checked, as "project/component" (a category path allowed). Default:
   * every one.
   */
  components: z
    .array(
      z.string().superRefine((value, ctx) => {
        const problem = parseTripleString(`${value}/x`).problem;
        if (problem || value.includes(WILDCARD))
          ctx.addIssue({
            code: "custom",
            message: `expected "project/component", found ${JSON.stringify(value)}`,
          });
      }),
    )
    .min(1)
    .optional(),
  /** A translated percent lower than in the previous run is an offence. Default false. */
  noRegression: z.boolean().default(false),
});

/** The ways of sending the API token (`Authorization: <scheme> <token>`). */
export const AUTH_SCHEMES = ["auto", "Token", "Bearer"] as const;
export type AuthScheme = (typeof AUTH_SCHEMES)[number];

export const configSchema = z.strictObject({
  /** JSON Schema reference for editors; ignored by the tool. */
  $schema: z.string().optional(),
  /** The Weblate server, e.g. "https://hosted.weblate.org". */
  baseUrl: z.url({
    protocol: /^https?$/,
    error: (issue) =>
      issue.input === undefined
        ? 'missing; expected the Weblate server address, e.g. "https://hosted.weblate.org"'
        : 'expected an http(s) address such as "https://hosted.weblate.org"',
  }),
  /** Environment variable holding the API token. Default "WEBLATE_TOKEN". */
  tokenEnv: z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      "expected the name of an environment variable, e.g. WEBLATE_TOKEN",
    )
    .default("WEBLATE_TOKEN"),
  /**
   * How the token is sent: "Token", "Bearer", or "auto" (Token, then Bearer once a 401 asks for
   * it).
   */
  authScheme: z.enum(AUTH_SCHEMES, `expected one of ${AUTH_SCHEMES.join(", ")}`).default("auto"),
  /** The translations to track. */
  translations: translationsSchema,
  site: siteOptionsSchema.default(siteOptionsSchema.parse({})),
  crawl: crawlOptionsSchema.default(crawlOptionsSchema.parse({})),
  history: historyOptionsSchema.default(historyOptionsSchema.parse({})),
  check: checkOptionsSchema.default(checkOptionsSchema.parse({})),
});

export type CrawlOptions = z.infer<typeof crawlOptionsSchema>;
export type SiteOptions = z.infer<typeof siteOptionsSchema>;
export type Thresholds = z.infer<typeof thresholdsSchema>;
export type HistoryOptions = z.infer<typeof historyOptionsSchema>;
export type CheckOptions = z.infer<typeof checkOptionsSchema>;
export type WidgetOptions = z.infer<typeof widgetOptionsSchema>;
export type BadgeStyle = (typeof BADGE_STYLES)[number];
