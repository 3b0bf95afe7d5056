import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

// The site is built into the output folder by every run (on the runner, and when trying it
// locally): it is never committed. init adds it to the repository's .gitignore.

/** What addToGitignore did. */
export type GitignoreChange = "created" | "added" | "present";

/** The lines that already ignore the folder `out` at the root: out, out/, /out, /out/. */
function ignoresAlready(line: string, out: string): boolean {
  const trimmed = line.trim();
  return [out, `${out}/`, `/${out}`, `/${out}/`].includes(trimmed);
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
  if (text.split(/\r?\n/).some((l) => ignoresAlready(l, folder))) return "present";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const separator = text === "" || text.endsWith("\n") ? "" : eol;
  await writeFile(file, `${text}${separator}${line}${eol}`);
  return "added";
}
