import { tripleLabel } from "../config/triple.js";
import type { SnapshotEntry } from "../snapshot/snapshot.js";
import { counted } from "../text/plural.js";
import { isServerQuirk } from "../validate/link-rules.js";

// The lines a run's problems make, grouped so that one cause is one line with a count, not one
// line per translation (or per field) all alike:
// - a failure that got no HTTP answer (a certificate, a host, a stop of the crawl) is the same for
//   every translation it hit: "failed 50 translations: <cause>";
// - a 401 (the token refused, or wanted) is the same for every translation too: "failed 50
//   translations (e.g. p/c/de): 401 Unauthorized (...); check the API token in ...";
// - a warning is one line per field path (a server's quirks repeat across every record), with how
//   many translations have it and one of them as the example.
// With --verbose every entry keeps its own lines (report.ts).

/** What a request error says after its `[GET] "<url>": ` prefix. */
function causeOf(message: string): string {
  const match = /^\[GET\] "[^"]*": (.*)$/s.exec(message);
  return match?.[1] ?? message;
}

interface Cause {
  /** Translations that failed on a request with this cause. */
  failed: number;
  /** Translations whose request was not sent, for this cause. */
  notTried: number;
  /** The first failed one's own line. */
  firstLine: string;
  /** The first failed one's triple, named as the example when the cause is an HTTP status. */
  example?: string;
}

interface WarningGroup {
  entries: number;
  example: string;
}

/** Collects a run's problems entry by entry; `lines` gives what to print after the entries. */
export class ProblemTally {
  private readonly causes = new Map<string, Cause>();
  private readonly warnings = new Map<string, WarningGroup>();

  /**
   * Takes an entry's first error when it is one of a kind that groups; returns false when the
   * caller should print it on its own line.
   */
  addFailure(entry: SnapshotEntry, line: string): boolean {
    const [first] = entry.errors;
    const status = entry.failure?.status;
    if (first?.path !== "(request)" || (status !== undefined && status !== 401)) return false;
    const cause = causeOf(first.message);
    if (status !== undefined) {
      // The URL differs per translation, the status and its hint do not.
      const seen = this.causes.get(cause) ?? {
        failed: 0,
        notTried: 0,
        firstLine: line,
        example: tripleLabel(entry),
      };
      seen.failed += 1;
      this.causes.set(cause, seen);
      return true;
    }
    const notTried = /^not tried[,:] /.exec(cause);
    const key = notTried ? cause.slice(notTried[0].length) : cause;
    const seen = this.causes.get(key) ?? { failed: 0, notTried: 0, firstLine: line };
    if (notTried) seen.notTried += 1;
    else {
      if (seen.failed === 0) seen.firstLine = line;
      seen.failed += 1;
    }
    this.causes.set(key, seen);
    return true;
  }

  /** Takes an entry's warnings, and its notes of a server's quirk (told once a kind too). */
  addWarnings(entry: SnapshotEntry): void {
    const key = tripleLabel(entry);
    const add = (level: string, p: { path: string; message: string }) => {
      const at = `${level} ${p.path}`;
      const group = this.warnings.get(at) ?? { entries: 0, example: `${key}: ${p.message}` };
      group.entries += 1;
      this.warnings.set(at, group);
    };
    for (const w of entry.warnings) add("warning", w);
    for (const n of entry.notes) if (isServerQuirk(n)) add("note", n);
  }

  /** The failure lines: a cause met once keeps its own line, a repeated one is counted. */
  failureLines(): string[] {
    return [...this.causes].map(([cause, c]) => {
      if (c.notTried === 0 && c.failed === 1) return c.firstLine;
      if (c.example !== undefined)
        return `failed ${counted(c.failed, "translation")} (e.g. ${c.example}): ${cause}`;
      if (c.failed === 0)
        return `failed ${counted(c.notTried, "translation")}, not tried: ${cause}`;
      return `failed ${counted(c.failed + c.notTried, "translation")}: ${cause}`;
    });
  }

  /** The warning lines, and the server quirks' notes: one per field path. */
  warningLines(): string[] {
    return [...this.warnings].map(([at, { entries, example }]) =>
      entries === 1
        ? `${at}, in 1 translation: ${example}`
        : `${at}, in ${entries} translations; e.g. ${example}`,
    );
  }
}
