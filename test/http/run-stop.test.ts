import { describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { HttpClient } from "../../src/http/http-client.js";
import { crawlOptionsSchema } from "../../src/config/schema.js";
import { startHostile } from "../helpers/hostile-server.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn } from "../helpers/stand-in.js";

// What a run says when it cannot go on: one line naming the cause and what to set, after as few
// requests as tell it, instead of one failure (and its retries) per configured translation.

const translations = [
  "project0/*/*",
  ...Array.from({ length: 12 }, (_, i) => `project${i % 3}/component${i % 2}/l00${i % 4}`),
];

describe("a run that stops at the first sign", () => {
  it("says a base URL that is not a Weblate API is not one, and what the root looks like", async () => {
    const server = await startHostile((_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<html><title>Page not found - Translation status</title></html>");
    });
    const run = await runMain({
      baseUrl: server.baseUrl,
      translations,
      crawl: { retryDelayMs: 5 },
    });
    expect(run.code).toBe(2);
    expect(run.err.trim().split("\n")).toEqual([
      `l10n-snapshot: ${server.baseUrl} does not serve a Weblate API: its root ${server.baseUrl}/api/ answered 404 Not Found (Page not found - Translation status), where Weblate lists its endpoints as JSON ({"projects": ".../api/projects/", ...}); set "baseUrl" to the address Weblate is served at, such as https://hosted.weblate.org (its API root is that address and /api/)`,
    ]);
    // The first request (or the few in flight with it), then the root.
    expect(server.requests.length).toBeLessThanOrEqual(5);
    expect(server.requests.map((r) => r.url)).toContain("/api/");
  });

  it("keeps on a Weblate whose 404 for one project is a page: its root answers as Weblate's", async () => {
    const records = syntheticRecords({ projects: 1, components: 1, languages: 2 });
    const server = await startStandIn({ records });
    server.addFault("/api/translations/nowhere/c/cs/", {
      status: 404,
      headers: { "content-type": "text/html" },
      body: "<title>Not here</title>",
    });
    const run = await runMain({
      baseUrl: server.baseUrl,
      translations: ["project0/*/*", "nowhere/c/cs"],
    });
    expect(run.code).toBe(1);
    expect(run.err).toContain("failed nowhere/c/cs");
    expect(run.err).not.toContain("does not serve a Weblate API");
  });

  it("stops at the first 401 to a token and says the token was refused", async () => {
    const records = syntheticRecords({ projects: 3, components: 2, languages: 4 });
    const server = await startStandIn({ records, tokens: ["wlu_the_right_one"] });
    const run = await runMain({ baseUrl: server.baseUrl, translations }, ["crawl"], {
      WEBLATE_TOKEN: "wlu_a_wrong_one",
    });
    expect(run.code).toBe(2);
    const lines = run.err.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^l10n-snapshot: API token refused \(WEBLATE_TOKEN\): \[GET\] ".*": 401 Unauthorized \(Invalid token\.\); check the API token in WEBLATE_TOKEN: .*; the crawl stopped at this first 401 and sent no more requests$/,
    );
    expect(run.err).not.toMatch(/failed \d+ translations/);
    // At most the requests in flight with the first 401 (crawl.concurrency, 4).
    expect(server.log.length).toBeLessThanOrEqual(4);
  });

  it("says every 30 s (here 0.1 s) that it still waits for a silent server, without a terminal", async () => {
    const server = await startHostile(() => {});
    const lines: string[] = [];
    const client = new HttpClient({
      ...crawlOptionsSchema.parse({ timeoutMs: 1000, retries: 0 }),
      baseUrl: server.baseUrl,
      onWait: (line) => lines.push(line),
      silenceLineMs: 100,
    });
    try {
      await expect(client.getJson(`${server.baseUrl}/api/projects/`)).rejects.toThrow(
        "timed out: no answer within 1 s (crawl.timeoutMs); tried once",
      );
    } finally {
      await client.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(
      /^still waiting for http:\/\/127\.0\.0\.1:\d+: no answer for [\d.]+ s, 1 request open \(each waits up to 1 s, crawl\.timeoutMs, and is tried once at most\)$/,
    );
  });
});
