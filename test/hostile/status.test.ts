import { describe, expect, it } from "vitest";
import { STALLS_BEFORE_STOP } from "../../src/http/crawl-guard.js";
import { expectCase, goodWeblate, json, runCase, snapshotOf } from "../helpers/hostile-server.js";

// Status storms: 5xx, 429, absurd Retry-After and X-RateLimit-Reset, statuses no server should
// send.

// One language of each component: every translation is its own detail request.
const many = (n: number) => Array.from({ length: n }, (_, i) => `proj/c${i}/cs`);
const token = "hostile-status-token-8c1f";

describe("hostile server: status storms", () => {
  it("a storm of 500s: each translation is retried crawl.retries times, no more", async () => {
    const result = await runCase({
      translations: many(3),
      handler: (_req, res) => json(res, 500, { detail: "Server Error" }),
    });
    await expectCase(result, { code: 3, message: "500 Internal Server Error (Server Error)" });
    expect(result.server.requests).toHaveLength(3 * 3);
  });

  it("a 503 asking to wait 999999 s fails at once, naming the wait", async () => {
    const result = await runCase({
      handler: (_req, res) =>
        json(res, 503, { detail: "maintenance" }, { "retry-after": "999999" }),
    });
    await expectCase(result, {
      code: 3,
      message:
        "503 Service Unavailable: the server asks to wait 999999 s (Retry-After), longer than crawl.maxRetryAfterSeconds (1 s); not retried",
    });
    expect(result.server.requests).toHaveLength(1);
  });

  it("a 429 asking to wait until a date in 2100 fails at once too", async () => {
    const result = await runCase({
      handler: (_req, res) =>
        json(res, 429, { detail: "Slow down" }, { "retry-after": "Fri, 01 Jan 2100 00:00:00 GMT" }),
    });
    await expectCase(result, {
      code: 3,
      message: /429 Too Many Requests: the server asks to wait \d+ s \(Retry-After\)/,
    });
    expect(result.server.requests).toHaveLength(1);
  });

  it("a Retry-After that is not a number or a date falls back to the backoff and the retry succeeds", async () => {
    let first = true;
    const result = await runCase({
      handler: (req, res, server) => {
        if (!first) return goodWeblate(req, res, server);
        first = false;
        json(res, 429, { detail: "x" }, { "retry-after": "-5 or so" });
      },
    });
    await expectCase(result, { code: 0 });
    expect(result.server.requests).toHaveLength(2);
  });

  it("a 429 storm with a token set: the message does not tell the user to set a token, and the crawl stops early", async () => {
    const result = await runCase({
      token,
      translations: many(12),
      handler: (_req, res) => json(res, 429, { detail: "Request was throttled." }),
    });
    await expectCase(result, {
      code: 3,
      message: "the token's quota is used up; wait for it to reset or lower crawl.concurrency",
      secrets: [token],
    });
    expect(result.err).not.toContain("set an API token");
    expect(result.err).toContain(
      `the server answered 429 Too Many Requests to ${STALLS_BEFORE_STOP} requests in a row`,
    );
    expect(result.server.requests.length).toBeLessThanOrEqual(STALLS_BEFORE_STOP + 2);
  });

  it("a 429 without a token suggests setting one", async () => {
    const result = await runCase({
      anonymous: true,
      crawl: { retries: 0 },
      handler: (_req, res) => json(res, 429, { detail: "Request was throttled." }),
    });
    await expectCase(result, {
      code: 3,
      message:
        "429 Too Many Requests (Request was throttled.); set an API token to get a larger quota",
    });
  });

  it("a quota used up for 999999 s (X-RateLimit-Reset): the rest fail at once, naming the wait", async () => {
    const result = await runCase({
      translations: many(6),
      crawl: { concurrency: 1 },
      handler: (req, res, server) => {
        res.setHeader("x-ratelimit-remaining", "0");
        res.setHeader("x-ratelimit-reset", "999999");
        goodWeblate(req, res, server);
      },
    });
    await expectCase(result, {
      code: 1,
      message:
        "the server's quota is used up for 999999 s more (X-RateLimit-Reset), longer than crawl.maxRetryAfterSeconds (1 s)",
    });
    expect(result.server.requests).toHaveLength(1);
    expect((await snapshotOf(result)).translations.filter((t) => t.status === "ok")).toHaveLength(
      1,
    );
  });

  it("a quota nearly used up with a reset far away is used at full speed, not spread over the reset", async () => {
    const started = Date.now();
    const result = await runCase({
      translations: many(4),
      crawl: { concurrency: 1 },
      handler: (req, res, server) => {
        res.setHeader("x-ratelimit-remaining", "1000");
        res.setHeader("x-ratelimit-reset", "99999999");
        goodWeblate(req, res, server);
      },
    });
    await expectCase(result, { code: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("a status no server should send (599, 999) is an invalid answer, not retried", async () => {
    const result = await runCase({
      translations: ["proj/comp/cs", "proj/comp/de"],
      handler: (req, res) => json(res, req.url!.includes("/cs/") ? 599 : 999, { detail: "?" }),
    });
    await expectCase(result, { code: 3, message: "failed proj/comp/cs: " });
  });

  it("a 200 with an empty body, or a 204, is not JSON, its API root neither: one line", async () => {
    const result = await runCase({
      translations: ["proj/comp/cs", "proj/comp/de"],
      handler: (req, res) => {
        res.writeHead(req.url!.includes("/cs/") ? 200 : 204);
        res.end();
      },
    });
    await expectCase(result, {
      code: 2,
      message: /^l10n-snapshot: http:.* does not serve a Weblate API: .*response is not JSON/,
    });
  });

  it("a 404 whose detail carries escape codes and a forged summary line: printed escaped, on one line", async () => {
    const forged =
      "gone\n\u001b[2K\rfetched 99, ok 99, warnings 0, invalid 0, failed 0; 1 requests, 0.1 s\u001b[31m";
    const result = await runCase({
      translations: ["proj/comp/cs", "proj/comp/de"],
      handler: (req, res, server) =>
        req.url!.includes("/de/")
          ? json(res, 404, { detail: forged })
          : goodWeblate(req, res, server),
    });
    await expectCase(result, { code: 1, message: "404 Not Found (gone \\u001b[2K fetched 99" });
    expect(result.err.split("\n").some((line) => line.startsWith("fetched"))).toBe(false);
    const snapshot = await snapshotOf(result);
    // eslint-disable-next-line no-control-regex
    expect(snapshot.translations[1]!.errors[0]!.message).not.toMatch(/[\u0000-\u001f]/);
  });

  it("a 403 answered with an HTML page full of escapes: the message holds no raw control character", async () => {
    const result = await runCase({
      handler: (_req, res) =>
        void (res.writeHead(403, { "content-type": "text/html" }),
        res.end("<h1>\u001b]8;;http://evil\u0007Forbidden\u001b]8;;\u0007</h1>\u202e")),
    });
    await expectCase(result, {
      code: 3,
      message:
        "403 Forbidden; check the API token in WEBLATE_TOKEN or the project's access control",
    });
  });

  it("a 200 whose body is not JSON, with escapes and a newline in it: one sanitized line", async () => {
    const result = await runCase({
      handler: (_req, res) =>
        void (res.writeHead(200, { "content-type": "application/json" }),
        res.end("\u001b[2J\nfetched 99, ok 99\u009b")),
    });
    await expectCase(result, {
      code: 2,
      message: /^l10n-snapshot: http:.* does not serve a Weblate API: .*response is not JSON/,
    });
    expect(result.err).toContain("\\u001b[2J");
  });
});
