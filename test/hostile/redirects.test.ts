import { describe, expect, it } from "vitest";
import {
  expectCase,
  goodWeblate,
  json,
  recordFor,
  runCase,
  snapshotOf,
  startHostile,
} from "../helpers/hostile-server.js";

// Redirects and `next` links: loops, other origins, endless chains, schemes that are not http.

const token = "hostile-redirect-token-77ad";
const redirect = (
  res: import("node:http").ServerResponse,
  location: string | undefined,
  status = 302,
) => {
  res.writeHead(status, location === undefined ? {} : { location });
  res.end();
};

/** A server whose component list for proj/comp is `page(n)`, and whose other answers are good. */
const listing =
  (page: (url: URL, base: string) => unknown) =>
  (
    req: import("node:http").IncomingMessage,
    res: import("node:http").ServerResponse,
    server: { baseUrl: string },
  ) => {
    const url = new URL(req.url!, server.baseUrl);
    if (url.pathname === "/api/components/proj/comp/translations/")
      return json(res, 200, page(url, server.baseUrl));
    if (url.pathname === "/api/components/proj/comp/")
      return json(res, 200, recordFor(server.baseUrl, "proj", "comp", "cs").component);
    return goodWeblate(req, res, server as never);
  };

describe("hostile server: redirects and next links", () => {
  it("a redirect loop on the server stops after 5 redirects", async () => {
    const result = await runCase({
      crawl: { retries: 0 },
      handler: (req, res) => redirect(res, req.url!.endsWith("/b") ? "/a" : "/b"),
    });
    await expectCase(result, { code: 3, message: "more than 5 redirects" });
    expect(result.server.requests).toHaveLength(6);
  });

  it("an endless chain of fresh redirects is cut at the same bound", async () => {
    const result = await runCase({
      crawl: { retries: 0 },
      handler: (req, res) => redirect(res, `/r/${req.url!.length}/x`, 307),
    });
    await expectCase(result, { code: 3, message: "more than 5 redirects" });
    expect(result.server.requests.length).toBeLessThanOrEqual(6);
  });

  it("a redirect to another origin is not followed: the token never goes there", async () => {
    const elsewhere = await startHostile(goodWeblate);
    const result = await runCase({
      token,
      handler: (req, res) => redirect(res, `${elsewhere.baseUrl}${req.url}?token=${token}`),
    });
    await expectCase(result, { code: 3, message: "redirect to another origin", secrets: [token] });
    expect(elsewhere.requests).toHaveLength(0);
  });

  it("a redirect without a Location header", async () => {
    const result = await runCase({ handler: (_req, res) => redirect(res, undefined, 301) });
    await expectCase(result, { code: 3, message: "301 redirect without a Location header" });
  });

  it.each([
    ["javascript:alert(document.cookie)"],
    ["data:application/json,{}"],
    ["file:///etc/passwd"],
  ])("a redirect to %s is not followed", async (location) => {
    const result = await runCase({ handler: (_req, res) => redirect(res, location) });
    await expectCase(result, { code: 3, message: "redirect to another origin" });
    expect(result.server.requests).toHaveLength(1);
  });

  it("a `next` link that loops back to a page already read", async () => {
    const result = await runCase({
      translations: ["proj/comp/*"],
      handler: listing((url, base) => ({
        count: 2,
        next: `${base}/api/components/proj/comp/translations/?page_size=1000&page=${url.searchParams.get("page") === "2" ? "1" : "2"}`,
        results: [],
      })),
    });
    await expectCase(result, { code: 3, message: "list pagination does not end" });
    expect(result.server.requests.length).toBeLessThan(10);
  });

  it("a `next` link to another origin is refused, and that server hears nothing", async () => {
    const elsewhere = await startHostile(goodWeblate);
    const result = await runCase({
      token,
      translations: ["proj/comp/*"],
      handler: listing(() => ({
        count: 2,
        next: `${elsewhere.baseUrl}/api/components/proj/comp/translations/?page=2`,
        results: [],
      })),
    });
    await expectCase(result, {
      code: 3,
      message: "outside the configured server",
      secrets: [token],
    });
    expect(elsewhere.requests).toHaveLength(0);
  });

  it("a `next` link with a javascript: or data: URL is refused", async () => {
    const result = await runCase({
      translations: ["proj/comp/*"],
      handler: listing(() => ({ count: 2, next: "javascript:alert(1)//", results: [] })),
    });
    await expectCase(result, {
      code: 3,
      message: /failed proj\/comp\/\*: .*(outside the configured server|not a valid URL)/,
    });
  });

  it("a `next` link that is not a string is refused", async () => {
    const result = await runCase({
      translations: ["proj/comp/*"],
      handler: listing(() => ({ count: 2, next: { href: "/x" }, results: [] })),
    });
    await expectCase(result, { code: 3, message: "expected `next` to be a URL or null" });
  });

  it("an endless chain of fresh `next` pages is cut at 1000 pages", async () => {
    const result = await runCase({
      translations: ["proj/comp/*"],
      crawl: { concurrency: 4 },
      handler: listing((url, base) => ({
        count: 1e9,
        next: `${base}/api/components/proj/comp/translations/?page_size=1000&page=${Number(url.searchParams.get("page") ?? 1) + 1}`,
        results: [],
      })),
    });
    await expectCase(result, { code: 3, message: "list pagination does not end" });
    expect(result.server.requests.length).toBeLessThanOrEqual(1002);
    expect(
      (await snapshotOf({ ...result, dir: result.dir }).catch(() => undefined))?.translations ?? [],
    ).toEqual([]);
  });
});
