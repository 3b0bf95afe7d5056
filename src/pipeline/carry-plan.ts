import type { Triple } from "../config/triple.js";

// What the incremental crawl decided before the crawl: what is carried over, what is still to
// crawl (incremental.ts, instance-carry.ts).

export interface CarryPlan {
  /** What is still to crawl: the config's triples less the projects carried over or failed. */
  triples: Triple[];
  /** The projects whose entries are carried over, as the previous snapshot has them. */
  carried: Set<string>;
  /** When each carried project was last fetched (the run that fetched it). */
  fetchedAt: Record<string, string>;
  /**
   * Per project: the server's clock from which the next run's signal looks for changes (kept for
   * the carried projects; the crawled ones get this run's).
   */
  changesSince: Record<string, string>;
}
