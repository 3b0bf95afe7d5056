import type { parseArgs } from "node:util";
import { resolve } from "node:path";
import type { SiteOptions } from "../config/schema.js";
import { catalogNotes, loadSiteLocales } from "../i18n/site-locales.js";
import { UsageError } from "../model/errors.js";
import type { Io } from "../model/io.js";
import type { Shard } from "../model/shard.js";

/** The config file a command reads when given none. */
export const DEFAULT_CONFIG = "config/l10n-snapshot.json";
/** The output folder when given none. */
export const DEFAULT_OUT = "out";

/** The options of every command, as `parseArgs` reads them (cli/main.ts). */
export const OPTIONS = {
  config: { type: "string" },
  out: { type: "string" },
  snapshot: { type: "string" },
  "base-url": { type: "string" },
  shard: { type: "string" },
  previous: { type: "string" },
  "previous-force": { type: "boolean" },
  "previous-optional": { type: "boolean" },
  "no-previous": { type: "boolean" },
  full: { type: "boolean" },
  strict: { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
  verbose: { type: "boolean" },
  json: { type: "boolean" },
  project: { type: "string", multiple: true },
  yes: { type: "boolean", short: "y" },
  "include-failing": { type: "boolean" },
  force: { type: "boolean" },
  "site-url": { type: "string" },
  catalog: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

/** The options given, by name. */
export type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"];

/** What a command is given: the options, and the words after the command's name. */
export interface CommandArgs {
  flags: Flags;
  rest: string[];
}

/** `--shard I/N`, checked; undefined when not given. */
export function shardOf(flags: Flags): Shard | undefined {
  const value = flags.shard;
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(
      `--shard expects I/N with 1 <= I <= N, e.g. --shard 2/4, found '${value}'`,
    );
  }
  return { index, count };
}

/** Refuses words after a command that takes none. */
export function noPositionals(command: string, rest: readonly string[]): void {
  if (rest.length > 0)
    throw new UsageError(
      `${command} takes no arguments, found '${rest[0]}'. Use --help to see the options`,
    );
}

/** What a command prints for people: nothing with --quiet or --json (stdout then holds JSON). */
export function sayer(
  flags: Flags,
  stdout: { write(text: string): unknown },
): (text: string) => void {
  return (text) => {
    if (!flags.quiet && !flags.json) stdout.write(`${text}\n`);
  };
}

/**
 * The site's options with `--catalog DIR` (relative to the working folder) in place of the
 * config's `site.catalog`, and their locales' catalogs loaded and checked: a broken catalog stops
 * the command before any request or any file is written (exit 2). What is not broken but worth
 * knowing (messages still in English, obsolete ones) is a note on stderr, a line each.
 */
export function siteWithCatalog(site: SiteOptions, flags: Flags, io: Io): SiteOptions {
  const withFlag = flags.catalog
    ? { ...site, catalog: resolve(io.cwd ?? process.cwd(), flags.catalog) }
    : site;
  tellNotes(catalogNotes(loadSiteLocales(withFlag)), flags, io);
  return withFlag;
}

/** Notes on stderr, unless --quiet. */
export function tellNotes(notes: Iterable<string>, flags: Flags, io: Pick<Io, "stderr">): void {
  if (!flags.quiet) for (const note of notes) io.stderr.write(`note ${note}\n`);
}
