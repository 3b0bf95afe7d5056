import { firstPageUrl, readListPage } from "../weblate/list-page.js";
import type { HttpClient } from "../http/http-client.js";
import { RequestError } from "../http/request-error.js";
import { must } from "../model/must.js";

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

/** Pages asked for ahead of the one being handled, at most (and at most the client's slots). */
const PAGES_AHEAD = 2;

/** One answer of a list endpoint. */
interface Page {
  items: unknown[];
  next: string | null;
  count?: number;
}

/**
 * Reads a Weblate list endpoint page by page, handing each page's items to `onPage` in order
 * while the pages after it are on their way: follows `next` until null (each `next` must stay on
 * the configured origin; the client refuses any other), and accepts a bare JSON array too. Once
 * the first page tells the count and numbers its `next` (`page=2`), the other pages are asked for
 * up to PAGES_AHEAD at a time, so few pages are held however long the list.
 * Throws when the list is not whole: a page that fails or does not parse, a `next` that repeats
 * or leaves the numbering, or a `count` that changes from one page to the next (the server's
 * list shifted while it was read: an item may have been skipped). Whether the items add up to
 * the count is the caller's to judge (`wholeList`), since only it knows which items are repeats.
 */
export async function forEachPage(
  client: HttpClient,
  listUrl: string,
  pageSize: number,
  onPage: (items: unknown[], offset: number) => void | Promise<void>,
): Promise<ListRead> {
  const first = firstPageUrl(listUrl, pageSize);
  let current = await fetchPage(client, first, first);
  const numbered = numberedPages(current);
  const ahead = numbered ? Math.max(1, Math.min(PAGES_AHEAD, client.concurrency)) : 1;
  const declared = current.count;
  const asked = new Map<number, Promise<Page>>();
  const ask = (page: number, url: string) => {
    const answer = fetchPage(client, url, first);
    // Handled in its turn: should an earlier page throw, this one's failure is not unhandled.
    answer.catch(() => undefined);
    asked.set(page, answer);
  };
  const seen = new Set<string>();
  let held = 0;
  let url = first;
  for (let page = 1; ; page++) {
    if (page > 1 && current.count !== declared) throw changed(url, declared, page, current.count);
    const next = numbered
      ? numbered.next(page, current)
      : linkedNext(current, { page, held, seen, first, declared });
    if (next !== null && !numbered) ask(page + 1, next);
    if (numbered && next !== null) {
      if (page >= MAX_PAGES && current.items.length === 0)
        throw new RequestError(
          "invalid-response",
          url,
          "list pagination does not end (empty pages)",
        );
      for (let k = page + 1; k <= Math.min(numbered.pages, page + ahead); k++)
        if (!asked.has(k)) ask(k, numbered.url(k));
    }
    await onPage(current.items, held);
    held += current.items.length;
    if (next === null) break;
    url = next;
    current = await must(asked.get(page + 1));
    asked.delete(page + 1);
  }
  return { items: held, first, ...(declared === undefined ? {} : { count: declared }) };
}

/**
 * The pages of a list whose first page numbers the next (`page=2`), when its count tells: page k
 * must say the first page's count and link to page k + 1 (the last to nothing), as Weblate's do.
 */
function numberedPages(head: Page) {
  if (head.count === undefined || head.next === null || head.items.length === 0) return undefined;
  const link = new URL(head.next);
  if (link.searchParams.get("page") !== "2") return undefined;
  const pages = Math.ceil(head.count / head.items.length);
  if (pages < 2) return undefined;
  const url = (page: number) => {
    link.searchParams.set("page", String(page));
    return link.href;
  };
  /** The address after page `page`, once its `next` is checked. */
  const next = (page: number, current: Page): string | null => {
    const expected = page < pages ? url(page + 1) : null;
    if (!linksTo(current.next, expected))
      throw new RequestError(
        "invalid-response",
        url(page),
        `the list's pages do not follow each other: page ${page} of ${pages} links to ` +
          `${current.next === null ? "no next page" : "another page"}`,
      );
    return expected;
  };
  return { pages, url, next };
}

/** The page after `current` in a list linked by `next`, refused when the chain does not end. */
function linkedNext(
  current: Page,
  read: { page: number; held: number; seen: Set<string>; first: string; declared?: number },
): string | null {
  const { next } = current;
  if (next === null) return null;
  // Beyond MAX_PAGES, only pages that bring items (up to the count) go on: a list of a million
  // in pages of a thousand, not an endless chain of empty pages that claims a huge count.
  const brought = Math.min(read.declared ?? 0, read.held + current.items.length);
  if (read.page >= Math.max(MAX_PAGES, brought + 1) || read.seen.has(next) || next === read.first)
    throw new RequestError(
      "invalid-response",
      next,
      "list pagination does not end (a `next` link repeats)",
    );
  read.seen.add(next);
  return next;
}

/**
 * Whether a page's `next` is the page expected: the same list (origin and path) and page number,
 * however the server writes the rest of its query (Django's encoding is not the URL API's).
 */
function linksTo(next: string | null, expected: string | null): boolean {
  if (next === null || expected === null) return next === expected;
  if (next === expected) return true;
  const b = new URL(expected);
  let a: URL;
  try {
    a = new URL(next);
  } catch {
    return false;
  }
  return (
    a.origin === b.origin &&
    a.pathname === b.pathname &&
    a.searchParams.get("page") === b.searchParams.get("page")
  );
}

function changed(url: string, declared: number | undefined, page: number, count?: number) {
  return new RequestError(
    "invalid-response",
    url,
    `the list changed while it was read: its first page says ${declared ?? "no"} items, ` +
      `page ${page} says ${count ?? "none"}`,
  );
}

async function fetchPage(client: HttpClient, url: string, first: string): Promise<Page> {
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
