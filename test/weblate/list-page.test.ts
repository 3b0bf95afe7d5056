import { describe, expect, it } from "vitest";
import { listPage } from "../../src/demo/list-answer.js";
import { firstPageUrl, readListPage } from "../../src/weblate/list-page.js";

const list = "https://weblate.example/api/components/p/c/translations/";

describe("a list, read", () => {
  it("asks for the page size on the first page", () => {
    expect(firstPageUrl(list, 1000)).toBe(`${list}?page_size=1000`);
    expect(firstPageUrl(`${list}?page_size=5&x=1`, 20)).toBe(`${list}?page_size=20&x=1`);
  });

  it("takes a bare array as the whole list", () => {
    expect(readListPage([1, 2], list)).toEqual({ items: [1, 2], next: null });
  });

  it("takes a page's results and its next page, resolved against the list", () => {
    expect(readListPage({ count: 3, next: "?page=2", previous: null, results: [1] }, list)).toEqual(
      { items: [1], next: `${list}?page=2`, count: 3 },
    );
    expect(readListPage({ results: [], next: null }, list)).toEqual({ items: [], next: null });
    expect(readListPage({ results: [] }, list)).toEqual({ items: [], next: null });
  });

  it.each([[null], ["text"], [{ count: 1 }], [{ results: {} }]])(
    "refuses %j: not a list",
    (body) => {
      expect(readListPage(body, list)).toEqual({
        problem: "expected a list: a JSON array or {count, next, previous, results}",
      });
    },
  );

  it("refuses a next that is not a URL or null", () => {
    expect(readListPage({ results: [], next: 2 }, list)).toEqual({
      problem: "expected `next` to be a URL or null",
    });
  });
});

describe("a list, served", () => {
  const items = Array.from({ length: 5 }, (_, i) => i);

  it("answers pages with links to the next and previous ones", () => {
    const first = listPage(new URL(`${list}?page_size=2`), items, 50)!;
    expect(first).toEqual({
      count: 5,
      next: `${list}?page_size=2&page=2`,
      previous: null,
      results: [0, 1],
    });
    const last = listPage(new URL(first.next!.replace("page=2", "page=3")), items, 50)!;
    expect(last).toEqual({
      count: 5,
      next: null,
      previous: `${list}?page_size=2&page=2`,
      results: [4],
    });
  });

  it("uses the default page size, caps it at 1000, and has no page past the end", () => {
    expect(listPage(new URL(list), items, 3)!.results).toEqual([0, 1, 2]);
    expect(
      listPage(new URL(`${list}?page_size=5000`), Array.from({ length: 1200 }), 50)!.results,
    ).toHaveLength(1000);
    expect(listPage(new URL(`${list}?page=4&page_size=2`), items, 50)).toBeUndefined();
    expect(listPage(new URL(list), [], 50)).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("is read back by the client side, page by page, to the whole list", () => {
    const seen: unknown[] = [];
    for (let url: string | null = firstPageUrl(list, 2); url !== null; ) {
      const page = readListPage(listPage(new URL(url), items, 50), list);
      if (page.items === undefined) throw new Error(page.problem);
      seen.push(...page.items);
      url = page.next;
    }
    expect(seen).toEqual(items);
  });
});
