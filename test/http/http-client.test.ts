import { deflateRawSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { HttpClient } from "../../src/http/http-client.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";
import { serialize, type ContentCoding } from "../../src/demo/stand-in-server.js";

/** One component per language, so each triple is one request to the detail endpoint. */
const manyComponents = (n: number) => (base: string) =>
  Array.from({ length: n }, (_, i) => contractRecord(base, { component: `comp${i}` }));
const detail = (component: string, language = "cs") =>
  `/api/translations/proj/${component}/${language}/`;
const triples = (n: number) => Array.from({ length: n }, (_, i) => `proj/comp${i}/cs`);

describe("the crawl against a local Weblate stand-in", () => {
  it("keeps at most `concurrency` requests in flight, counted by the server", async () => {
    const server = await startStandIn({ records: manyComponents(12), latencyMs: 60 });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(12), { concurrency: 3 }));
    expect(run.snapshot.translations.map((t) => t.status)).toEqual(Array(12).fill("ok"));
    expect(server.log).toHaveLength(12);
    expect(server.maxInFlight).toBe(3);
  });

  it("retries a 500 to success", async () => {
    const server = await startStandIn({ records: manyComponents(2) });
    server.addFault(detail("comp0"), { status: 500 });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(2)));
    expect(run.snapshot.translations.map((t) => t.status)).toEqual(["ok", "ok"]);
    expect(server.requestsTo(detail("comp0"))).toHaveLength(2);
    expect(run.stats).toMatchObject({ requests: 3, retries: 1 });
  });

  it("waits what Retry-After says on a 429", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    server.addFault(detail("comp0"), { status: 429, headers: { "retry-after": "1" } });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(1)));
    expect(run.snapshot.translations[0]!.status).toBe("ok");
    const [first, second] = server.requestsTo(detail("comp0"));
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(second!.at - first!.at).toBeLessThan(2500);
  });

  it("gives up after `retries` and names the request", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    server.addFault(detail("comp0"), { status: 503 }, { status: 502 }, { status: 500 });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(1), { retries: 2 }));
    expect(server.requestsTo(detail("comp0"))).toHaveLength(3);
    expect(run.snapshot.translations[0]).toMatchObject({
      status: "failed",
      errors: [
        {
          path: "(request)",
          message: `[GET] "${server.baseUrl}${detail("comp0")}": 500 Internal Server Error (Scripted 500.)`,
        },
      ],
      failure: { kind: "inaccessible", status: 500 },
    });
  });

  it("does not retry a 404; the triple fails and the others succeed", async () => {
    const server = await startStandIn({ records: manyComponents(3) });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, [...triples(3), "proj/missing/cs"]),
    );
    const byComponent = Object.fromEntries(run.snapshot.translations.map((t) => [t.component, t]));
    expect(byComponent.missing).toMatchObject({
      status: "failed",
      errors: [
        {
          path: "(request)",
          message: `[GET] "${server.baseUrl}${detail("missing")}": 404 Not Found (Not found.); project "proj" has no component "missing"; it has "comp0", "comp1", "comp2"`,
        },
      ],
      failure: { kind: "not-found", status: 404 },
    });
    expect(server.requestsTo(detail("missing"))).toHaveLength(1);
    expect(["comp0", "comp1", "comp2"].map((c) => byComponent[c]!.status)).toEqual([
      "ok",
      "ok",
      "ok",
    ]);
  });

  it("refuses a body over the size cap without reading it all", async () => {
    const server = await startStandIn({ records: manyComponents(2) });
    server.addFault(detail("comp0"), { bodyBytes: 200_000 });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, triples(2), { maxBodyBytes: 4096 }),
    );
    expect(run.snapshot.translations[0]).toMatchObject({
      status: "failed",
      failure: { kind: "too-large" },
    });
    expect(run.snapshot.translations[0]!.errors[0]!.message).toContain(
      "response body larger than 4096 bytes (crawl.maxBodyBytes)",
    );
    expect(run.snapshot.translations[1]!.status).toBe("ok");
  });

  it("times out a body that trickles in too slowly", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    server.addFault(detail("comp0"), { slowBodyMs: 100 });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, triples(1), { bodyTimeoutMs: 300, retries: 0 }),
    );
    expect(run.snapshot.translations[0]).toMatchObject({
      status: "failed",
      failure: { kind: "inaccessible" },
    });
    expect(run.snapshot.translations[0]!.errors[0]!.message).toContain(
      "timed out: the answer's body took longer than 0.3 s (crawl.bodyTimeoutMs); tried once",
    );
  });

  it("times out a server that sends no headers, saying how long it waited and how often", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    server.addFault(detail("comp0"), { delayMs: 1500 }, { delayMs: 1500 });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, triples(1), { timeoutMs: 200, retries: 1 }),
    );
    expect(run.snapshot.translations[0]!.errors[0]!.message).toContain(
      "timed out: no answer within 0.2 s (crawl.timeoutMs); tried 2 times",
    );
  });

  it("retries a body cut off mid-way", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    server.addFault(detail("comp0"), { truncate: true });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(1)));
    expect(run.snapshot.translations[0]!.status).toBe("ok");
    expect(server.requestsTo(detail("comp0"))).toHaveLength(2);
  });

  it("reports a body that is not JSON, without retrying", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    server.addFault(detail("comp0"), {
      body: "<html>maintenance</html>",
      headers: { "content-type": "text/html" },
    });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(1)));
    expect(run.snapshot.translations[0]).toMatchObject({
      status: "failed",
      failure: { kind: "invalid-response", status: 200 },
    });
    expect(run.snapshot.translations[0]!.errors[0]!.message).toMatch(
      /^\[GET\] ".*": response is not JSON/,
    );
    expect(server.requestsTo(detail("comp0"))).toHaveLength(1);
  });

  it("sends Accept, a User-Agent naming the tool, and no format=api", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    await crawlToSnapshot(testConfig(server.baseUrl, triples(1)));
    const [request] = server.log;
    expect(request!.url).toBe(detail("comp0"));
    expect(request!.headers.accept).toBe("application/json");
    expect(request!.headers["user-agent"]).toMatch(/^l10n-snapshot\/\d+\.\d+\.\d+/);
    expect(request!.headers.authorization).toBeUndefined();
  });

  it("percent-encodes path segments", async () => {
    const server = await startStandIn({
      records: (base) => [contractRecord(base, { component: "a b?c" })],
    });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["proj/a b?c/cs"]));
    expect(server.log[0]!.url).toBe("/api/translations/proj/a%20b%3Fc/cs/");
    expect(run.snapshot.translations[0]!.status).toBe("ok");
  });

  it("stops early when the server cannot be reached at all", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    const baseUrl = server.baseUrl;
    await server.stop();
    const run = await crawlToSnapshot(
      testConfig(baseUrl, triples(8), { retries: 2, concurrency: 2 }),
    );
    expect(run.snapshot.translations.every((t) => t.status === "failed")).toBe(true);
    expect(run.snapshot.translations[0]!.errors[0]!.message).toContain("connection refused");
    // Not 8 triples x 3 attempts: once it is known to be down, the rest are skipped.
    expect(run.stats.requests).toBeLessThanOrEqual(6);
  });
});

