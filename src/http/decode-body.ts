// Undoing a response's Content-Encoding, with the decompressed size capped (a small body can expand
// without limit).
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from "node:zlib";
import type { Dispatcher } from "undici";
import { header } from "./http-response.js";
import { RequestError, tooLarge } from "./request-error.js";
import { must } from "../model/must.js";
import { messageOf } from "../model/errors.js";
import { errorCode } from "../model/json.js";

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
