/**
 * What a command sees of the process: its streams and environment (the CLI passes the real ones,
 * tests their own).
 */
export interface Io {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  now?: () => Date;
  /** Where `init` asks its question when it is a terminal (process.stdin from the CLI). */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Directory `init` writes under (default: the process's). */
  cwd?: string;
  /**
   * Aborted when the run is to stop (a signal, stdout closed: cli/signals.ts), its reason a
   * Stopped error: the run removes what it made and leaves the output as it was.
   */
  signal?: AbortSignal;
}
