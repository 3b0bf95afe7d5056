import { describe, expect, it } from "vitest";
import { RateGate } from "../../src/http/rate-gate.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// The server's quota (X-RateLimit-*) honoured before it says 429: spend at most what is left,
// wait for the reset when the run needs more, and say so. The gate waits by wall clock, so these
// wait for real, a few hundred ms; a wait is told before it starts, so "did not wait" is read from
// what the gate said, and only a lower bound is asserted where it must hold requests back.

async function elapsed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const headers = (remaining: string, reset: string, limit = "100") => ({
  "x-ratelimit-limit": limit,
  "x-ratelimit-remaining": remaining,
  "x-ratelimit-reset": reset,
});

describe("RateGate", () => {
  it("lets requests through at once while the quota lasts, and keeps the last quota seen", async () => {
    const said: string[] = [];
    const gate = new RateGate(60_000, (line) => said.push(line));
    await gate.admit();
    gate.observe(headers("100", "60"));
    expect(gate.remaining).toBe(100);
    // A wait would last until the reset, 60 s, past the test's timeout, and be said first.
    await Promise.all(Array.from({ length: 20 }, () => gate.admit()));
    expect(said).toEqual([]);
  });

  it("ignores answers without both quota headers, or with unreadable ones", async () => {
    const gate = new RateGate(60_000);
    gate.observe({ "x-ratelimit-remaining": "3" });
    gate.observe({ "x-ratelimit-remaining": "", "x-ratelimit-reset": "10" });
    gate.observe({ "x-ratelimit-remaining": "many", "x-ratelimit-reset": "10" });
    expect(gate.remaining).toBeUndefined();
    gate.observe({ "x-ratelimit-remaining": ["7", "8"], "x-ratelimit-reset": "10" });
    expect(gate.remaining).toBe(7);
  });

  it("spends what is left less what is on the way, then waits for the reset, saying so once", async () => {
    const said: string[] = [];
    const gate = new RateGate(60_000, (line) => said.push(line));
    await gate.admit(); // sent, and on the way
    await gate.admit(); // a second one on the way
    gate.observe(headers("3", "0.3", "5")); // the first answered: 3 left, 1 still on the way
    // Two more go at once (3 left, 1 of them taken by the one on the way).
    await Promise.all([gate.admit(), gate.admit()]);
    expect(said).toEqual([]);
    // The next two wait for the window's reset; one of them goes first after it, the other waits
    // for its answer, which tells the new window's quota.
    const waiting = [gate.admit(), gate.admit()];
    let admitted = 0;
    for (const w of waiting) void w.then(() => (admitted += 1));
    const reset = await elapsed(() => Promise.race(waiting));
    expect(reset).toBeGreaterThanOrEqual(250);
    expect(said).toEqual([
      "waiting 1 s: the server's rate limit is used up (0 of 5 requests left, X-RateLimit-Remaining) until its window resets (X-RateLimit-Reset)",
    ]);
    await new Promise((r) => setTimeout(r, 20));
    expect(admitted).toBe(1);
    gate.observe(headers("4", "1", "5"));
    await Promise.all(waiting);
    expect(admitted).toBe(2);
  });

  it("does not send what it would have to wait past its cap for: it names the wait", async () => {
    const gate = new RateGate(30);
    await gate.admit();
    gate.observe(headers("0", "3600"));
    expect(await gate.admit()).toEqual({ blockedSeconds: 3600 });
  });
});

