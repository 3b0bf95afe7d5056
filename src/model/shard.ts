import { z } from "zod";

/** One part of a crawl split by component for a CI matrix (`--shard I/N`, 1-based). */
export const shardSchema = z.object({ index: z.int().min(1), count: z.int().min(1) });
export type Shard = z.infer<typeof shardSchema>;
