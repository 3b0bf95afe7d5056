import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";
import { StandInCatalog, type ServerShapes } from "./stand-in-catalog.js";
import { ChangeLog } from "./stand-in-changes.js";
import { FaultQueue, sendFault, serialize, type Fault } from "./stand-in-faults.js";

export { serialize, type Fault } from "./stand-in-faults.js";

// A local stand-in for the Weblate API (node:http on 127.0.0.1), serving translation records
// through the read-only API a client expects (stand-in-catalog.ts: the detail endpoint, the
// lists, the statistics, in the shapes real servers give), with switches for latency, failures,
// throttling and broken bodies. It backs the demo (`npm start`, `npm run stand-in`), the tests
// and the benchmarks.

export interface StandInOptions {
  /** Builds the records once the server knows its own address. */
  records: (baseUrl: string) => unknown[];
  /** Delay before each response, in ms. */
  latencyMs?: number;
  /** Throttling: so many requests per window, with X-RateLimit-* headers and 429 when used up. */
  rateLimit?: { limit: number; windowSeconds: number };
  /**
   * Answer 404 on the list endpoints, like a server (or proxy) that only exposes the detail
   * endpoint.
   */
  listsDisabled?: boolean;
  /**
   * Shapes of current servers (default), or of older ones (a shorter component in
   * `/api/translations/` items).
   */
  shapes?: ServerShapes;
  /** Default page size of list endpoints. */
  defaultPageSize?: number;
  /** Largest page a list endpoint gives, whatever `page_size` asks (default 1000, Weblate's). */
  maxPageSize?: number;
  /** Answer list endpoints with a bare JSON array instead of pages. */
  bareArrays?: boolean;
  /**
   * How answers are compressed for a client whose Accept-Encoding allows it, as the web server in
   * front of Weblate does (nginx's gzip by default). Default "gzip"; "identity" never compresses.
   */
  encoding?: ContentCoding;
}

export type ContentCoding = "gzip" | "deflate" | "br" | "identity";

export interface LoggedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** performance.now() when the request arrived. */
  at: number;
}

export class StandInServer {
  latencyMs: number;
  readonly log: LoggedRequest[] = [];
  private readonly answers = new Map<
    string,
    [status: number, bytes: Buffer, coding: ContentCoding]
  >();
  inFlight = 0;
  maxInFlight = 0;
  /** Requests answered 429 because the rate limit was used up. */
  throttled = 0;
  private server: Server | undefined;
  private readonly faults = new FaultQueue();
  private catalog: StandInCatalog;
  /** Every change the records went through since the server started (stand-in-changes.ts). */
  private readonly changes = new ChangeLog();
  private windowStart = 0;
  private windowUsed = 0;
  baseUrl = "";

  constructor(private readonly options: StandInOptions) {
    this.latencyMs = options.latencyMs ?? 0;
    this.catalog = new StandInCatalog(options, this.changes);
  }

  async start(port = 0, host = "127.0.0.1"): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.baseUrl = `http://${host}:${address.port}`;
    // What the server starts with is no change: its log starts empty.
    this.catalog = new StandInCatalog(this.options, this.changes);
    for (const record of this.options.records(this.baseUrl)) this.catalog.add(record);
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Replaces the served records. Each is served at the path its own slugs and language.code give.
   */
  setRecords(records: unknown[]): void {
    this.answers.clear();
    const before = this.catalog.translations;
    this.catalog = new StandInCatalog(this.options, this.changes);
    for (const record of records) this.catalog.add(record);
    this.changes.diff(before, this.catalog.translations);
  }

  /** Serves one record (or any body) at its path; `at` overrides the path it is served at. */
  setTranslation(
    record: unknown,
    at?: { project: string; component: string; language: string },
  ): void {
    const before = new Map(this.catalog.translations);
    this.catalog.add(record, at);
    this.changes.diff(before, this.catalog.translations);
    this.answers.clear();
  }

