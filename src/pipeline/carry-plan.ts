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
  /** Projects whose probe failed, with the error: each is settled as failed (`p/<all>/<all>`). */
  failed: Map<string, Error>;
  /**
   * Per project tracked whole: the server's clock from which its next probe looks for changes
   * (kept for carried and failed projects, this run's probe time for those crawled).
   */
  changesSince: Record<string, string>;
}
