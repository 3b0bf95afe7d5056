import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";

// Where a config's JSON is broken, as line:column and in words. JSON.parse says neither reliably:
// Node 20 words some errors with "at position N" and others (a trailing comma) as
// `Unexpected token ']', "<the whole file>" is not valid JSON` with no position and the file's
// own line breaks inside; Node 22 words them differently again. jsonc-parser (VS Code's JSON
// scanner, no dependencies) finds the first error and its offset the same way on every Node; it
// runs only after JSON.parse refused the text, in strict JSON mode (no comments, no trailing
// commas), so what it accepts JSON.parse accepts too.

/** What each of jsonc-parser's error codes means to a person editing the file. */
const WORDS: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "not a number JSON allows",
  PropertyNameExpected: "expected a key in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected ':' after the key",
  CommaExpected: "expected ',' between two items (is a comma missing?)",
  CloseBraceExpected: "expected '}' to close the object",
  CloseBracketExpected: "expected ']' to close the list",
  EndOfFileExpected: "more text after the end of the JSON value",
  InvalidCommentToken: "a comment; JSON allows none",
  UnexpectedEndOfComment: "a comment; JSON allows none",
  UnexpectedEndOfString: "a string that is not closed",
  UnexpectedEndOfNumber: "an incomplete number",
  InvalidUnicode: "an invalid \\u escape in a string",
  InvalidEscapeCharacter: "an invalid escape (\\) in a string",
  InvalidCharacter:
    "a control character (a tab or line break) inside a string; write it as \\t or \\n",
};

/** Where JSON.parse refused `text`, as "line L, column C: <what>" (1-based), on one line. */
export function jsonSyntaxError(text: string): string {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first) {
    const comma = trailingComma(text, first);
    if (comma !== undefined)
      return (
        `${lineColumn(text, comma)}: a comma before '${text[first.offset]}' ` +
        "(JSON allows no trailing comma); remove it"
      );
    // A stray word after a whole value: "more text after the end" says more than its symbol.
    const code = endsBefore(text, first.offset)
      ? "EndOfFileExpected"
      : printParseErrorCode(first.error);
    const what = WORDS[code] ?? "not valid JSON here";
    const symbol = code === "InvalidSymbol" ? shown(text, first.offset) : "";
    return `${lineColumn(text, first.offset)}: ${what}${symbol}`;
  }
  // Not met: jsonc-parser in strict mode refuses what JSON.parse refuses.
  return "no position found";
}

/** Whether the text before `offset` is a whole JSON value. */
function endsBefore(text: string, offset: number): boolean {
  try {
    JSON.parse(text.slice(0, offset));
    return true;
  } catch {
    return false;
  }
}

/** "line L, column C" of a character offset (1-based; a column counts UTF-16 units). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

/** The offset of a comma that ends a list or object, when that is what `error` stopped at. */
function trailingComma(text: string, error: ParseError): number | undefined {
  const closing = text[error.offset];
  if (closing !== "]" && closing !== "}") return undefined;
  const code = printParseErrorCode(error.error);
  if (code !== "ValueExpected" && code !== "PropertyNameExpected") return undefined;
  const at = text.slice(0, error.offset).trimEnd().length - 1;
  return text[at] === "," ? at : undefined;
}

/** ` 'x'`, or a note for quotes: the character found, where it helps. */
function shown(text: string, offset: number): string {
  const char = text[offset] ?? "";
  if (char === "'") return " ' (strings and keys take double quotes)";
  const word = /^[A-Za-z_][\w.+-]*/.exec(text.slice(offset, offset + 40))?.[0];
  if (word) return ` '${word}' (values are "strings", numbers, true, false or null)`;
  if (/^[\x21-\x7e]$/.test(char)) return ` '${char}'`;
  return "";
}