describe("compressed answers", () => {
  const crawlWith = async (encoding: ContentCoding) => {
    const server = await startStandIn({ records: manyComponents(3), encoding });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, [...triples(3), "proj/missing/cs"]),
    );
    return { server, run };
  };

  it("are asked for, and read the same as plain ones, in gzip, deflate and br", async () => {
    const plain = await crawlWith("identity");
    expect(plain.server.log[0]!.headers["accept-encoding"]).toBe("gzip, deflate, br");
    for (const encoding of ["gzip", "deflate", "br"] as const) {
      const { server, run } = await crawlWith(encoding);
      const expected = JSON.stringify(plain.run.snapshot.translations).replaceAll(
        plain.server.baseUrl,
        server.baseUrl,
      );
      expect(JSON.stringify(run.snapshot.translations), encoding).toBe(expected);
      // The 404's compressed detail is read too.
      expect(run.snapshot.translations[3]!.errors[0]!.message).toContain(
        "404 Not Found (Not found.)",
      );
      // Bytes are counted as they came over the wire.
      expect(run.stats.bytes, encoding).toBeLessThan(plain.run.stats.bytes / 2);
    }
  });

  it('read raw deflate, which some servers send as "deflate"', async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    const record = contractRecord(server.baseUrl, { component: "comp0" });
    server.addFault(detail("comp0"), {
      body: deflateRawSync(serialize(record)),
      headers: { "content-encoding": "deflate" },
    });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(1)));
    expect(run.snapshot.translations[0]!.status).toBe("ok");
  });

  it("read raw deflate that starts like a zlib header", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    // A stored block of 29 bytes: its first two bytes, 0x08 0x1d, pass the zlib header check.
    const text = Buffer.from(JSON.stringify({ a: "x".repeat(21) }));
    const body = Buffer.concat([
      Buffer.from([0x08, text.length, 0x00, ~text.length & 0xff, 0xff]),
      text,
      Buffer.from([0x01, 0, 0, 0xff, 0xff]),
    ]);
    expect((body[0]! * 256 + body[1]!) % 31).toBe(0);
    server.addFault(detail("comp0"), { body, headers: { "content-encoding": "deflate" } });
    const client = new HttpClient({
      ...testConfig(server.baseUrl, triples(1)).crawl,
      baseUrl: server.baseUrl,
    });
    const answer = await client.getJson(`${server.baseUrl}${detail("comp0")}`);
    await client.close();
    expect(answer.body).toEqual({ a: "x".repeat(21) });
  });

  it("are held to the size cap once decompressed", async () => {
    const server = await startStandIn({ records: manyComponents(2) });
    const bomb = gzipSync(`{"pad":"${"x".repeat(2_000_000)}"}`);
    expect(bomb.length).toBeLessThan(4096);
    server.addFault(detail("comp0"), { body: bomb, headers: { "content-encoding": "gzip" } });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, triples(2), { maxBodyBytes: 4096 }),
    );
    expect(run.snapshot.translations[0]).toMatchObject({
      status: "failed",
      failure: { kind: "too-large" },
    });
    expect(run.snapshot.translations[0]!.errors[0]!.message).toContain(
      "response body larger than 4096 bytes once decompressed (crawl.maxBodyBytes)",
    );
    expect(run.snapshot.translations[1]!.status).toBe("ok");
  });

  it("that do not decompress, or use a coding not asked for, fail their triple without a retry", async () => {
    const server = await startStandIn({ records: manyComponents(2) });
    server.addFault(detail("comp0"), { body: "{}", headers: { "content-encoding": "gzip" } });
    server.addFault(detail("comp1"), { body: "{}", headers: { "content-encoding": "zstd" } });
    const run = await crawlToSnapshot(testConfig(server.baseUrl, triples(2)));
    const [broken, unasked] = run.snapshot.translations;
    expect(broken).toMatchObject({
      status: "failed",
      failure: { kind: "invalid-response", status: 200 },
    });
    expect(broken!.errors[0]!.message).toBe(
      `[GET] "${server.baseUrl}${detail("comp0")}": response body is not valid gzip (incorrect header check)`,
    );
    expect(unasked).toMatchObject({
      status: "failed",
      failure: { kind: "invalid-response", status: 200 },
    });
    expect(unasked!.errors[0]!.message).toContain(
      'response compressed as "zstd", which was not asked for (Accept-Encoding: gzip, deflate, br)',
    );
    expect(server.log).toHaveLength(2);
  });
});

