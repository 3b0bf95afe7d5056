import { firstPageUrl, readListPage } from "../weblate/list-page.js";
import type { HttpClient } from "./http-client.js";
import { RequestError } from "./request-error.js";

const MAX_PAGES = 1000;

/**
 * Fetches every item of a Weblate list endpoint: follows `next` until null (each `next` must stay
 * on the configured origin; the client refuses any other), and accepts a bare JSON array too.
 * Only a whole list is returned: one that ends with fewer items than its first page's `count`
 * (a page cut short, a `next` missing) throws, so that what it lacks is never taken as removed.
 */
export async function fetchList(
  client: HttpClient,
  listUrl: string,
  pageSize: number,
): Promise<unknown[]> {
  const items: unknown[] = [];
  const first = firstPageUrl(listUrl, pageSize);
  let url: string | null = first;
  const seen = new Set<string>();
  let declared: number | undefined;
  for (let page = 0; url !== null; page++) {
    if (page >= MAX_PAGES || seen.has(url))
      throw new RequestError(
        "invalid-response",
        url,
        "list pagination does not end (a `next` link repeats)",
      );
    seen.add(url);
    const { body } = await client.getJson(url);
    const answer = readListPage(body, first);
    if (answer.items === undefined) throw new RequestError("invalid-response", url, answer.problem);
    if (page === 0) declared = answer.count;
    items.push(...answer.items);
    url = answer.next;
  }
  if (declared !== undefined && items.length < declared)
    throw new RequestError(
      "invalid-response",
      first,
      `list cut short: its first page says ${declared} items, its pages held ${items.length}`,
    );
  return items;
}
