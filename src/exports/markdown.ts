// Text from a server inside Markdown (a table cell, a heading, an image's alt text): one line, no
// Markdown or HTML of its own, no link. Each character that could start markup is written as an
// HTML character reference, which every CommonMark and GFM renderer shows as the character
// itself; GFM's bare links ("http://...", "www.", an e-mail address) are broken up the same way.

const SPECIAL = /[\\`*_[\]<>|&#~@]|:(?=\/\/)|(?<=www)\./gi;

/** The text on one line, with no markup of its own, at most 300 characters. */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300)
    .replace(SPECIAL, (c) => `&#${c.charCodeAt(0)};`);
}
