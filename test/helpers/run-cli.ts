import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
/** tsx's loader, by its file address: the child may run in any folder. */
const TSX = import.meta.resolve("tsx");

/**
 * Runs the command line as a user does, in a child process (`node --import tsx src/cli.ts`, in `cwd`), so
 * that what it prints, its exit code and its line breaks are the real ones. Asynchronous, so a
 * server in the test's own process can answer it. Paths in `args` should be absolute.
 */
export function runCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string; cwd?: string } = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", TSX, CLI, ...args], {
      cwd: options.cwd ?? fileURLToPath(new URL("../..", import.meta.url)),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
    child.stdin.end(options.input ?? "");
  });
}
