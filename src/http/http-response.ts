import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from "node:zlib";
import type { Dispatcher } from "undici";
import { redactSecrets } from "../text/sanitize.js";
import { RequestError, tooLarge } from "./request-error.js";
import { must } from "../model/must.js";
import { messageOf } from "../model/errors.js";
import { errorCode } from "../model/json.js";

// A response read: its headers, its body within a size and a time (its Content-Encoding undone,
// the decompressed size capped too: a small body can expand without limit), a redirect's target,
// JSON.

/** Redirects followed at most, on the configured origin. */
export const MAX_REDIRECTS = 5;
/** An error response's body is read this far (for the server's `detail`). */
export const ERROR_BODY_LIMIT = 64 * 1024;

/** A response header's (first) value. */
export function header(
  headers: Dispatcher.ResponseData["headers"],
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An answer read whole: its body, and the server's clock and content type when it sent them. */
export interface Answer {
  url: string;
  bytes: Buffer;
  status: number;
  /** The server's `Date` header, ISO. */
  date?: string;
  /** Its `Content-Type`. */
  type?: string;
}

/** A response's body as it came over the wire, with what the answer needs of its head. */
export interface RawAnswer {
  url: string;
  raw: Buffer;
  headers: Dispatcher.ResponseData["headers"];
  status: number;
}

/** The answer of a raw one: its Content-Encoding undone within `max` bytes. */
export async function answerOf(fetched: RawAnswer, max: number): Promise<Answer> {
  const { url, raw, headers, status } = fetched;
  const bytes = await decodeBody(raw, headers, url, max, status);
  const date = Date.parse(header(headers, "date") ?? "");
  const type = header(headers, "content-type");
  return {
    url,
    bytes,
    status,
    ...(Number.isNaN(date) ? {} : { date: new Date(date).toISOString() }),
    ...(type ? { type } : {}),
  };
}

/** Refuses a URL off the configured `origin` (a redirect's, a list's `next`), or not a URL. */
export function assertSameOrigin(url: string, requested: string, origin: string): void {
  let found: string;
  try {
    found = new URL(url).origin;
  } catch {
    throw new RequestError(
      "invalid-response",
      requested,
      `not a valid URL: ${JSON.stringify(url)}`,
    );
  }
  if (found !== origin)
    throw new RequestError(
      "redirect",
      url,
      `outside the configured server ${origin}; not requested`,
    );
}

/** Retry-After in ms: delay-seconds or an HTTP date. */
export function retryAfterMs(
  headers: Dispatcher.ResponseData["headers"],
  now = Date.now(),
): number | undefined {
  const value = header(headers, "retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Where a redirect (the `redirects`-th of a request) leads: on `origin` only, at most
 * MAX_REDIRECTS of them; its body is dropped.
 */
export async function redirectTarget(
  response: Dispatcher.ResponseData,
  url: string,
  origin: string,
  redirects: number,
  setting = '"baseUrl"',
): Promise<string> {
  const status = response.statusCode;
  await response.body.dump({ limit: ERROR_BODY_LIMIT }).catch(() => undefined);
  const location = header(response.headers, "location");
  if (!location)
    throw new RequestError("redirect", url, `${status} redirect without a Location header`, status);
  const target = new URL(location, url);
  if (target.origin !== origin) {
    throw new RequestError(
      "redirect",
      url,
      `${status} redirect to another origin (${target.origin}); not followed, so the token ` +
        `stays on ${origin}. If the server moved, set ${setting} to the new address`,
      status,
    );
  }
  if (redirects >= MAX_REDIRECTS)
    throw new RequestError("redirect", url, `more than ${MAX_REDIRECTS} redirects`, status);
  return target.href;
}

/**
 * Reads a body as it came over the wire, refusing more than `max` bytes and more than `deadlineMs`
 * in total (a network error is the caller's to tell).
 */
export async function readBody(
  response: Dispatcher.ResponseData,
  url: string,
  max: number,
  deadlineMs: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const body = response.body;
  const timer = setTimeout(
    () => body.destroy(Object.assign(new Error("body deadline"), { code: "UND_ERR_BODY_TIMEOUT" })),
    deadlineMs,
  );
  try {
    for await (const chunk of body) {
      if (!Buffer.isBuffer(chunk)) throw new Error("internal error: a body read as text");
      size += chunk.length;
      if (size > max) {
        body.destroy();
        throw tooLarge(url, max);
      }
      chunks.push(chunk);
    }
  } finally {
    clearTimeout(timer);
  }
  return chunks.length === 1 ? must(chunks[0]) : Buffer.concat(chunks, size);
}

/** The body as JSON, secrets redacted; a body that is not JSON is an invalid response. */
export function parseJson(
  url: string,
  text: string,
  status: number,
): { url: string; body: unknown } {
  try {
    // A server may echo the token (or anything shaped like one) in a record: it never reaches the
    // snapshot or the site.
    const body: unknown = JSON.parse(redactSecrets(text));
    return { url, body };
  } catch (error) {
    throw new RequestError(
      "invalid-response",
      url,
      `response is not JSON (${messageOf(error)})`,
      status,
      { cause: error },
    );
  }
}

/**
 * Compressed answers are welcome; wlc (through Python's requests) asks for gzip and deflate too.
 */
export const ACCEPT_ENCODING = "gzip, deflate, br";

type Decoder = (body: Buffer, options: ZlibOptions) => Promise<Buffer>;
const gunzipAsync: Decoder = promisify(gunzip);
const inflateAsync: Decoder = promisify(inflate);
const inflateRawAsync: Decoder = promisify(inflateRaw);
const DECODERS: Record<string, Decoder> = {
  gzip: gunzipAsync,
  "x-gzip": gunzipAsync,
  // "deflate" means a zlib stream, but some servers send raw deflate: the first two bytes tell,
  // and raw deflate that happens to start like a zlib header gets a second try.
  deflate: async (body, options) => {
    if (!isZlibHeader(body)) return inflateRawAsync(body, options);
    return inflateAsync(body, options).catch((error: unknown) => {
      if (errorCode(error) === "ERR_BUFFER_TOO_LARGE") throw error;
      return inflateRawAsync(body, options).catch(() => Promise.reject(error));
    });
  },
  br: promisify(brotliDecompress),
};

function isZlibHeader(body: Buffer): boolean {
  return (
    body.length >= 2 &&
    (must(body[0]) & 0x0f) === 8 &&
    (must(body[0]) * 256 + must(body[1])) % 31 === 0
  );
}

/**
 * Undoes the response's Content-Encoding, last coding first. Decompression runs on libuv's thread
 * pool, off the thread that parses and validates, and `max` caps the decompressed size too, so a
 * small compressed body cannot expand past crawl.maxBodyBytes.
 */
export async function decodeBody(
  raw: Buffer,
  headers: Dispatcher.ResponseData["headers"],
  url: string,
  max: number,
  status: number,
): Promise<Buffer> {
  const codings = (header(headers, "content-encoding") ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== "" && c !== "identity");
  let body = raw;
  for (const coding of codings.reverse()) {
    const decode = Object.hasOwn(DECODERS, coding) ? DECODERS[coding] : undefined;
    if (!decode)
      throw new RequestError(
        "invalid-response",
        url,
        `response compressed as "${coding}", which was not asked for (Accept-Encoding: ` +
          `${ACCEPT_ENCODING})`,
        status,
      );
    try {
      body = await decode(body, { maxOutputLength: max, chunkSize: 256 * 1024 });
    } catch (error) {
      if (errorCode(error) === "ERR_BUFFER_TOO_LARGE")
        throw tooLarge(url, max, " once decompressed");
      throw new RequestError(
        "invalid-response",
        url,
        `response body is not valid ${coding} (${messageOf(error)})`,
        status,
        { cause: error },
      );
    }
  }
  return body;
}
