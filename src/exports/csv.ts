// CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
// when it holds a comma, a quote, CR or LF (and `;` or a tab), quotes inside doubled. Text from a
// server is guarded against formula injection (OWASP, "CSV Injection"): a spreadsheet would run a
// cell starting with "=", "+", "-", "@", a tab or CR (or their full-width forms, which some
// spreadsheets read as the same) as a formula, so such a cell gets a leading "'" and is shown as
// text; so does such a start after a `;` or a tab inside a cell. Numbers are written as numbers
// and never guarded.

/**
 * What a CSV file starts with: the UTF-8 byte order mark, by which Excel (and other Windows tools)
 * know the file is UTF-8 rather than the system's code page; Python reads it with `utf-8-sig`,
 * LibreOffice and papaparse skip it.
 */
export const CSV_BOM = "\uFEFF";

/** A cell: text (guarded), a number, or nothing (an empty field). */
export type CsvCell = string | number | undefined;

const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
/**
 * The same after a `;` or a tab inside a field: a spreadsheet set to split on them (Excel with a
 * German or French list separator) cuts the field there and reads what follows as a cell of its
 * own (`x;=1+1`), wherever the field's quotes are.
 */
const FORMULA_AFTER_SEPARATOR = /([;\t])(?=[=+\-@\uff1d\uff0b\uff0d\uff20])/g;
/** RFC 4180's characters, and `;` and a tab (the other separators spreadsheets split on). */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A text cell as it is written: guarded, then quoted when it must be. */
export function csvText(text: string): string {
  let guarded = FORMULA_START.test(text) ? `'${text}` : text;
  if (guarded.includes(";") || guarded.includes("\t"))
    guarded = guarded.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record, CRLF included. */
export function csvRecord(cells: readonly CsvCell[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (i > 0) line += ",";
    if (typeof cell === "number") line += Number.isFinite(cell) ? String(cell) : "";
    else if (cell !== undefined) line += csvText(cell);
  }
  return `${line}\r\n`;
}