describe("the token", () => {
  const token = "wlu_secret_token_123";

  it("is sent as Authorization: Token to the configured origin", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    await crawlToSnapshot(testConfig(server.baseUrl, triples(1), {}, { WEBLATE_TOKEN: token }));
    expect(server.log[0]!.headers.authorization).toBe(`Token ${token}`);
  });

  it("follows a redirect on the same origin, and not one to another origin", async () => {
    const other = await startStandIn({ records: manyComponents(2) });
    const server = await startStandIn({ records: manyComponents(2) });
    const elsewhere = other.baseUrl.replace("127.0.0.1", "localhost");
    server.addFault(detail("comp0"), {
      status: 301,
      headers: { location: `${elsewhere}${detail("comp0")}` },
    });
    server.addFault(detail("comp1"), {
      status: 302,
      headers: { location: `${detail("comp1")}?moved=1` },
    });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, triples(2), {}, { WEBLATE_TOKEN: token }),
    );
    const [moved, local] = run.snapshot.translations;
    expect(moved).toMatchObject({ status: "failed", failure: { kind: "redirect", status: 301 } });
    expect(moved!.errors[0]!.message).toContain(
      `redirect to another origin (${elsewhere}); not followed`,
    );
    expect(other.log).toHaveLength(0);
    expect(local!.status).toBe("ok");
    expect(server.requestsTo(`${detail("comp1")}?moved=1`)[0]!.headers.authorization).toBe(
      `Token ${token}`,
    );
  });

  it("refuses a list `next` link to another origin", async () => {
    const server = await startStandIn({ records: manyComponents(1) });
    const client = new HttpClient({
      ...testConfig(server.baseUrl, triples(1)).crawl,
      baseUrl: server.baseUrl,
      token,
    });
    await expect(client.getJson("https://elsewhere.example/api/translations/")).rejects.toThrow(
      `[GET] "https://elsewhere.example/api/translations/": outside the configured server ${server.baseUrl}; not requested`,
    );
    await client.close();
    expect(server.log).toHaveLength(0);
  });
});
