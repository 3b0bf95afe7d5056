import { ExitCode, Stopped, type ExitCodeValue } from "../model/errors.js";
import { removeTempsNow } from "../output/temp-files.js";

// The process glue for stopping a run from outside: SIGINT (Ctrl-C), SIGTERM (a CI runner's
// cancel), SIGHUP (a closed terminal) and a closed stdout (EPIPE, `build | head -1`). The first
// aborts the run's signal: the crawl stops sending, the site being written is dropped, every
// temporary file and folder the run made is removed by its own clean-up, and out/ stays as it
// was. Should that clean-up not finish (a second signal, or a grace time), what the run made is
// removed at once and the process exits.

const SIGNALS: Record<string, ExitCodeValue> = {
  SIGINT: ExitCode.interrupted,
  SIGTERM: ExitCode.terminated,
  SIGHUP: ExitCode.hangup,
};
/** How long the run's own clean-up may take after a signal before it is cut short. */
const GRACE_MS = 15_000;

export interface ProcessWatch {
  /** Aborted (with a Stopped reason) when the run is to stop. */
  signal: AbortSignal;
  dispose(): void;
}

/**
 * Watches the process's signals and stdout for the run's life. `say` prints the one line of a
 * forced exit (stderr may be gone: it must not throw).
 */
export function watchProcess(
  stdout: NodeJS.WriteStream,
  say: (line: string) => void,
): ProcessWatch {
  const controller = new AbortController();
  const stop = (by: string, code: ExitCodeValue) => {
    if (controller.signal.aborted) {
      // A second signal: no more waiting.
      forceExit(by, code, say);
      return;
    }
    controller.abort(new Stopped(by, code));
    setTimeout(() => forceExit(by, code, say), GRACE_MS).unref();
  };
  const handlers = Object.entries(SIGNALS).map(([name, code]) => {
    const handler = () => stop(name, code);
    process.on(name, handler);
    return [name, handler] as const;
  });
  // Writing to a closed pipe: the reader has gone. Later writes fail the same way, unheard.
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") stop("EPIPE", ExitCode.ok);
  };
  stdout.on("error", onError);
  return {
    signal: controller.signal,
    dispose() {
      for (const [name, handler] of handlers) process.off(name, handler);
      // stdout keeps a listener: a write after the run must not crash the process with EPIPE.
    },
  };
}

function forceExit(by: string, code: ExitCodeValue, say: (line: string) => void): never {
  removeTempsNow();
  say(`l10n-snapshot: ${new Stopped(by, code).message}`);
  process.exit(code);
}
