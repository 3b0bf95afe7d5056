/**
 * One sanitizer for every piece of server-supplied text that is printed or kept in a message.
 *
 * A Weblate server is not trusted: a `detail`, a field name or a body can carry terminal escape
 * sequences, line breaks that forge a summary line, bidi overrides that reorder what a reader
 * sees, or an API token it echoes back. Messages pass through `sanitizeText` before they reach
 * the terminal, the snapshot or a page.
 */

/** Secrets of this process (the API token, credentials), redacted wherever they appear. */
const secrets = new Set<string>();

/**
 * Registers a secret to redact from every sanitized text from now on (short values are ignored:
 * they would redact ordinary words).
 */
export function addSecret(secret: string | undefined): void {
  if (secret !== undefined && secret.length >= 6) secrets.add(secret);
}

/** Anything shaped like a Weblate user (`wlu_`) or project (`wlp_`) token, registered or not. */
const TOKEN_SHAPE = /\bwl[up]_[A-Za-z0-9_-]{6,}/g;

/**
 * C0 controls (line breaks included: a message is one line), DEL, C1 controls, the line and
 * paragraph separators, and the bidi marks, embeddings, overrides and isolates.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Whether a text holds a character sanitizeText escapes (a key or a slug with one is refused). */
export function hasUnsafeCharacter(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

export const REDACTED = "[redacted]";

/**
 * Text safe to print on one terminal line: secrets redacted, unsafe characters as `\uXXXX` escapes.
 */
export function sanitizeText(text: string): string {
  let out = redactSecrets(text);
  out = out.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return out;
}

/**
 * The text with registered secrets and token-shaped strings replaced by `[redacted]`; nothing else
 * changes.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    // A server may echo the secret URL-encoded.
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(REDACTED);
  }
  // Whole response bodies pass here: the scan for a token's prefix is much cheaper than the
  // pattern.
  if (!out.includes("wlu_") && !out.includes("wlp_")) return out;
  return out.replace(TOKEN_SHAPE, REDACTED);
}
