// Whether a server-supplied string is an absolute http(s) URL: the contract's URL check, and
// the site's before it links anywhere.

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

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
