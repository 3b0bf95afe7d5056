import { z } from "zod";
import { shardSchema } from "../model/shard.js";

// The snapshot file, the one contract between crawl and render: this schema is its only
// description. The writer builds values of these types, the readers (whole and streaming) parse
// with it, and merge joins them.

/** One departure from the API contract: the field path, and what was expected and found. */
export const problemSchema = z.object({ path: z.string(), message: z.string() });
export type Problem = z.infer<typeof problemSchema>;

export const entryStatusSchema = z.enum(["ok", "invalid", "failed"]);
export type EntryStatus = z.infer<typeof entryStatusSchema>;

/**
 * Why a failed entry failed, for error badges: a failure kind (model/failure.ts; "error" when it
 * was no request's) and the HTTP status. A kind is kept as written: a newer version's reads
 * "error".
 */
export const failureSchema = z.object({ kind: z.string(), status: z.int().optional() });

const statCount = z.int().min(0).optional();
const statPercent = z.number().min(0).max(100).optional();

/** The newer statistics an entry may keep (validate/statistics.ts), every one optional. */
export const statisticsSchema = z.looseObject({
  total_chars: statCount,
  translated_chars: statCount,
  fuzzy_chars: statCount,
  fuzzy_words: statCount,
  approved: statCount,
  approved_words: statCount,
  approved_chars: statCount,
  readonly: statCount,
  readonly_words: statCount,
  readonly_chars: statCount,
  translated_chars_percent: statPercent,
  fuzzy_words_percent: statPercent,
  fuzzy_chars_percent: statPercent,
  approved_percent: statPercent,
  approved_words_percent: statPercent,
  approved_chars_percent: statPercent,
  readonly_percent: statPercent,
  readonly_words_percent: statPercent,
  readonly_chars_percent: statPercent,
});
export type EntryStatistics = z.infer<typeof statisticsSchema>;

/** One configured translation. */
export const entrySchema = z.object({
  project: z.string(),
  component: z.string(),
  language: z.string(),
  status: entryStatusSchema,
  /** The record exactly as received (original names and values); present when ok. */
  record: z.unknown().optional(),
  /** Departures a reader of the numbers or links should know about. */
  warnings: z.array(problemSchema),
  errors: z.array(problemSchema),
  /** Known, normal differences of real servers (older or newer versions); never shown to users. */
  notes: z.array(problemSchema),
  failure: failureSchema.optional(),
  /**
   * What newer servers count beside the record (approved and read-only strings, characters, words
   * of each state), from the component's statistics endpoint (crawl.statistics); each field
   * present only where the server gave it, and absent on snapshots of older servers or versions.
   */
  statistics: statisticsSchema.optional(),
  /**
   * Last known good data: set when this run could not use the translation but an earlier run
   * could. `record` is that run's record (and `statistics` its statistics), `asOf` when it was
   * fetched, `since` the first run that carried it. The entry's status stays what this run found.
   */
  carried: z
    .object({
      asOf: z.iso.datetime({ offset: true }),
      since: z.iso.datetime({ offset: true }),
      record: z.unknown(),
      /** That run's `statistics` (characters, approved), so stale pages show what it showed. */
      statistics: statisticsSchema.optional(),
    })
    .optional(),
});
export type SnapshotEntry = z.infer<typeof entrySchema>;
export type CarriedData = NonNullable<SnapshotEntry["carried"]>;

export const headerSchema = z.object({
  /**
   * 3: the shared records (projects, components, languages) once each in the tables below, records
   * referring to them by index (compact.ts), and the notes about shared records once each in the
   * `notes` table, an entry's `notes` holding their indexes (compact.ts).
   */
  schemaVersion: z.literal(3, "expected 3 (this tool's snapshot format)"),
  generatedAt: z.string(),
  source: z.object({
    baseUrl: z.string(),
    /** Fingerprint of the crawl's base URL and triples; shards of one config share it. */
    configHash: z.string(),
  }),
  /**
   * Projects an incremental crawl carried over from the previous snapshot (their statistics had
   * not changed), each with when it was last fetched; absent when every project was fetched.
   */
  fetchedAt: z.record(z.string(), z.string()).optional(),
  /**
   * Per project tracked whole: the server's clock (its Date header) when the project was last
   * fetched; the incremental crawl's next probe asks for the changes logged since.
   */
  changesSince: z.record(z.string(), z.iso.datetime({ offset: true })).optional(),
  /** Present on a partial snapshot written by `crawl --shard i/n`. */
  shard: shardSchema.optional(),
});
export type SnapshotHeader = z.infer<typeof headerSchema>;

/**
 * The tables before the translations: each distinct record once, and each distinct note about a
 * shared record once. A snapshot saved from memory as JSON (records whole) has none.
 */
export const compactTablesSchema = z.object({
  projects: z.array(z.unknown()).default([]),
  components: z.array(z.unknown()).default([]),
  languages: z.array(z.unknown()).default([]),
  notes: z.array(problemSchema).default([]),
});

export const snapshotSchema = headerSchema.extend({ translations: z.array(entrySchema) });
export type Snapshot = z.infer<typeof snapshotSchema>;
