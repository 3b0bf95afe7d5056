import { field, obj } from "../model/json.js";
// Weblate's list endpoints, both sides: a client asks for pages of `page_size` items and follows
// `next` until null (older or proxied servers may answer a bare JSON array instead), and a server
// answers pages of {count, next, previous, results}, `next` and `previous` being the same address
// with another `page`.

/** A list's first page, asking for `pageSize` items a page. */
export function firstPageUrl(listUrl: string, pageSize: number): string {
  const first = new URL(listUrl);
  first.searchParams.set("page_size", String(pageSize));
  return first.href;
}

export type ListPage =
  | { items: unknown[]; next: string | null; count?: number; problem?: undefined }
  | { problem: string; items?: undefined; next?: undefined; count?: undefined };

/**
 * The items of one answer of a list endpoint and the address of the next page (resolved against
 * `url`).
 */
export function readListPage(body: unknown, url: string): ListPage {
  if (Array.isArray(body)) return { items: body, next: null };
  const page = obj(body);
  if (!page || !Array.isArray(page.results)) {
    return { problem: "expected a list: a JSON array or {count, next, previous, results}" };
  }
  if (page.next !== null && page.next !== undefined && typeof page.next !== "string") {
    return { problem: "expected `next` to be a URL or null" };
  }
  const count = field(page, "count");
  return {
    items: page.results,
    next: typeof page.next === "string" ? new URL(page.next, url).href : null,
    // What the server says the whole list holds: a list that ends short of it was cut off.
    ...(typeof count === "number" && Number.isSafeInteger(count) && count >= 0 ? { count } : {}),
  };
}

export interface PageAnswer {
  count: number;
  next: string | null;
  previous: string | null;
  results: unknown[];
}

/**
 * The page a request for a list asks for (`page`, `page_size` up to `maxSize`, Weblate's 1000,
 * else `defaultSize`); undefined for a page past the end (Weblate answers 404 "Invalid page.").
 */
export function listPage(
  url: URL,
  items: readonly unknown[],
  defaultSize: number,
  maxSize = 1000,
): PageAnswer | undefined {
  const size = Math.min(
    maxSize,
    Math.max(1, Number(url.searchParams.get("page_size")) || defaultSize),
  );
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const start = (page - 1) * size;
  if (start >= items.length && page > 1) return undefined;
  const link = (n: number) => {
    const other = new URL(url.href);
    other.searchParams.set("page", String(n));
    return other.href;
  };
  return {
    count: items.length,
    next: start + size < items.length ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: items.slice(start, start + size),
  };
}
