import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * Runs a bench worker in its own process (so its peak RSS is its own) and returns the JSON it
 * prints last.
 */
export async function runWorker<T>(worker: string, args: string[]): Promise<T> {
  const script = fileURLToPath(new URL(worker, import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", script, ...args],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const last = stdout.trim().split("\n").at(-1)!;
  return JSON.parse(last) as T;
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) ? value : fallback;
}

export function stringOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
