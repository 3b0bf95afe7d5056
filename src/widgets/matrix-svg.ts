import { percentColor } from "../badges/badge-data.js";
import type { Thresholds, WidgetOptions } from "../config/schema.js";
import { selectItems, type ChartItem } from "./chart-svg.js";
import { fitText, FONT_FAMILY, n, textWidth, xml } from "./svg-text.js";

// A project's components x languages as one picture for a README, like the site's project page:
// the languages are the project's, ordered and filtered as the charts are (by the project-wide
// percent), so the most complete ones come first.

export interface MatrixInput {
  title: string;
  /** The columns: every language of the project with its project-wide percent. */
  languages: ChartItem[];
  rows: { name: string; cells: Map<string, { percent?: number; failed?: boolean; empty?: boolean }> }[];
  options: WidgetOptions;
  thresholds: Thresholds;
}

const PAD = 8;
const CELL_W = 34;
const CELL_H = 20;
const TITLE = 24;
const TINT = { red: "#fbd3cd", yellow: "#fbedb5", brightgreen: "#cdeed3" } as const;

export function matrixSvg(input: MatrixInput): string {
  const columns = selectItems(input.languages, input.options);
  const names = columns.map((c) => fitText(c.name, 160));
  const headHeight = Math.max(30, ...names.map((name) => textWidth(name))) + 10;
  const rowNames = input.rows.map((r) => fitText(r.name, 220));
  const firstWidth = Math.max(60, ...rowNames.map((name) => textWidth(name))) + 12;
  const top = PAD + TITLE + headHeight;
  const width = Math.max(PAD * 2 + firstWidth + Math.max(1, columns.length) * CELL_W, PAD * 2 + textWidth(input.title, 12, true));
  const height = top + Math.max(1, input.rows.length) * CELL_H + PAD;
  let body = `<text x="${PAD}" y="${PAD + 11}" font-size="12" font-weight="bold">${xml(input.title)}</text>`;
  columns.forEach((_, i) => {
    const x = PAD + firstWidth + i * CELL_W + CELL_W / 2 + 4;
    body += `<text x="${n(x)}" y="${top - 6}" transform="rotate(-90 ${n(x)} ${top - 6})">${xml(names[i]!)}</text>`;
  });
  const summary: string[] = [];
  input.rows.forEach((row, r) => {
    const y = top + r * CELL_H;
    body += `<text x="${PAD}" y="${y + 14}">${xml(rowNames[r]!)}</text>`;
    columns.forEach((column, i) => {
      const x = PAD + firstWidth + i * CELL_W;
      const cell = row.cells.get(column.code);
      let text = "–";
      let fill = "#f3f5f9";
      if (cell?.failed) text = "!";
      else if (cell?.empty) text = "·";
      else if (cell?.percent !== undefined) {
        text = String(Math.floor(Math.min(100, cell.percent)));
        fill = TINT[percentColor(cell.percent, input.thresholds)];
      }
      body += `<rect x="${n(x + 1)}" y="${y + 1}" width="${CELL_W - 2}" height="${CELL_H - 2}" fill="${fill}"/>`
        + `<text x="${n(x + CELL_W / 2)}" y="${y + 14}" font-size="10" text-anchor="middle">${text}</text>`;
    });
    summary.push(`${row.name}: ${columns.map((c) => `${c.name} ${row.cells.get(c.code)?.percent === undefined ? "-" : Math.floor(row.cells.get(c.code)!.percent!)}`).join(", ")}`);
  });
  const label = `${input.title}, translated percent by component and language. ${summary.join("; ")}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" role="img">`
    + `<title>${xml(label)}</title><rect width="100%" height="100%" rx="4" fill="#ffffff" stroke="#d0d7de"/>`
    + `<g font-family="${FONT_FAMILY}" font-size="11" fill="#1d2330">${body}</g></svg>\n`;
}