describe("a crawl against a rate-limited server", () => {
  // Ten components of one translation each: ten requests to the detail endpoint.
  const records = (base: string) =>
    Array.from({ length: 10 }, (_, i) => contractRecord(base, { component: `c${i}` }));
  const triples = Array.from({ length: 10 }, (_, i) => `proj/c${i}/cs`);

  it("never runs into 429: it waits for the window's reset and says so", async () => {
    const server = await startStandIn({ records, rateLimit: { limit: 4, windowSeconds: 1 } });
    const said: string[] = [];
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples, { concurrency: 4 }), {
      onWait: (line) => said.push(line),
    });
    expect(run.snapshot.translations.every((t) => t.status === "ok")).toBe(true);
    expect(server.throttled).toBe(0);
    expect(run.stats).toMatchObject({ requests: 10, retries: 0 });
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(said[0]).toMatch(
      /^waiting 1 s: the server's rate limit is used up \(0 of 4 requests left/,
    );
  });

  it("says each wait once, however often the answers move the reset", async () => {
    // 20 requests, 5 a window: 4 windows, so at most 3 waits (fewer if a window passes while
    // requests are on the way); the old gate said one per waiting request (12 lines for 3 waits).
    const many = (base: string) =>
      Array.from({ length: 20 }, (_, i) => contractRecord(base, { component: `c${i}` }));
    const server = await startStandIn({
      records: many,
      rateLimit: { limit: 5, windowSeconds: 1 },
    });
    const said: string[] = [];
    const run = await crawlToSnapshot(
      testConfig(
        server.baseUrl,
        Array.from({ length: 20 }, (_, i) => `proj/c${i}/cs`),
        { concurrency: 4 },
      ),
      { onWait: (line) => said.push(line) },
    );
    expect(run.stats).toMatchObject({ requests: 20, retries: 0 });
    expect(server.throttled).toBe(0);
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(said.length).toBeLessThanOrEqual(3);
  }, 30_000);

  it("spends what is left of a window that resets too late, and fails the rest naming the wait", async () => {
    const server = await startStandIn({ records, rateLimit: { limit: 4, windowSeconds: 3600 } });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, triples, { concurrency: 2, maxRetryAfterSeconds: 5 }),
    );
    expect(server.throttled).toBe(0);
    const statuses = run.snapshot.translations.map((t) => t.status);
    expect(statuses.filter((s) => s === "ok")).toHaveLength(4);
    const failed = run.snapshot.translations.find((t) => t.status === "failed");
    expect(failed?.errors[0]?.message).toMatch(
      /: not sent: the server's quota is used up for 3[56]\d\d s more \(X-RateLimit-Reset\), longer than crawl\.maxRetryAfterSeconds \(5 s\)$/,
    );
  });
});

describe("page_size up to the server's maximum", () => {
  const records = (base: string) =>
    Array.from({ length: 250 }, (_, i) =>
      contractRecord(base, { language: `l${String(i).padStart(3, "0")}` }),
    );

  it("follows the smaller pages of a server whose maximum is below what is asked", async () => {
    const server = await startStandIn({ records, maxPageSize: 100 });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["proj/comp/*"], { pageSize: 1000 }),
    );
    expect(run.snapshot.translations.filter((t) => t.status === "ok")).toHaveLength(250);
    const pages = server.requestsTo("/api/components/proj/comp/translations/").map((r) => r.url);
    expect(pages).toEqual([
      "/api/components/proj/comp/translations/?page_size=1000",
      "/api/components/proj/comp/translations/?page_size=1000&page=2",
      "/api/components/proj/comp/translations/?page_size=1000&page=3",
    ]);
  });

  it("asks more than 1000 a page of a server that gives more", async () => {
    const server = await startStandIn({ records, maxPageSize: 10_000 });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["proj/comp/*"], { pageSize: 5000 }),
    );
    expect(run.snapshot.translations).toHaveLength(250);
    expect(server.requestsTo("/api/components/proj/comp/translations/").map((r) => r.url)).toEqual([
      "/api/components/proj/comp/translations/?page_size=5000",
    ]);
  });
});

it("says on stderr that it waits for the rate limit's reset", async () => {
  const { runMain } = await import("../helpers/run-main.js");
  const server = await startStandIn({
    records: (base) =>
      Array.from({ length: 5 }, (_, i) => contractRecord(base, { component: `c${i}` })),
    rateLimit: { limit: 3, windowSeconds: 1 },
  });
  const run = await runMain({
    baseUrl: server.baseUrl,
    translations: Array.from({ length: 5 }, (_, i) => `proj/c${i}/cs`),
    crawl: { concurrency: 1 },
  });
  expect(run.code).toBe(0);
  expect(run.err).toMatch(
    /^waiting 1 s: the server's rate limit is used up \(0 of 3 requests left, X-RateLimit-Remaining\) until its window resets \(X-RateLimit-Reset\)\n$/,
  );
  expect(server.throttled).toBe(0);
});
