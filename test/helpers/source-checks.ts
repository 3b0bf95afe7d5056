import { readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

// The checks test/architecture.test.ts runs on the source: its import graph, the floors imports
// may not climb, its casts and its long lines.

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const src = join(root, "src");

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => relative(root, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

/**
 * The specifiers a file imports: `import ... from`, `export ... from`, `import "x"` and
 * `import("x")`.
 */
export function importSpecifiers(text: string): string[] {
  const out: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gms,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) out.push(match[1]!);
  return out;
}

/**
 * Import graph over src/: file -> the src files it imports (packages and node: modules left out).
 */
export function importGraph(
  files: readonly string[],
  read: (file: string) => string,
): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importSpecifiers(read(file))
      .filter((s) => s.startsWith("."))
      .map((s) => join(dirname(file), s).split("\\").join("/").replace(/\.js$/, ".ts"));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the files along it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Imports that break a rule: a file under `from` importing a file under one of `forbidden`. */
export function forbiddenImports(
  graph: Map<string, string[]>,
  from: string,
  forbidden: readonly string[],
): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(from)) continue;
    for (const target of targets)
      if (forbidden.some((f) => target.startsWith(f))) out.push(`${file} -> ${target}`);
  }
  return out;
}

/**
 * The floors of src/, lowest first (docs/ARCHITECTURE.md draws them): a file imports files of its
 * own folder or of a lower floor, never one above nor another folder of its own floor. So the
 * arrows run one way: cli -> commands -> pipeline -> stages -> shared.
 */
export const FLOORS: readonly (readonly string[])[] = [
  ["src/model/"],
  ["src/text/"],
  ["src/config/"],
  ["src/i18n/"],
  ["src/weblate/", "src/site/"],
  ["src/http/"],
  ["src/output/"],
  ["src/snapshot/"],
  ["src/crawl/", "src/validate/", "src/badges/", "src/exports/"],
  ["src/widgets/"],
  ["src/history/"],
  ["src/previous/"],
  ["src/render/"],
  ["src/check/", "src/init/"],
  ["src/pipeline/"],
  ["src/commands/"],
  ["src/cli/"],
  ["src/cli.ts", "src/index.ts", "src/action/"],
  ["src/demo/"],
];

/** The floor and folder of a file: the FLOORS entry it starts with. */
export function placeOf(file: string): { floor: number; folder: string } | undefined {
  for (const [floor, folders] of FLOORS.entries())
    for (const folder of folders) if (file.startsWith(folder)) return { floor, folder };
  return undefined;
}

/** Imports that run up a floor or sideways into another folder of the same floor. */
export function arrowsAgainstFloors(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = placeOf(file);
    for (const target of targets) {
      const to = placeOf(target);
      if (!from || !to) out.push(`${file} -> ${target} (on no floor)`);
      else if (to.floor > from.floor || (to.floor === from.floor && to.folder !== from.folder))
        out.push(`${file} -> ${target}`);
    }
  }
  return out;
}

/**
 * The `as` casts of a source text (`as const` is no cast), each with its line and whether a
 * comment on it or on the line above says why.
 */
export function castsOf(
  file: string,
  text: string,
): { line: number; text: string; why: boolean }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split("\n");
  const casts: { line: number; text: string; why: boolean }[] = [];
  const visit = (node: ts.Node) => {
    const cast = ts.isAsExpression(node) || ts.isTypeAssertionExpression(node);
    if (cast && !(ts.isAsExpression(node) && node.type.getText(source) === "const")) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const near = `${lines[line - 1] ?? ""}\n${lines[line] ?? ""}`;
      casts.push({ line: line + 1, text: node.getText(source), why: near.includes("//") });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return casts;
}

/**
 * The lines of a source text longer than `max` characters, but for those of a template literal
 * that spans lines: text printed as it stands (--help, what init writes), whose lines are the
 * output's.
 */
export function longLines(file: string, text: string, max = 100): number[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const asIs = new Set<number>();
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last > first) for (let line = first; line <= last; line++) asIs.add(line);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return text.split("\n").flatMap((line, i) => (line.length > max && !asIs.has(i) ? [i + 1] : []));
}
