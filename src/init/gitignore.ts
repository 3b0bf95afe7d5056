import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

// The site is built into the output folder by every run (on the runner, and when trying it
// locally): it is never committed. init adds it to the repository's .gitignore.

/** What addToGitignore did. */
export type GitignoreChange = "created" | "added" | "present";

/**
 * Whether the lines leave the folder ignored: the last line naming it decides, an ignoring one yes,
 * a negated one (`!out/`) no. A line names it as out, out/, /out or /out/, the same after `**` and
 * `/` (under any folder), or as its contents: out/**, /out/** or the same after `**` and `/`.
 */
function ignoresAlready(lines: string[], out: string): boolean {
  const names = new RegExp(
    `^!?(?:/|\\*\\*/)?${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:/|/\\*\\*)?$`,
  );
  let ignored = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (names.test(trimmed)) ignored = !trimmed.startsWith("!");
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
