import { percentColor } from "../badges/badge-data.js";
import type { Thresholds, WidgetOptions } from "../config/schema.js";
import {
  floorPercent,
  frame,
  heading,
  selectItems,
  type ChartItem,
  type WidgetWords,
} from "./chart-svg.js";
import { fitText, textWidth, xml } from "./svg-text.js";
import { must } from "../model/must.js";

// A project's components x languages as one picture for a README, like the site's project page:
// the languages are the project's, ordered and filtered as the charts are (by the project-wide
// percent), so the most complete ones come first.

export interface MatrixInput {
  title: string;
  /** The columns: every language of the project with its project-wide percent. */
  languages: ChartItem[];
  rows: {
    name: string;
    cells: Map<string, { percent?: number; failed?: boolean; empty?: boolean }>;
  }[];
  options: WidgetOptions;
  thresholds: Thresholds;
  words: WidgetWords;
}

const PAD = 8;
const CELL_W = 34;
const CELL_H = 20;
const TITLE = 24;
const TINT = { red: "#fbd3cd", yellow: "#fbedb5", brightgreen: "#cdeed3" } as const;

// 10,000 cells in a project of 50 components and 200 languages: a cell is a piece of its colour's
// one path and a <tspan> of its row's one <text>, the rest is said once by a <g>.
export function matrixSvg(input: MatrixInput): string {
  const { words } = input;
  const columns = selectItems(input.languages, input.options);
  const names = columns.map((c) => fitText(c.name, 160));
  const headHeight = Math.ceil(Math.max(30, ...names.map((name) => textWidth(name))) + 10);
  const rowNames = input.rows.map((r) => fitText(r.name, 220));
  // Whole pixels, so every coordinate below is a short integer.
  const firstWidth = Math.ceil(Math.max(60, ...rowNames.map((name) => textWidth(name))) + 12);
  const top = PAD + TITLE + headHeight;
  const width = Math.max(
    PAD * 2 + firstWidth + Math.max(1, columns.length) * CELL_W,
    PAD * 2 + textWidth(input.title, 12, true),
  );
  const height = top + Math.max(1, input.rows.length) * CELL_H + PAD;
  let body = heading(input.title);
  const left = PAD + firstWidth;
  let heads = "";
  columns.forEach((_, i) => {
    // In the group turned a quarter left, "y" runs along the matrix.
    heads += `<text y="${left + i * CELL_W + CELL_W / 2 + 4}">${xml(must(names[i]))}</text>`;
  });
  if (heads) body += `<g transform="rotate(-90) translate(${-(top - 6)})">${heads}</g>`;
  const { fills, names_, cells } = drawRows(input, columns, rowNames, { left, top }, words);
  for (const [fill, d] of fills) body += `<path fill="${fill}" d="${d}"/>`;
  if (names_) body += `<g transform="translate(${PAD})">${names_}</g>`;
  if (cells) body += `<g font-size="10" text-anchor="middle">${cells}</g>`;
  const of = selectItems(input.languages, { ...input.options, maxLanguages: 0 }).length;
  const label = words.matrix(input.title, input.rows.length, columns.length, of);
  return frame(width, height, label, body);
}

type Cell = MatrixInput["rows"][number]["cells"] extends Map<string, infer C> ? C : never;

/** A cell's text and fill: its percent, tinted; "!" failed, "·" empty, "–" none. */
function cellLook(
  cell: Cell | undefined,
  words: WidgetWords,
  thresholds: Thresholds,
): { text: string; fill: string } {
  if (cell?.failed) return { text: "!", fill: "#f3f5f9" };
  if (cell?.empty) return { text: "·", fill: "#f3f5f9" };
  if (cell?.percent === undefined) return { text: "–", fill: "#f3f5f9" };
  return {
    text: xml(words.int(floorPercent(cell.percent))),
    fill: TINT[percentColor(cell.percent, thresholds)],
  };
}

/** The rows: their names, their cells' texts, and each fill's one path of the cells it tints. */
function drawRows(
  input: MatrixInput,
  columns: ChartItem[],
  rowNames: string[],
  at: { left: number; top: number },
  words: WidgetWords,
): { fills: Map<string, string>; names_: string; cells: string } {
  const fills = new Map<string, string>();
  let names_ = "";
  let cells = "";
  input.rows.forEach((row, r) => {
    const y = at.top + r * CELL_H;
    names_ += `<text y="${y + 14}">${xml(must(rowNames[r]))}</text>`;
    let texts = "";
    columns.forEach((column, i) => {
      const x = at.left + i * CELL_W;
      const { text, fill } = cellLook(row.cells.get(column.code), words, input.thresholds);
      fills.set(
        fill,
        `${fills.get(fill) ?? ""}M${x + 1} ${y + 1}h${CELL_W - 2}v${CELL_H - 2}h${2 - CELL_W}z`,
      );
      texts += `<tspan x="${x + CELL_W / 2}">${text}</tspan>`;
    });
    if (texts) cells += `<text y="${y + 14}">${texts}</text>`;
  });
  return { fills, names_, cells };
}
