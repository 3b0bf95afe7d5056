import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";

// A local stand-in for the Weblate API (node:http on 127.0.0.1), serving translation records
// through the detail endpoint and the list endpoints, with switches for latency, failures,
// throttling and broken bodies. It backs the demo (`npm start`), the tests and the benchmarks.

/** One scripted misbehaviour, used once for the next request to its path. */
export interface Fault {
  status?: number;
  headers?: Record<string, string>;
  /** Raw body to send instead of the record. */
  body?: string | Buffer;
  /** Send the body in pieces this many ms apart. */
  slowBodyMs?: number;
  /** Send half the body, then drop the connection. */
  truncate?: boolean;
  /** Wait this long before sending headers. */
  delayMs?: number;
  /** A body of this many bytes. */
  bodyBytes?: number;
}

export interface StandInOptions {
  /** Builds the records once the server knows its own address. */
  records: (baseUrl: string) => unknown[];
  /** Delay before each response, in ms. */
  latencyMs?: number;
  /** Throttling: so many requests per window, with X-RateLimit-* headers and 429 when used up. */
  rateLimit?: { limit: number; windowSeconds: number };
  /** Answer 404 on the list endpoints, like a server (or proxy) that only exposes the detail endpoint. */
  listsDisabled?: boolean;
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
  private readonly answers = new Map<string, [status: number, bytes: Buffer, coding: ContentCoding]>();
  inFlight = 0;
  maxInFlight = 0;
  /** Requests answered 429 because the rate limit was used up. */
  throttled = 0;
  private server: Server | undefined;
  private readonly faults = new Map<string, Fault[]>();
  private translations = new Map<string, unknown>();
  private components = new Map<string, unknown>();
  private windowStart = 0;
  private windowUsed = 0;
  baseUrl = "";

