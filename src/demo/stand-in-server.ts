import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { parseApiPath } from "../weblate/api-path.js";
import { StandInCatalog, type ServerShapes } from "./stand-in-catalog.js";
import { errorBody, type Generation } from "./generations.js";
import { checkAccess, RateWindow } from "./stand-in-access.js";
import { accepts, compress, serialize, type ContentCoding } from "./stand-in-encoding.js";
import { field } from "../model/json.js";
import { delay, FaultQueue, writeFault, type Fault } from "./stand-in-fault.js";
import { ChangeLog } from "./stand-in-changes.js";

export { serialize, type ContentCoding, type Fault };

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
   * The server generation to play (generations.ts): records, statistics, error bodies and the
   * Authorization schemes it takes. Undefined serves the records as given, errors as `{detail}`.
   */
  generation?: Generation;
  /** Tokens the server knows: a header with another is refused (401 "Invalid token."). */
  tokens?: readonly string[];
  /** A proxy in front that takes only `Authorization: Bearer`. */
  bearerOnly?: boolean;
  /**
   * Projects only a client with a token sees (Weblate's private projects): to an anonymous client
   * they are not there (404, and left out of the lists).
   */
  privateProjects?: readonly string[];
  /**
   * How answers are compressed for a client whose Accept-Encoding allows it, as the web server in
   * front of Weblate does (nginx's gzip by default). Default "gzip"; "identity" never compresses.
   */
  encoding?: ContentCoding;
}

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
  /**
   * Called as each request arrives, before it is answered: a test changes the served records
   * here, as a real server's data changes between a client's requests (a list read page by page),
   * or holds the answer until the promise it returns settles.
   */
  onRequest: ((url: URL) => void | Promise<void>) | undefined;
  private server: Server | undefined;
  private readonly faults = new FaultQueue();
  /** Every change the records went through since the server started (stand-in-changes.ts). */
  private readonly changes = new ChangeLog();
  private catalog: StandInCatalog;
  /** What a client without a token sees, where the generation hides something from it. */
  private anonymous: StandInCatalog;
  private readonly window: RateWindow | undefined;
  baseUrl = "";

  constructor(private readonly options: StandInOptions) {
    this.latencyMs = options.latencyMs ?? 0;
    this.catalog = new StandInCatalog(options, true, this.changes);
    this.anonymous = this.catalog;
    this.window = options.rateLimit ? new RateWindow(options.rateLimit) : undefined;
  }

  /** Requests answered 429 because the rate limit was used up. */
  get throttled(): number {
    return this.window?.throttled ?? 0;
  }

  async start(port = 0, host = "127.0.0.1"): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address();
    if (address === null || typeof address === "string")
      throw new Error("internal error: a TCP server has a port");
    this.baseUrl = `http://${host}:${address.port}`;
    // What the server starts with is no change: its log starts empty.
    this.setRecords(this.options.records(this.baseUrl), false);
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
  setRecords(records: unknown[], logged = true): void {
    this.answers.clear();
    const before = this.catalog.translations;
    this.catalog = new StandInCatalog(this.options, true, this.changes);
    // A 2026 server hides repository details from clients without a token; any, private projects.
    const vcs = this.options.generation !== "2026";
    this.anonymous =
      !vcs || this.options.privateProjects?.length
        ? new StandInCatalog(this.options, vcs, this.changes)
        : this.catalog;
    for (const record of records) {
      this.catalog.add(record);
      if (this.anonymous !== this.catalog && !this.isPrivate(record)) this.anonymous.add(record);
    }
    if (logged) this.changes.diff(before, this.catalog.translations);
  }

  private isPrivate(record: unknown, project?: string): boolean {
    const slug = project ?? field(field(field(record, "component"), "project"), "slug");
    return typeof slug === "string" && (this.options.privateProjects ?? []).includes(slug);
  }

  /** Serves one record (or any body) at its path; `at` overrides the path it is served at. */
  setTranslation(
    record: unknown,
    at?: { project: string; component: string; language: string },
  ): void {
    const before = new Map(this.catalog.translations);
    this.catalog.add(record, at);
    if (this.anonymous !== this.catalog && !this.isPrivate(record, at?.project))
      this.anonymous.add(record, at);
    this.changes.diff(before, this.catalog.translations);
    this.answers.clear();
  }

  /** Queues faults for a path such as `/api/translations/p/c/l/`; each is used once, in order. */
  addFault(path: string, ...faults: Fault[]): void {
    this.faults.add(path, faults);
  }

  /** Drops the faults no request met. */
  clearFaults(): void {
    this.faults.clear();
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
    await this.onRequest?.(url);
    if (this.latencyMs > 0) await delay(this.latencyMs);
    if (this.rateLimited(res)) return;
    const access = checkAccess(req.headers, this.options);
    if (access.refused) {
      res.setHeader("WWW-Authenticate", access.refused.challenge);
      return this.send(
        res,
        access.refused.status,
        this.error(access.refused.status, access.refused.detail),
      );
    }
    const fault = this.faults.take(url);
    if (fault) return this.sendFault(res, fault, url.pathname);
    if (req.method !== "GET" && req.method !== "HEAD")
      return this.send(res, 405, this.error(405, `Method "${req.method}" not allowed.`));
    // Answers are built once per address: the stand-in's own work should not add to the latency it
    // simulates.
    const offered = this.options.encoding ?? "gzip";
    const coding = accepts(req.headers["accept-encoding"], offered) ? offered : "identity";
    const catalog = access.authenticated ? this.catalog : this.anonymous;
    const key =
      `${coding} ` + `${catalog === this.catalog ? "" : "anonymous "}${url.pathname}${url.search}`;
    let answer = this.answers.get(key);
    if (!answer) {
      const [status, body] = catalog.route(url, this.baseUrl);
      const detail = field(body, "detail");
      const sent = status >= 400 && typeof detail === "string" ? this.error(status, detail) : body;
      answer = [status, compress(Buffer.from(serialize(sent)), coding), coding];
      this.answers.set(key, answer);
    }
    this.sendText(res, answer[0], answer[1], answer[2]);
  }

  private rateLimited(res: ServerResponse): boolean {
    if (!this.window) return false;
    const { headers, refused, resetSeconds } = this.window.take();
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (refused)
      this.send(
        res,
        429,
        this.error(429, `Request was throttled. Expected available in ${resetSeconds} seconds.`),
      );
    return refused;
  }

  /** An error body in the generation's shape. */
  private error(status: number, detail: string): unknown {
    return errorBody(this.options.generation, status, detail);
  }

  private async sendFault(res: ServerResponse, fault: Fault, path: string): Promise<void> {
    if (fault.delayMs) await delay(fault.delayMs);
    const status = fault.status ?? 200;
    let body = fault.body;
    if (body === undefined && fault.bodyBytes !== undefined)
      body = `{"pad":"${"x".repeat(Math.max(0, fault.bodyBytes - 10))}"}`;
    if (body === undefined) {
      const route = parseApiPath(path);
      const record =
        route?.name === "translation" && !route.sub
          ? this.catalog.translations.get(`${route.project}/${route.component}/${route.language}`)
          : undefined;
      body =
        status === 200 && record !== undefined
          ? serialize(record)
          : serialize(this.error(status, `Scripted ${status}.`));
    }
    await writeFault(res, fault, status, body);
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
