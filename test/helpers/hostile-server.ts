import { existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { join, relative } from "node:path";
import { afterEach, expect } from "vitest";
import { main } from "../../src/cli/main.js";
import { contractRecord } from "./fixtures.js";
import { captureIo } from "./stand-in.js";
import { tempDir } from "./temp-dir.js";

// A hostile Weblate on 127.0.0.1: each test says how it misbehaves, and by default it serves
// records of the contract. Every server, socket and pending response is torn down after the
// test, so a stalled answer never outlives it.

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  server: HostileServer,
) => void | Promise<void>;

export class HostileServer {
  readonly requests: { url: string; authorization?: string }[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly http: Server;
  baseUrl = "";

  constructor(handler: Handler) {
    this.http = createServer((req, res) => {
      this.requests.push({ url: req.url ?? "", authorization: req.headers.authorization });
      Promise.resolve(handler(req, res, this)).catch(() => res.destroy());
    });
    this.http.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.http.listen(0, "127.0.0.1", resolve));
    const address = this.http.address();
    this.baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}

const running: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

/** Starts a hostile server; stopped after the test. */
export async function startHostile(handler: Handler): Promise<HostileServer> {
  const server = new HostileServer(handler);
  running.push(server);
  return server.start();
}

/** The record of the contract for `/api/translations/p/c/l/`, with the server's own base. */
export function recordFor(
  base: string,
  project: string,
  component: string,
  language: string,
): Record<string, unknown> {
  return contractRecord(base, { project, component, language });
}

/** Answers a detail request with a record of the contract, anything else with 404. */
export const goodWeblate: Handler = (req, res, server) => {
  const match = /^\/api\/translations\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(req.url ?? "");
  if (!match) return json(res, 404, { detail: "Not found." });
  const [, p, c, l] = match.map((s) => decodeURIComponent(s));
  return json(res, 200, recordFor(server.baseUrl, p!, c!, l!));
};

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** Crawl settings that let stalls and retries resolve in a fraction of a second. */
export const FAST = {
  timeoutMs: 200,
  bodyTimeoutMs: 500,
  retries: 2,
  retryDelayMs: 10,
  maxRetryAfterSeconds: 1,
  concurrency: 2,
};

export interface CaseOptions {
  handler?: Handler;
  translations?: string[];
  crawl?: Record<string, unknown>;
  command?: "build" | "crawl";
  /**
   * The API token in the environment; by default one of the case's own, which must then appear
   * nowhere.
   */
  token?: string;
  /** No token at all. */
  anonymous?: boolean;
  /** Replaces the config's baseUrl (given the server's). */
  baseUrl?: (serverUrl: string) => string;
  args?: string[];
  /**
   * Runs on the empty work folder before anything is written to it (to mount a file system there,
   * say).
   */
  prepare?: (dir: string) => Promise<void>;
  /** Runs once the config and the previous site are written, just before the CLI. */
  beforeRun?: (dir: string) => Promise<void>;
}

export interface CaseResult {
  code: number;
  out: string;
  err: string;
  dir: string;
  outDir: string;
  server: HostileServer;
  /** The token the run had, if any. */
  token?: string;
}

export const PREVIOUS_INDEX = "<!doctype html><p>the previous good site</p>\n";

/**
 * A work folder holding the config and a previous good site in out/, a hostile server, and one run
 * of the CLI.
 */
export async function runCase(options: CaseOptions): Promise<CaseResult> {
  const server = await startHostile(options.handler ?? goodWeblate);
  const dir = await tempDir("l10n-hostile-");
  await options.prepare?.(dir);
  const outDir = join(dir, "out");
  await mkdir(join(outDir, "data"), { recursive: true });
  await writeFile(join(outDir, "index.html"), PREVIOUS_INDEX);
  await writeFile(join(outDir, "data", "snapshot.json"), "{}\n");
  const baseUrl = options.baseUrl ? options.baseUrl(server.baseUrl) : server.baseUrl;
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl,
      translations: options.translations ?? ["proj/comp/cs"],
      crawl: { ...FAST, ...options.crawl },
    }),
  );
  await options.beforeRun?.(dir);
  const token = options.anonymous
    ? undefined
    : (options.token ?? `case-token-${Math.random().toString(36).slice(2)}-${Date.now()}`);
  const io = captureIo(token ? { WEBLATE_TOKEN: token } : {});
  const command = options.command ?? "build";
  const target =
    command === "build" ? ["--out", outDir] : ["--snapshot", join(dir, "snapshot.json")];
  const code = await main([command, "--config", config, ...target, ...(options.args ?? [])], io);
  return { code, out: io.out(), err: io.err(), dir, outDir, server, token };
}

