/**
 * Exit codes of the CLI, documented in docs/commands.md.
 * - 0: every translation fetched and valid
 * - 1: finished, but some translations failed or were invalid (the rest were written)
 * - 2: usage, config or catalog error (nothing was fetched)
 * - 3: nothing usable: every translation failed, or the output could not be written
 * - 129, 130, 143: stopped by SIGHUP, SIGINT, SIGTERM (128 + the signal's number); 0 when stdout
 *   was closed (EPIPE): the reader has what it wanted
 */
export const ExitCode = {
  ok: 0,
  partial: 1,
  usage: 2,
  unusable: 3,
  hangup: 129,
  interrupted: 130,
  terminated: 143,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error the user can cause and fix; printed as one line, never with a stack trace. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A bad command line. */
export class UsageError extends UserError {
  constructor(message: string) {
    super(message, ExitCode.usage);
  }
}

/** A bad config file, or a config that would be unsafe to run (a token over plain http). */
export class ConfigError extends UserError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, ExitCode.usage, options);
  }
}

/** Output that cannot be written, or input files (snapshots) that cannot be used. */
export class OutputError extends UserError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, ExitCode.unusable, options);
  }
}

/** Any thrown value as an Error (a thrown string or object as the message of one). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(messageOf(error));
}

/** The message of any thrown value, for one-line reports. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The run was stopped from outside (a signal, stdout closed): what it made is removed and the
 * output left as it was. Thrown as an AbortSignal's reason.
 */
export class Stopped extends UserError {
  constructor(
    /** "SIGINT", "SIGTERM", "SIGHUP" or "EPIPE". */
    readonly by: string,
    exitCode: ExitCodeValue,
    /** Stopped once the new site was in place: nothing was left undone but saying so. */
    readonly published = false,
  ) {
    const what = by === "EPIPE" ? "stdout was closed (EPIPE); stopped" : `stopped by ${by}`;
    const then = published
      ? "the new site was already in place"
      : "nothing was published, and its temporary files were removed";
    super(`${what}; ${then}`, exitCode);
  }
}

/** The stop of a run that had already put its new site in place. */
export function stoppedAfterPublishing(signal: AbortSignal): Stopped {
  const reason: unknown = signal.reason;
  return reason instanceof Stopped
    ? new Stopped(reason.by, reason.exitCode, true)
    : new Stopped("a signal", ExitCode.interrupted, true);
}