  /** Queues faults for a path such as `/api/translations/p/c/l/`; each is used once, in order. */
  addFault(path: string, ...faults: Fault[]): void {
    this.faults.add(path, faults);
  }

  /** Faults still queued (not yet met by a request), per path. */
  pendingFaults(): Record<string, number> {
    return this.faults.pending();
  }

  requestsTo(pathPrefix: string): LoggedRequest[] {
    return this.log.filter((r) => r.url.startsWith(pathPrefix));
  }

  resetStats(): void {
    this.log.length = 0;
    this.maxInFlight = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.log.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      at: performance.now(),
    });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on("close", () => {
      this.inFlight -= 1;
    });
    const url = new URL(req.url ?? "/", this.baseUrl);
    if (this.latencyMs > 0) await delay(this.latencyMs);
    if (this.rateLimited(res)) return;
    const fault = this.faults.take(url);
    if (fault)
      return sendFault(res, fault, url.pathname, (key) => this.catalog.translations.get(key));
    if (req.method !== "GET" && req.method !== "HEAD")
      return this.send(res, 405, { detail: `Method "${req.method}" not allowed.` });
    // Answers are built once per address: the stand-in's own work should not add to the latency it
    // simulates.
    const offered = this.options.encoding ?? "gzip";
    const coding = accepts(req.headers["accept-encoding"], offered) ? offered : "identity";
    const key = `${coding} ${url.pathname}${url.search}`;
    let answer = this.answers.get(key);
    if (!answer) {
      const [status, body] = this.catalog.route(url, this.baseUrl);
      answer = [status, compress(Buffer.from(serialize(body)), coding), coding];
      this.answers.set(key, answer);
    }
    this.sendText(res, answer[0], answer[1], answer[2]);
  }

  private rateLimited(res: ServerResponse): boolean {
    const limit = this.options.rateLimit;
    if (!limit) return false;
    const now = Date.now();
    const windowMs = limit.windowSeconds * 1000;
    if (now - this.windowStart >= windowMs) {
      this.windowStart = now;
      this.windowUsed = 0;
    }
    const resetSeconds = Math.max(0, Math.ceil((this.windowStart + windowMs - now) / 1000));
    res.setHeader("X-RateLimit-Limit", String(limit.limit));
    res.setHeader("X-RateLimit-Reset", String(resetSeconds));
    if (this.windowUsed >= limit.limit) {
      this.throttled += 1;
      res.setHeader("X-RateLimit-Remaining", "0");
      res.setHeader("Retry-After", String(resetSeconds));
      this.send(res, 429, {
        detail: `Request was throttled. Expected available in ${resetSeconds} seconds.`,
      });
      return true;
    }
    this.windowUsed += 1;
    res.setHeader("X-RateLimit-Remaining", String(limit.limit - this.windowUsed));
    return false;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    this.sendText(res, status, Buffer.from(serialize(body)));
  }

  private sendText(
    res: ServerResponse,
    status: number,
    bytes: Buffer,
    coding: ContentCoding = "identity",
  ): void {
    res.writeHead(status, {
      "content-type": "application/json",
      allow: "GET, DELETE, HEAD, OPTIONS",
      vary: "Accept, Accept-Encoding",
      "content-length": bytes.length,
      ...(coding === "identity" ? {} : { "content-encoding": coding }),
    });
    res.end(bytes);
  }
}

/** Whether an Accept-Encoding header allows `coding` (a listed coding, or `*`, without q=0). */
function accepts(header: string | undefined, coding: ContentCoding): boolean {
  if (coding === "identity" || !header) return false;
  return header.split(",").some((entry) => {
    const [name, ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return (name === coding || name === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

function compress(bytes: Buffer, coding: ContentCoding): Buffer {
  if (coding === "gzip") return gzipSync(bytes);
  if (coding === "deflate") return deflateSync(bytes);
  if (coding === "br")
    return brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
  return bytes;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
