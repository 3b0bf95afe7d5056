import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { captureIo } from "./stand-in.js";
import { tempDir } from "./temp-dir.js";

/** Writes `config` (an object, or JSON text as it is) to `<dir>/config.json`. */
export async function writeConfig(dir: string, config: unknown): Promise<string> {
  const file = join(dir, "config.json");
  await writeFile(file, typeof config === "string" ? config : JSON.stringify(config));
  return file;
}

/**
 * Runs `main` in this process on a config written to a temporary folder: `crawl` to a snapshot in
 * that folder unless `args` says otherwise. Returns the exit code and what was printed.
 */
export async function runMain(
  config: unknown,
  args: string[] = ["crawl"],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; out: string; err: string; dir: string }> {
  const dir = await tempDir();
  const file = await writeConfig(dir, config);
  const io = captureIo(env);
  const extra =
    args[0] === "crawl" && !args.includes("--snapshot")
      ? ["--snapshot", join(dir, "snapshot.json")]
      : [];
  const build =
    args[0] === "build" && !args.includes("--out")
      ? ["--out", join(dir, "out"), "--no-previous"]
      : [];
  const code = await main([...args, "--config", file, ...extra, ...build], { ...io, cwd: dir });
  return { code, out: io.out(), err: io.err(), dir };
}
