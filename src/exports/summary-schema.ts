import { z } from "zod";
import { METRICS, PROGRESSES } from "../model/measure.js";

// data/summary.json: the site's numbers per project and per language, small enough for a browser
// or a bot to fetch (a few hundred bytes per project and per language, nothing per translation).
// This zod schema is its only description; data/summary.schema.json is generated from it.

const count = z.int().nonnegative();

/**
 * Counts of one unit (strings, words or characters) over some translations, in the order
 * `units` names: total, translated, needing review (fuzzy), approved (null where the server does
 * not say). A list rather than an object: a site of 200 languages repeats it 600 times.
 */
export const unitCountsSchema = z.tuple([count, count, count, count.nullable()]);

/** The percent the site shows: one decimal, floored; null where there is nothing to count. */
const percent = z.number().min(0).max(100).nullable();

/** Who can use it in their language (where the server gives populations): see the site's reach. */
const reach = z
  .strictObject({
    /** The percent at or above which a language counts (site.reachThreshold). */
    threshold: z.number().min(0).max(100),
    /** Speakers of the languages reached, added up. */
    population: count,
    /** population over the world's 8.2 billion people, at most 1. */
    share: z.number().min(0).max(1),
  })
  .optional();

const figures = {
  /**
   * The percent the site shows (`metric`, `progress`; strings or translated where the counts lack
   * them).
   */
  percent,
  strings: unitCountsSchema,
  words: unitCountsSchema,
  /** Characters: where the server gives them (in its statistics) for every translation counted. */
  chars: unitCountsSchema.optional(),
};

export const summarySchema = z.strictObject({
  $schema: z.string().optional(),
  /** 1: this layout. A later layout that a reader of this one would misread gets a new number. */
  schemaVersion: z.literal(1),
  /** When the numbers were fetched (ISO 8601). */
  generatedAt: z.string(),
  /** The Weblate server. */
  baseUrl: z.string(),
  /** What the percents count (site.metric, site.progress). */
  metric: z.enum(METRICS),
  progress: z.enum(PROGRESSES),
  /** What the numbers of each unit's list are, in order. */
  units: z.tuple([
    z.literal("total"),
    z.literal("translated"),
    z.literal("fuzzy"),
    z.literal("approved"),
  ]),
  /**
   * The run's figures (docs/STATES.md): `total` tracked translations, each in one state (ok,
   * stale, failed, invalid; `warnings` of the ok ones), those removed from the server in this run,
   * and the lists that could not be read (not translations).
   */
  translations: z.strictObject({
    total: count,
    ok: count,
    warnings: count,
    invalid: count,
    failed: count,
    stale: count,
    removed: count,
    failedLists: count,
  }),
  ...figures,
  reach,
  projects: z.array(
    z.strictObject({
      slug: z.string(),
      name: z.string(),
      /** Page of the project, relative to the site's root. */
      page: z.string(),
      components: count,
      languages: count,
      ...figures,
      reach,
    }),
  ),
  languages: z.array(
    z.strictObject({
      code: z.string(),
      name: z.string(),
      page: z.string(),
      /** Tracked components in this language. */
      components: count,
      /** Speakers, where the server gives it. */
      population: count.optional(),
      ...figures,
    }),
  ),
});
export type Summary = z.infer<typeof summarySchema>;

/** data/summary.schema.json. */
export function summaryJsonSchema(): Record<string, unknown> {
  // toJSONSchema's result is a plain JSON Schema object.
  const schema = z.toJSONSchema(summarySchema, { io: "output" }) as Record<string, unknown>;
  return {
    ...schema,
    $id: "summary.schema.json",
    title: "l10n-snapshot summary",
    description:
      "Per-project and per-language translation figures of an l10n-snapshot site " +
      "(data/summary.json).",
  };
}
