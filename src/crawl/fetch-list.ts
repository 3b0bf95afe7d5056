import { firstPageUrl, readListPage } from "../weblate/list-page.js";
import type { HttpClient } from "./http-client.js";
import { RequestError } from "./request-error.js";

/** Pages a list may have, or more while its pages hold items (up to one page an item). */
const MAX_PAGES = 1000;

/** What the pages of a list said about it, once every page was read. */
export interface ListRead {
  /** Items the pages held, repeats included. */
  items: number;
  /** The count every page gave, when the server sends one. */
  count?: number;
  /** The address of the first page (errors about the whole list name it). */
  first: string;
}

/**
 * Reads a Weblate list endpoint page by page, handing each page's items to `onPage` before the
 * next is taken in (the next page is asked for while `onPage` runs): follows `next` until null
 * (each `next` must stay on the configured origin; the client refuses any other), and accepts a
 * bare JSON array too. Throws when the list is not whole: a page that fails or does not parse, a
 * `next` that repeats, or a `count` that changes from one page to the next (the server's list
 * shifted while it was read: an item may have been skipped). Whether the items add up to the
 * count is the caller's to judge (`wholeList`), since only it knows which items are repeats.
 */
export async function forEachPage(
  client: HttpClient,
  listUrl: string,
  pageSize: number,
  onPage: (items: unknown[], offset: number) => void | Promise<void>,
): Promise<ListRead> {
  const first = firstPageUrl(listUrl, pageSize);
  const seen = new Set<string>();
  let declared: number | undefined;
  let held = 0;
  let url: string | null = first;
  let answer = fetchPage(client, url, first);
  for (let page = 0; ; page++) {
    const current = await answer;
    if (page === 0) declared = current.count;
    else if (current.count !== declared)
      throw new RequestError(
        "invalid-response",
        url ?? first,
        `the list changed while it was read: its first page says ${declared ?? "no"} items, ` +
          `page ${page + 1} says ${current.count ?? "none"}`,
      );
    url = current.next;
    if (url !== null) {
      // Beyond MAX_PAGES, only pages that bring items (up to the count) go on: a list of a million
      // in pages of a thousand, not an endless chain of empty pages that claims a huge count.
      const bound = Math.max(MAX_PAGES, Math.min(declared ?? 0, held + current.items.length) + 1);
      if (page + 1 >= bound || seen.has(url) || url === first)
        throw new RequestError(
          "invalid-response",
          url,
          "list pagination does not end (a `next` link repeats)",
        );
      seen.add(url);
      answer = fetchPage(client, url, first);
      // Handled below while the next page is on its way: should handling throw, that request's
      // failure is not left unhandled.
      answer.catch(() => undefined);
    }
    await onPage(current.items, held);
    held += current.items.length;
    if (url === null) break;
  }
  return { items: held, first, ...(declared === undefined ? {} : { count: declared }) };
}

async function fetchPage(
  client: HttpClient,
  url: string,
  first: string,
): Promise<{ items: unknown[]; next: string | null; count?: number }> {
  const { body } = await client.getJson(url);
  const answer = readListPage(body, first);
  if (answer.items === undefined) throw new RequestError("invalid-response", url, answer.problem);
  return answer;
}

/**
 * Throws unless a list read whole holds what its count says: `distinct` items (repeats across
 * pages left out), against the count every page gave.
 */
export function wholeList(read: ListRead, distinct: number): void {
  if (read.count === undefined || distinct === read.count) return;
  const held = read.items === distinct ? `${distinct}` : `${distinct} different (${read.items})`;
  throw new RequestError(
    "invalid-response",
    read.first,
    distinct < read.count
      ? `list cut short: its first page says ${read.count} items, its pages held ${held}`
      : `the list holds more than it says: its first page says ${read.count} items, ` +
          `its pages held ${held}`,
  );
}

/**
 * Fetches every item of a Weblate list endpoint (forEachPage). Only a whole list is returned: one
 * that ends with fewer items than its first page's `count` (a page cut short, a `next` missing)
 * throws, so that what it lacks is never taken as removed.
 */
export async function fetchList(
  client: HttpClient,
  listUrl: string,
  pageSize: number,
): Promise<unknown[]> {
  const items: unknown[] = [];
  const read = await forEachPage(client, listUrl, pageSize, (page) => {
    items.push(...page);
  });
  if (read.count !== undefined && items.length < read.count) wholeList(read, items.length);
  return items;
}
