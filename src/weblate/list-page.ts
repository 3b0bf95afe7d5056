import { field, obj } from "../model/json.js";

// Weblate's list endpoints: a client asks for pages of `page_size` items and follows `next` until
// null (older or proxied servers may answer a bare JSON array instead); the stand-in's side is
// demo/list-answer.ts.

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
