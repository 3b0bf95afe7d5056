import { sanitizeText } from "./sanitize.js";

// GitHub Actions' workflow commands (`::warning title=...::message`), which the runner reads from a
// step's output, a line at a time, and shows as annotations. A command is recognised only at the
// start of a line, so the one danger in a message is a line break: the message is sanitized
// (controls, line breaks included, escaped; secrets redacted) and then escaped as the runner
// unescapes it (`%` first, so a literal `%0A` in the text stays text). A `::` inside a message is
// only text.

/** The kinds of annotation a step can make. */
export type AnnotationKind = "error" | "warning" | "notice";

/** A message as the runner unescapes it. */
const escapeData = (text: string) =>
  text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

/** A property's value (`title=...`), which may hold neither `:` nor `,` either. */
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** One workflow command line (without its line break): an annotation of `kind` with `title`. */
export function workflowCommand(kind: AnnotationKind, title: string, message: string): string {
  const property = escapeProperty(sanitizeText(title));
  return `::${kind} title=${property}::${escapeData(sanitizeText(message))}`;
}
