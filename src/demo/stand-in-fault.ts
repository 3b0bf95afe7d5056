import type { ServerResponse } from "node:http";

// The stand-in's scripted misbehaviours: an answer sent late, slowly, cut off, or of a status and
// body chosen by the test.

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

/** Sends a scripted answer: its status and headers, then `body` whole, slowly or cut off. */
export async function writeFault(
  res: ServerResponse,
  fault: Fault,
  status: number,
  body: string | Buffer,
): Promise<void> {
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

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
