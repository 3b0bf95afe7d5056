import { workflowCommand, type AnnotationKind } from "../text/workflow-command.js";
import { inActionTerms } from "./action-inputs.js";
import { sanitizeText } from "../text/sanitize.js";

// The step's log: what the build prints on stderr, read a line at a time and told the way a
// workflow's log tells it. A translation that failed or was invalid, and a previous site that
// could not be read (or was taken from another server), are ::warning annotations; the build's own
// error lines (`l10n-snapshot: ...`) are held back for the step's one ::error; the rest (notes,
// data-quality warnings, a rate limit's wait) stay plain lines. Each line of the build is
// sanitized already, and workflowCommand() escapes it once more, so a server's text cannot start a
// command of its own.

/**
 * GitHub shows at most 10 warning annotations of a step: this many translations get one; the
 * rest stay plain lines (the job summary lists them), leaving room for the previous site's and the
 * closing warning.
 */
export const MAX_FAILURE_ANNOTATIONS = 5;

/** Where the log goes: annotations to stdout, plain lines to stderr. */
export interface LogStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** The prefix of the build's error lines (cli/main.ts). */
const ERROR_PREFIX = "l10n-snapshot: ";
/** The prefix of the previous site's warnings (pipeline/previous.ts). */
const PREVIOUS_SITE = "warning previous site ";

export class ActionLog {
  private pending = "";
  private failures = 0;
  /** The build's error lines, without their prefix, in order. */
  readonly errors: string[] = [];

  constructor(private readonly streams: LogStreams) {}

  /** An annotation (title `l10n-snapshot`). */
  annotate(kind: AnnotationKind, message: string): void {
    this.streams.stdout.write(`${workflowCommand(kind, "l10n-snapshot", message)}\n`);
  }

  /** The build's stderr. */
  readonly stderr = {
    write: (text: string): boolean => {
      const lines = (this.pending + text).split("\n");
      this.pending = lines.pop() ?? "";
      for (const line of lines) this.route(line);
      return true;
    },
  };

  /** Tells a last line that had no line break; call when the build has returned. */
  flush(): void {
    if (this.pending) this.route(this.pending);
    this.pending = "";
  }

  private route(raw: string): void {
    // Sanitized once more, whatever printed it: a raw control can reach no command of the runner.
    const line = sanitizeText(raw);
    if (line.startsWith(ERROR_PREFIX)) this.errors.push(line.slice(ERROR_PREFIX.length));
    else if (line.startsWith(PREVIOUS_SITE))
      this.annotate("warning", inActionTerms(line.slice("warning ".length)));
    else if (/^(failed|invalid) /.test(line) && this.failures < MAX_FAILURE_ANNOTATIONS) {
      this.failures += 1;
      this.annotate("warning", line);
    } else this.streams.stderr.write(`${line}\n`);
  }
}
