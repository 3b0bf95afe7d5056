// Why a translation could not be had, shared by the crawl (which raises these) and the site
// (whose error badges show them, in each catalog's words), so neither has to import the other.

/** The kinds of failed request (after shields.io's taxonomy). */
export type FailureKind =
  | "not-found"
  | "auth"
  | "rate-limited"
  | "inaccessible"
  | "invalid-response"
  | "too-large"
  | "redirect"
  | "locked";