  constructor(private readonly options: StandInOptions) {
    this.latencyMs = options.latencyMs ?? 0;
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
    this.setRecords(this.options.records(this.baseUrl));
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Replaces the served records. Each is served at the path its own slugs and language.code give. */
  setRecords(records: unknown[]): void {
    this.answers.clear();
    this.translations = new Map();
    this.components = new Map();
    for (const record of records) this.setTranslation(record);
  }

  /** Serves one record (or any body) at its path; `at` overrides the path it is served at. */
  setTranslation(record: unknown, at?: { project: string; component: string; language: string }): void {
    const r = record as { language?: { code?: string }; language_code?: string; component?: { slug?: string; url?: string; project?: { slug?: string } } };
    const project = at?.project ?? r.component?.project?.slug ?? "";
    const component = at?.component ?? componentPathOf(r.component) ?? "";
    const language = at?.language ?? r.language?.code ?? r.language_code ?? "";
    this.translations.set(`${project}/${component}/${language}`, record);
    this.answers.clear();
    if (r.component && !this.components.has(`${project}/${component}`)) this.components.set(`${project}/${component}`, r.component);
  }

  /** Queues faults for a path such as `/api/translations/p/c/l/`; each is used once, in order. */
  addFault(path: string, ...faults: Fault[]): void {
    this.faults.set(path, [...(this.faults.get(path) ?? []), ...faults]);
  }

  requestsTo(pathPrefix: string): LoggedRequest[] {
    return this.log.filter((r) => r.url.startsWith(pathPrefix));
  }

  resetStats(): void {
    this.log.length = 0;
    this.maxInFlight = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.log.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, at: performance.now() });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on("close", () => {
      this.inFlight -= 1;
    });
    const url = new URL(req.url ?? "/", this.baseUrl);
    if (this.latencyMs > 0) await delay(this.latencyMs);
    if (this.rateLimited(res)) return;
    const fault = this.faults.get(url.pathname)?.shift();
    if (fault) return this.sendFault(res, fault, url.pathname);
    if (req.method !== "GET" && req.method !== "HEAD") return this.send(res, 405, { detail: `Method "${req.method}" not allowed.` });
    // Answers are built once per address: the stand-in's own work should not add to the latency it simulates.
    const offered = this.options.encoding ?? "gzip";
    const coding = accepts(req.headers["accept-encoding"], offered) ? offered : "identity";
    const key = `${coding} ${url.pathname}${url.search}`;
    let answer = this.answers.get(key);
    if (!answer) {
      const [status, body] = this.route(url);
      answer = [status, compress(Buffer.from(serialize(body)), coding), coding];
      this.answers.set(key, answer);
    }
    this.sendText(res, answer[0], answer[1], answer[2]);
  }

  private route(url: URL): [number, unknown] {
    const parts = url.pathname.split("/").filter(Boolean).map((s) => decodeURIComponent(s));
    const notFound: [number, unknown] = [404, { detail: "Not found." }];
    if (parts[0] !== "api" || !url.pathname.endsWith("/")) return notFound;
    const [, kind, a, b, c, d] = parts;
    if (kind === "translations" && a && b && c && parts.length === 5) {
      const record = this.translations.get(`${a}/${b}/${c}`);
      return record === undefined ? notFound : [200, record];
    }
    if (this.options.listsDisabled) return notFound;
    if (kind === "components" && a && b && parts.length === 4) {
      const component = this.components.get(`${a}/${b}`);
      return component === undefined ? notFound : [200, component];
    }
    if (kind === "components" && a && b && c === "translations" && !d) {
      if (!this.components.has(`${a}/${b}`)) return notFound;
      const items = [...this.translations.entries()]
        .filter(([key]) => key.startsWith(`${a}/${b}/`))
        .map(([, record]) => withoutComponent(record));
      return this.page(url, items);
    }
    if (kind === "projects" && !a) return this.page(url, this.projects());
    if (kind === "projects" && a && b === "components" && !c) {
      const items = [...this.components.entries()].filter(([key]) => key.startsWith(`${a}/`)).map(([, component]) => component);
      if (items.length === 0) return notFound;
      return this.page(url, items);
    }
    return notFound;
  }

  /** The project records embedded in the served components, one per slug, as `/api/projects/` lists them. */
  private projects(): unknown[] {
    const bySlug = new Map<string, unknown>();
    for (const component of this.components.values()) {
      const project = (component as { project?: { slug?: unknown } }).project;
      if (project && typeof project.slug === "string" && !bySlug.has(project.slug)) bySlug.set(project.slug, project);
    }
    return [...bySlug.values()];
  }

  private page(url: URL, items: unknown[]): [number, unknown] {
    if (this.options.bareArrays) return [200, items];
    const size = Math.min(this.options.maxPageSize ?? 1000, Math.max(1, Number(url.searchParams.get("page_size")) || this.options.defaultPageSize || 50));
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const start = (page - 1) * size;
    if (start >= items.length && page > 1) return [404, { detail: "Invalid page." }];
    const link = (n: number) => {
      const next = new URL(url.href);
      next.searchParams.set("page", String(n));
      return next.href;
    };
    return [200, {
      count: items.length,
      next: start + size < items.length ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: items.slice(start, start + size),
    }];
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
      this.send(res, 429, { detail: `Request was throttled. Expected available in ${resetSeconds} seconds.` });
      return true;
    }
    this.windowUsed += 1;
    res.setHeader("X-RateLimit-Remaining", String(limit.limit - this.windowUsed));
    return false;
  }

  private async sendFault(res: ServerResponse, fault: Fault, path: string): Promise<void> {
    if (fault.delayMs) await delay(fault.delayMs);
    const status = fault.status ?? 200;
    let body = fault.body;
    if (body === undefined && fault.bodyBytes !== undefined) body = `{"pad":"${"x".repeat(Math.max(0, fault.bodyBytes - 10))}"}`;
    if (body === undefined) {
      const parts = path.split("/").filter(Boolean);
      const record = parts[1] === "translations" ? this.translations.get(parts.slice(2).join("/")) : undefined;
      body = status === 200 && record !== undefined ? serialize(record) : serialize({ detail: `Scripted ${status}.` });
    }
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    res.writeHead(status, { "content-type": "application/json", ...fault.headers });
    if (fault.truncate) {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      setTimeout(() => res.destroy(), 20);
      return;
    }
    if (fault.slowBodyMs) {
      const piece = Math.ceil(bytes.length / 10);
      for (let i = 0; i < bytes.length; i += piece) {
        if (res.destroyed) return;
        res.write(bytes.subarray(i, i + piece));
        await delay(fault.slowBodyMs);
      }
      res.end();
      return;
    }
    res.end(bytes);
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    this.sendText(res, status, Buffer.from(serialize(body)));
  }

  private sendText(res: ServerResponse, status: number, bytes: Buffer, coding: ContentCoding = "identity"): void {
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
  if (coding === "br") return brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
  return bytes;
}

function withoutComponent(record: unknown): unknown {
  if (record === null || typeof record !== "object") return record;
  const { component: _component, ...rest } = record as Record<string, unknown>;
  return rest;
}

/** JSON as Weblate writes it: percents always with a fraction (`75.0`). */
export function serialize(body: unknown): string {
  return JSON.stringify(body).replace(/("[a-z_]*_percent":)(-?\d+)(?=[,}])/g, "$1$2.0");
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A component's path as its API paths have it, taken from its own `url`: the slug, or for a
 * component inside categories the category slugs and its own joined by "%2F" (`docs%2Fusage`).
 */
function componentPathOf(component: { slug?: string; url?: string } | undefined): string | undefined {
  const segment = typeof component?.url === "string" ? /\/api\/components\/[^/]+\/([^/]+)\/$/.exec(component.url)?.[1] : undefined;
  return segment === undefined ? component?.slug : decodeURIComponent(segment);
}
