import { sanitizeText } from "./sanitize.js";

// Untrusted text in GitHub-flavoured Markdown (the job summaries of the Action and of `check`).
// CommonMark lets a backslash escape any ASCII punctuation character, and an escaped character is
// always shown as itself: so with every one of them escaped, no text can open HTML, a link, an
// image, emphasis, code, a table cell, an autolink (`https\://`, `www\.`) or an entity, and
// GitHub's renderer still shows the text exactly as it was (one line, secrets redacted).

/** The ASCII punctuation characters, each of which a backslash may escape. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** Text bounded to this many characters before escaping: a cell is not a place for a body. */
const MAX_LENGTH = 300;

/**
 * Text for a Markdown line or table cell: sanitized (secrets redacted, controls escaped), on one
 * line, at most 300 characters, every ASCII punctuation character backslash-escaped.
 */
export function markdownText(text: unknown): string {
  return oneLine(text).replace(PUNCTUATION, (c) => `\\${c}`);
}

/**
 * Text of any length for Markdown (a catalog's words around the values put in): sanitized, every
 * ASCII punctuation character backslash-escaped, spaces kept as they are.
 */
export function escapeMarkdown(text: string): string {
  return sanitizeText(text).replace(PUNCTUATION, (c) => `\\${c}`);
}

/**
 * The same line for an HTML attribute in double quotes (an HTML snippet's alt text beside its
 * Markdown one): sanitized, one line, at most 300 characters, `&<>"'` as character references.
 */
export function htmlAttributeText(text: unknown): string {
  return oneLine(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sanitized (secrets redacted, controls escaped), on one line, at most 300 characters. */
function oneLine(text: unknown): string {
  const line = sanitizeText(
    String(text ?? "")
      .replace(/\s+/g, " ")
      .trim(),
  );
  const chars = [...line];
  return chars.length > MAX_LENGTH ? `${chars.slice(0, MAX_LENGTH - 1).join("")}…` : line;
}
