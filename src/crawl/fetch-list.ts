import type { HttpClient } from "./http-client.js";
import { RequestError } from "./request-error.js";

const MAX_PAGES = 1000;

/**
 * Fetches every item of a Weblate list endpoint: follows `next` until null (each `next` must stay
 * on the configured origin; the client refuses any other), and accepts a bare JSON array too.
 */
export async function fetchList(client: HttpClient, firstUrl: string, pageSize: number): Promise<unknown[]> {
  const items: unknown[] = [];
  const first = new URL(firstUrl);
  first.searchParams.set("page_size", String(pageSize));
  let url: string | null = first.href;
  const seen = new Set<string>();
  for (let page = 0; url !== null; page++) {
    if (page >= MAX_PAGES || seen.has(url)) throw new RequestError("invalid-response", url, "list pagination does not end (a `next` link repeats)");
    seen.add(url);
    const { body } = await client.getJson(url);
    if (Array.isArray(body)) {
      items.push(...body);
      break;
    }
    const pageBody = body as { results?: unknown; next?: unknown } | null;
    if (!pageBody || typeof pageBody !== "object" || !Array.isArray(pageBody.results)) {
      throw new RequestError("invalid-response", url, "expected a list: a JSON array or {count, next, previous, results}");
    }
    items.push(...pageBody.results);
    if (pageBody.next !== null && pageBody.next !== undefined && typeof pageBody.next !== "string") {
      throw new RequestError("invalid-response", url, "expected `next` to be a URL or null");
    }
    url = (pageBody.next as string | null | undefined) ?? null;
    if (url !== null) url = new URL(url, firstUrl).href;
  }
  return items;
}
