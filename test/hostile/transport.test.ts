import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { STALLS_BEFORE_STOP } from "../../src/http/crawl-guard.js";
import { expectCase, goodWeblate, runCase, snapshotOf } from "../helpers/hostile-server.js";

// Transport faults: the connection is reset, cut short, stalled or fed a byte at a time.

const tcpServers: TcpServer[] = [];
const tcpSockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of tcpSockets) socket.destroy();
  await Promise.all(tcpServers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/**
 * A TCP server that answers every connection with `reply` (or nothing), for answers that are not
 * HTTP at all.
 */
async function rawServer(reply: string | undefined): Promise<string> {
  const server = createTcpServer((socket) => {
    tcpSockets.add(socket);
    socket.on("close", () => tcpSockets.delete(socket));
    socket.on("error", () => undefined);
    if (reply !== undefined) socket.end(reply);
  });
  tcpServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

const many = (n: number) => Array.from({ length: n }, (_, i) => `proj/comp/l${i}`);

describe("hostile server: transport faults", () => {
  it("a connection reset before any answer: the translation fails, the previous site stays", async () => {
    const result = await runCase({ handler: (req) => void req.socket.destroy() });
    await expectCase(result, {
      code: 3,
      message:
        /^failed proj\/comp\/cs: \[GET\] ".*": (ECONNRESET|other side closed|UND_ERR_SOCKET)/,
    });
  });

  it("a body cut short of its Content-Length fails that translation, the others are written", async () => {
    const result = await runCase({
      translations: ["proj/comp/cs", "proj/comp/de"],
      handler: (req, res, server) => {
        if (!req.url!.includes("/de/")) return goodWeblate(req, res, server);
        res.writeHead(200, { "content-type": "application/json", "content-length": "5000" });
        res.write('{"total": 1');
        setTimeout(() => res.destroy(), 20);
      },
    });
    await expectCase(result, { code: 1, message: /^failed proj\/comp\/de: / });
    expect((await snapshotOf(result)).translations.map((t) => t.status)).toEqual(["ok", "failed"]);
  });

  it("a chunked body dropped mid-way fails that translation", async () => {
    const result = await runCase({
      handler: (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"language": {"code": "cs"');
        setTimeout(() => res.destroy(), 20);
      },
    });
    await expectCase(result, { code: 3, message: "failed proj/comp/cs: " });
  });

  it("an empty reply (the socket closed at once) fails the translation", async () => {
    const result = await runCase({ handler: (req) => void req.socket.end() });
    await expectCase(result, { code: 3, message: "failed proj/comp/cs: " });
  });

  it("an answer that is not HTTP at all fails with one line", async () => {
    const base = await rawServer("SSH-2.0-OpenSSH_9.6\r\n\u001b[2Jgarbage\r\n\r\n");
    const result = await runCase({ baseUrl: () => base });
    await expectCase(result, { code: 3, message: "failed proj/comp/cs: " });
  });

  it("a response header block larger than the client takes fails that translation", async () => {
    const result = await runCase({
      handler: (_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "x-junk": "a".repeat(70_000) });
        res.end("{}");
      },
    });
    await expectCase(result, { code: 3, message: "failed proj/comp/cs: " });
  });

  it("a server that never answers: after a few timeouts in a row the rest fail at once, with one line", async () => {
    const result = await runCase({ translations: many(20), handler: () => undefined });
    await expectCase(result, {
      code: 3,
      message: `not tried: the server timed out on ${STALLS_BEFORE_STOP} requests in a row`,
    });
    // Without the stop: 20 translations x 3 attempts. With it: the stalls that trip it, and what
    // was in flight.
    expect(result.server.requests.length).toBeLessThanOrEqual(STALLS_BEFORE_STOP + 2);
    expect(result.err.split("\n").filter((l) => l.includes("not tried"))).toHaveLength(1);
  });

  it("a TCP server that accepts and never speaks: the same stop", async () => {
    const base = await rawServer(undefined);
    const result = await runCase({ baseUrl: () => base, translations: many(12) });
    await expectCase(result, { code: 3, message: "requests in a row" });
  });

  it("headers, then a body that never comes: the body timeout ends it", async () => {
    const result = await runCase({
      handler: (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write("{");
      },
    });
    await expectCase(result, {
      code: 3,
      message: /the answer's body took longer than|requests in a row/,
    });
  });

  it("a body trickled a byte at a time, forever: bounded by crawl.bodyTimeoutMs", async () => {
    const result = await runCase({
      crawl: { retries: 0 },
      handler: (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        const timer = setInterval(() => res.write(" "), 20);
        res.on("close", () => clearInterval(timer));
      },
    });
    await expectCase(result, { code: 3, message: "the answer's body took longer than" });
  });

  it("a slow server and crawl.deadlineSeconds: what is not fetched by the deadline fails, the rest is written", async () => {
    const result = await runCase({
      translations: many(30),
      crawl: { deadlineSeconds: 1, timeoutMs: 5000, concurrency: 1, retries: 0 },
      handler: (req, res, server) => void setTimeout(() => goodWeblate(req, res, server), 150),
    });
    await expectCase(result, {
      code: 1,
      message: "not tried: the crawl's deadline of 1 s passed (crawl.deadlineSeconds)",
    });
    const statuses = (await snapshotOf(result)).translations.map((t) => t.status);
    expect(statuses.filter((s) => s === "ok").length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === "failed").length).toBeGreaterThan(10);
    expect(result.server.requests.length).toBeLessThan(12);
  });

  it("a refused connection (nothing listening) stops early too", async () => {
    const base = await rawServer(undefined);
    tcpServers.splice(0).forEach((s) => s.close());
    const result = await runCase({ baseUrl: () => base, translations: many(10) });
    await expectCase(result, { code: 3, message: "connection refused" });
  });
});
