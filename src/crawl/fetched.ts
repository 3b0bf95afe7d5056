import type { Triple } from "../config/triple.js";

/** What the crawl got for one triple: a body to validate, or the error that stopped it. */
export type Fetched =
  | {
      triple: Triple;
      body: unknown;
      error?: undefined;
      /** Its row of the component's statistics endpoint, with crawl.statistics. */
      statistics?: Record<string, unknown>;
    }
  | { triple: Triple; error: Error; body?: undefined; statistics?: undefined };