/**
 * Every file under a folder, relative, with its bytes as latin1 text (so any byte sequence is
 * searchable).
 */
export async function filesUnder(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    // A compressed file (the site's data/snapshot.json.gz) is unpacked: the secret checks must see
    // its text.
    const bytes = await readFile(file);
    out.set(
      relative(dir, file),
      (file.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("latin1"),
    );
  }
  return out;
}

export interface Expectations {
  code: number;
  /** A line stderr must hold (a substring of one line). */
  message?: string | RegExp;
  /** Strings that must appear nowhere: not on stdout or stderr, not in any file. */
  secrets?: string[];
  /** Extra names allowed in the work folder besides config.json and out. */
  allow?: string[];
}

/**
 * What every hostile case asserts: the exit code; the message, on one line; stderr free of raw
 * control and bidi characters; nothing written outside the output folder (or the named snapshot);
 * the previous good site intact when the run failed, a whole new one when it did not; no secret
 * anywhere.
 */
export async function expectCase(result: CaseResult, expected: Expectations): Promise<void> {
  expect(result.code, result.err).toBe(expected.code);
  // eslint-disable-next-line no-control-regex
  const unsafe =
    /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  expect(result.err).not.toMatch(unsafe);
  expect(result.out).not.toMatch(unsafe);
  for (const line of result.err.split("\n").filter(Boolean)) expect(line.length).toBeLessThan(2000);
  if (expected.message !== undefined) {
    const lines = result.err.split("\n");
    const found = lines.some((line) =>
      typeof expected.message === "string"
        ? line.includes(expected.message)
        : expected.message!.test(line),
    );
    expect(found, `stderr:\n${result.err}`).toBe(true);
  }
  const names = (await readdir(result.dir)).sort();
  expect(names).toEqual(["config.json", "out", ...(expected.allow ?? [])].sort());
  const site = await filesUnder(result.outDir);
  if (expected.code === 3 || expected.code === 2) {
    expect(site.get("index.html")).toBe(PREVIOUS_INDEX);
    expect([...site.keys()].sort()).toEqual(["data/snapshot.json", "index.html"]);
  } else if (names.includes("snapshot.json")) {
    JSON.parse(await readFile(join(result.dir, "snapshot.json"), "utf8"));
  } else {
    expect(site.get("index.html")).not.toBe(PREVIOUS_INDEX);
    expect(site.has("404.html")).toBe(true);
    JSON.parse(site.get("data/snapshot.json.gz")!);
  }
  for (const secret of [...(expected.secrets ?? []), ...(result.token ? [result.token] : [])]) {
    expect(result.out).not.toContain(secret);
    expect(result.err).not.toContain(secret);
    for (const [file, text] of await filesUnder(result.dir)) {
      // The config is what the user wrote; everything else was written by the run.
      if (file !== "config.json")
        expect(text.includes(secret), `${secret} found in ${file}`).toBe(false);
    }
  }
}

/** The snapshot a case wrote (build: out/data/snapshot.json.gz; crawl: snapshot.json). */
export async function snapshotOf(result: CaseResult): Promise<{
  translations: {
    project: string;
    component: string;
    language: string;
    status: string;
    errors: { path: string; message: string }[];
  }[];
}> {
  if (existsSync(join(result.dir, "snapshot.json")))
    return JSON.parse(await readFile(join(result.dir, "snapshot.json"), "utf8"));
  return JSON.parse(
    gunzipSync(await readFile(join(result.outDir, "data", "snapshot.json.gz"))).toString("utf8"),
  );
}
