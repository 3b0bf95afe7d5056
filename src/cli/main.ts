import { parseArgs } from "node:util";
import { OPTIONS, type CommandArgs } from "../commands/flags.js";
import { printSummary } from "../commands/json-summary.js";
import { ExitCode, UsageError, UserError, messageOf, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { VERSION } from "../model/version.js";
import { closestNames, didYouMean } from "../text/did-you-mean.js";
import { sanitizeText } from "../text/sanitize.js";
import { HELP } from "./help.js";

export type { Io } from "../model/io.js";

type Command = (args: CommandArgs, io: Io) => Promise<ExitCodeValue>;

/**
 * The commands by name. Each is loaded when it runs: a render does not start the crawl's HTTP
 * client (undici) and the other commands' modules, some 50 ms of every run.
 */
const COMMANDS: Record<string, Command> = {
  build: async (a, io) => (await import("../commands/build.js")).buildCommand(a, io),
  crawl: async (a, io) => (await import("../commands/crawl.js")).crawlCommand(a, io),
  render: async (a, io) => (await import("../commands/render.js")).renderCommand(a, io),
  merge: async (a, io) => (await import("../commands/merge.js")).mergeCommand(a, io),
  check: async (a, io) => (await import("../commands/check.js")).checkCommand(a, io),
  init: async (a, io) => (await import("../commands/init.js")).initCommand(a, io),
};

/** Runs one command line; returns the exit code. Never throws for user errors. */
export async function main(argv: readonly string[], io: Io): Promise<ExitCodeValue> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UserError) {
      // A message may list several problems, one a line (a config's).
      for (const line of error.message.split("\n"))
        io.stderr.write(`l10n-snapshot: ${sanitizeText(line)}\n`);
      // With --json, a run stopped by a user error still prints one object.
      if (argv.includes("--json")) {
        const command = argv.find((a) => Object.hasOwn(COMMANDS, a)) ?? "";
        printSummary(io.stdout, { command, exitCode: error.exitCode, error: error.message });
      }
      return error.exitCode;
    }
    const stack = error instanceof Error ? error.stack : undefined;
    const details = io.env.DEBUG ? `\n${stack}` : " (set DEBUG=1 for details)";
    io.stderr.write(`l10n-snapshot: internal error: ${sanitizeText(messageOf(error))}${details}\n`);
    return ExitCode.unusable;
  }
}

async function run(argv: readonly string[], io: Io): Promise<ExitCodeValue> {
  const { values: flags, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  if (flags.help) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  if (flags.version) {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.ok;
  }
  if (command === undefined)
    throw new UsageError("no command given. Use --help to see the commands");
  const found = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!found) {
    const hint = didYouMean(closestNames(command, Object.keys(COMMANDS)));
    throw new UsageError(
      `unknown command '${command}'${hint ? `; ${hint}` : "."} Use --help to see the commands`,
    );
  }
  return found({ flags, rest }, io);
}

/** Reads the command line; an unknown option or a missing value is a usage error. */
function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    const message = (messageOf(error).split("\n")[0] ?? "").replace(
      /\. To specify a positional argument.*$/,
      "",
    );
    // "; did you mean "--config"?" for an unknown long option close to a known one.
    const unknown = /^Unknown option '--([^'=]+)'/.exec(message)?.[1];
    const names = unknown === undefined ? [] : closestNames(unknown, Object.keys(OPTIONS));
    const hint = didYouMean(names.map((n) => `--${n}`));
    throw new UsageError(`${message}${hint ? `; ${hint}` : "."} Use --help to see the options`);
  }
}
