import { must } from "../model/must.js";
// Whether a server-supplied string is an absolute http(s) URL: the contract's URL check, and
// the site's before it links anywhere. It runs for every link of every record, so it is fast.

export function isHttpUrl(value: string): boolean {
  // Links of one server share their scheme, host and port: one that passed the pattern below
  // answers for the next link that starts with it and goes on with a path, query or fragment.
  if (knownOrigin !== "" && value.startsWith(knownOrigin)) {
    const next = value.charCodeAt(knownOrigin.length);
    // The end, "/", "?" or "#".
    if (Number.isNaN(next) || next === 0x2f || next === 0x3f || next === 0x23) return true;
  }
  // The common cases, answered without building a URL object (the same answers as below).
  const plain = PLAIN_HTTP_URL.exec(value);
  if (plain) {
    knownOrigin = must(plain[1]);
    return true;
  }
  if (HTTP_PREFIX.test(value)) return URL.canParse(value);
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const HTTP_PREFIX = /^https?:\/\/[^\s/]/i;

// An http(s) URL whose host is a plain name (letters, digits and hyphens, the last label starting
// with a letter, no "xn--" label) or a dotted IPv4 address, with an optional port up to 65535. The
// URL parser accepts every such string, whatever follows the host (it never refuses a path, query
// or fragment), so no parse is needed; anything else goes to the parser.
const LABEL = "(?!xn--)[a-z0-9-]+";
const NAME = `(?:${LABEL}\\.)*(?!xn--)[a-z][a-z0-9-]*`;
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const PORT =
  "(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}|0))?";
const PLAIN_HTTP_URL = new RegExp(`^(https?://(?:${NAME}|${IPV4})${PORT})(?:[/?#][^]*)?$`, "i");

/**
 * The scheme, host and port of the last URL that matched PLAIN_HTTP_URL: whatever follows them
 * there, it matches.
 */
let knownOrigin = "";

/** A snapshot written by hand may name a server with a password in its address: never shown. */
export function withoutCredentials(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (url.username === "" && url.password === "") return baseUrl;
    url.username = "";
    url.password = "";
    return url.href.replace(/\/$/, "");
  } catch {
    return baseUrl.replace(/\/\/[^/@]*@/, "//");
  }
}

/** The user-info of a URL of any scheme (`https://bot:ghp_...@host`, `ssh://git:secret@host`). */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/i;

/**
 * A record with the user-info taken out of every URL in it, at any depth: a server that shows a
 * token with VCS access its repositories' credentials (`repo`, `push`) must not have them
 * published. Whatever has none is returned as it is.
 */
export function withoutUserInfo(value: unknown): unknown {
  if (typeof value === "string")
    return value.includes("@") ? value.replace(USER_INFO, "$1") : value;
  if (typeof value !== "object" || value === null) return value;
  // The component record joined into each of its translations' is one object: looked at once.
  const known = checked.get(value);
  if (known !== undefined) return known;
  // Nothing is made unless something changes: a crawl passes a million records here.
  let out: object | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item: unknown = Reflect.get(value, key);
    const clean = withoutUserInfo(item);
    if (clean === item) continue;
    out ??= Array.isArray(value) ? [...value] : Object.fromEntries(Object.entries(value));
    // Defined, not set: a "__proto__" key stays data, as JSON.parse made it.
    Object.defineProperty(out, key, { value: clean, enumerable: true, writable: true });
  }
  checked.set(value, out ?? value);
  return out ?? value;
}

/** The objects looked at, with what they became. */
const checked = new WeakMap<object, object>();
