// Why a translation could not be had, shared by the crawl (which raises these) and the site
// (whose error badges show them), so neither has to import the other.

/**
 * The kinds of failed request (after shields.io's taxonomy), each with the one- or two-word
 * message an error badge shows.
 */
export const failureKinds = {
  "not-found": "not found",
  auth: "no access",
  "rate-limited": "rate limited",
  inaccessible: "unreachable",
  "invalid-response": "invalid",
  "too-large": "too large",
  redirect: "redirected",
  locked: "locked",
} as const;
export type FailureKind = keyof typeof failureKinds;

/**
 * The badge text for a failure kind as a snapshot holds it. A failure that was no request's
 * ("error"), or a kind this version does not know (a snapshot from a newer one), reads "error".
 */
export function failureBadgeText(kind: string | undefined): string {
  return kind !== undefined && isFailureKind(kind) ? failureKinds[kind] : "error";
}

function isFailureKind(kind: string): kind is FailureKind {
  return Object.hasOwn(failureKinds, kind);
}
