import { createInterface } from "node:readline/promises";
import { UsageError } from "../model/errors.js";
import type { ServerProject } from "./discover.js";
import { must } from "../model/must.js";

/** Where the questions go and the answers come from: the terminal, or streams in tests. */
export interface PromptIo {
  input: NodeJS.ReadableStream;
  output: { write(text: string): unknown };
}

const ATTEMPTS = 3;

/**
 * A plain numbered prompt: lists the projects and reads which to track ("1 3", "1,3", "2-4",
 * "all", or Enter for all). A wrong answer is explained and asked again, a few times.
 */
export async function askProjects(
  projects: ServerProject[],
  io: PromptIo,
): Promise<ServerProject[]> {
  io.output.write(
    `The server has ${projects.length} project${projects.length === 1 ? "" : "s"}:\n`,
  );
  const width = String(projects.length).length;
  projects.forEach((p, i) => {
    io.output.write(
      `  ${String(i + 1).padStart(width)}) ${p.name}${p.name === p.slug ? "" : ` (${p.slug})`}\n`,
    );
  });
  // Read as plain lines: a terminal in its usual (cooked) mode echoes and edits the line itself,
  // and the same code reads answers from a pipe in tests.
  const rl = createInterface({ input: io.input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      io.output.write("Track which projects? Numbers (e.g. 1 3 or 2-4), or Enter for all: ");
      const next = await lines.next();
      if (next.done)
        throw new UsageError(
          "init: no answer to the project question (input closed); pass --yes or --project P",
        );
      const chosen = parseChoice(String(next.value), projects.length);
      if (typeof chosen !== "string") return chosen.map((i) => must(projects[i]));
      io.output.write(`${chosen}\n`);
    }
  } finally {
    rl.close();
  }
  throw new UsageError("init: no usable answer to the project question; pass --yes or --project P");
}

/** Zero-based indexes in list order, or why the answer cannot be used. */
export function parseChoice(answer: string, count: number): number[] | string {
  const text = answer.trim().toLowerCase();
  if (text === "" || text === "all" || text === "*")
    return Array.from({ length: count }, (_, i) => i);
  const chosen = new Set<number>();
  for (const part of text.split(/[\s,]+/)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range)
      return `"${part.slice(0, 20)}" is not a number; answer with numbers from 1 to ${count}`;
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (from < 1 || to > count || from > to) return `${part} is outside 1-${count}`;
    for (let n = from; n <= to; n++) chosen.add(n - 1);
  }
  return [...chosen].sort((a, b) => a - b);
}
