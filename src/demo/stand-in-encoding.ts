import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";

// How the stand-in writes its answers: JSON as Weblate writes it, compressed as the web server in
// front of Weblate compresses it for a client that allows it.

export type ContentCoding = "gzip" | "deflate" | "br" | "identity";

/** Whether an Accept-Encoding header allows `coding` (a listed coding, or `*`, without q=0). */
export function accepts(header: string | undefined, coding: ContentCoding): boolean {
  if (coding === "identity" || !header) return false;
  return header.split(",").some((entry) => {
    const [name, ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return (name === coding || name === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function compress(bytes: Buffer, coding: ContentCoding): Buffer {
  if (coding === "gzip") return gzipSync(bytes);
  if (coding === "deflate") return deflateSync(bytes);
  if (coding === "br")
    return brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
  return bytes;
}

/** JSON as Weblate writes it: percents always with a fraction (`75.0`). */
export function serialize(body: unknown): string {
  return JSON.stringify(body).replace(/("[a-z_]*_percent":)(-?\d+)(?=[,}])/g, "$1$2.0");
}
