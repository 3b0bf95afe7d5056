// The server's side of Weblate's list endpoints: pages of {count, next, previous, results}, `next`
// and `previous` being the same address with another `page`.

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
