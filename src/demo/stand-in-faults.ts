import type { ServerResponse } from "node:http";
import { parseApiPath } from "../weblate/api-path.js";
import { serialize } from "./stand-in-encoding.js";

// The stand-in's scripted misbehaviour: faults queued per path, each used once, and how one is
// answered.

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
  /**
   * Used only for a request whose query holds this text (`page=2`: the second page of a list); a
   * request that does not match leaves the fault queued.
   */
  query?: string;
}

/** Faults queued per path, each used once, in order. */
export class FaultQueue {
  private readonly faults = new Map<string, Fault[]>();

  add(path: string, faults: readonly Fault[]): void {
    this.faults.set(path, [...(this.faults.get(path) ?? []), ...faults]);
  }

  clear(): void {
    this.faults.clear();
  }

  /** The first queued fault of the path that applies to this request, taken off the queue. */
  take(url: URL): Fault | undefined {
    const queue = this.faults.get(url.pathname);
    const at = queue?.findIndex((f) => f.query === undefined || url.search.includes(f.query));
    if (!queue || at === undefined || at < 0) return undefined;
    return queue.splice(at, 1)[0];
  }
}

/**
 * Answers a request with its scripted fault. `record` finds a record by "p/c/l" (a 200 with no
 * body serves it); `error` is an error body in the server generation's shape.
 */
export async function sendFault(
  res: ServerResponse,
  fault: Fault,
  server: {
    path: string;
    record: (key: string) => unknown;
    error: (status: number, detail: string) => unknown;
  },
): Promise<void> {
  if (fault.delayMs) await delay(fault.delayMs);
  const status = fault.status ?? 200;
  let body = fault.body;
  if (body === undefined && fault.bodyBytes !== undefined)
    body = `{"pad":"${"x".repeat(Math.max(0, fault.bodyBytes - 10))}"}`;
  if (body === undefined) {
    const route = parseApiPath(server.path);
    const record =
      route?.name === "translation" && !route.sub
        ? server.record(`${route.project}/${route.component}/${route.language}`)
        : undefined;
    body =
      status === 200 && record !== undefined
        ? serialize(record)
        : serialize(server.error(status, `Scripted ${status}.`));
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
