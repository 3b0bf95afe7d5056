import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

// The site is built into the output folder by every run (on the runner, and when trying it
// locally): it is never committed. init adds it to the repository's .gitignore.

/** What addToGitignore did. */
export type GitignoreChange = "created" | "added" | "present";

// The patterns that ignore the folder `out` at the root, whole or everything in it: out, out/,
// /out, /out/; the same under any folder, as `**` then `/out` or `/out/`; and its contents, as
// out/**, /out/** or `**` then `/out/**`. (Line comments: a block comment would end at `*` `/`.)
function ignoring(out: string): string[] {
  const forms = [out, `${out}/`, `/${out}`, `/${out}/`, `**/${out}`, `**/${out}/`];
  return [...forms, `${out}/**`, `/${out}/**`, `**/${out}/**`];
}

/**
 * Whether the lines leave the folder ignored: the last line naming it in one of the forms above
 * decides, an ignoring one yes, a negated one (`!out/`) no.
 */
function ignoresAlready(lines: string[], out: string): boolean {
  const forms = ignoring(out);
  let ignored = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (forms.includes(trimmed)) ignored = true;
    else if (trimmed.startsWith("!") && forms.includes(trimmed.slice(1))) ignored = false;
  }
  return ignored;
}

/**
 * Adds `/<out>/` to `<root>/.gitignore`: creates the file when there is none, appends the line
 * (after a newline if the file lacks its last one) when no line ignores the folder yet, and
 * otherwise leaves the file as it is.
 */
export async function addToGitignore(root: string, out: string): Promise<GitignoreChange> {
  const folder = out.replace(/^\/+|\/+$/g, "");
  const file = join(root, ".gitignore");
  const line = `/${folder}/`;
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) {
    await writeFile(file, `${line}\n`);
    return "created";
  }
  if (ignoresAlready(text.split(/\r?\n/), folder)) return "present";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const separator = text === "" || text.endsWith("\n") ? "" : eol;
  await writeFile(file, `${text}${separator}${line}${eol}`);
  return "added";
}
