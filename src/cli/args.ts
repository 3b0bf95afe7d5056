import { parseArgs } from "node:util";
import { OPTIONS, type Flags } from "../commands/flags.js";
import { messageOf, UsageError } from "../model/errors.js";
import { closestNames, didYouMean } from "../text/did-you-mean.js";

/** The command line read: the options, the command's name and the words after it. */
export interface CommandLine {
  flags: Flags;
  command: string | undefined;
  rest: string[];
}

/** Reads the command line; an unknown option or a missing value is a usage error. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const parsed = parse(argv);
  const [command, ...rest] = parsed.positionals;
  return { flags: parsed.values, command, rest };
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    const message = (messageOf(error).split("\n")[0] ?? "").replace(
      /\. To specify a positional argument.*$/,
      "",
    );
    throw new UsageError(`${message}${optionHint(message)} Use --help to see the options`);
  }
}

/** `; did you mean "--config"?` for an unknown long option close to a known one, else ".". */
function optionHint(message: string): string {
  const unknown = /^Unknown option '--([^'=]+)'/.exec(message)?.[1];
  const names = unknown === undefined ? [] : closestNames(unknown, Object.keys(OPTIONS));
  const hint = didYouMean(names.map((n) => `--${n}`));
  return hint ? `; ${hint}` : ".";
}
