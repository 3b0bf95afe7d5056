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
