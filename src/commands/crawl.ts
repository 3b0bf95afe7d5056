import { join } from "node:path";
import { loadConfig } from "../config/load-config.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { build } from "../pipeline/build.js";
import { DEFAULT_CONFIG, DEFAULT_OUT, noPositionals, sayer, shardOf, tellNotes } from "./flags.js";
import type { CommandArgs } from "./flags.js";
import { printSummary } from "./json-summary.js";
import { crawlReport } from "./report.js";

/** `crawl`: crawl and validate, write the snapshot file (a shard of it with --shard). */
export async function crawlCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("crawl", rest);
  const config = await loadConfig(flags.config ?? DEFAULT_CONFIG, {
    env: io.env,
    baseUrl: flags["base-url"],
  });
  tellNotes(config.notes, flags, io);
  const shard = shardOf(flags);
  const file = flags.snapshot ?? join(flags.out ?? DEFAULT_OUT, "data", "snapshot.json");
  const report = crawlReport("crawl", config, flags, io);
  const { code } = await build(config, {
    snapshot: file,
    previous: flags.previous,
    previousForce: flags["previous-force"],
    previousOptional: flags["previous-optional"],
    full: flags.full,
    strict: flags.strict,
    shard,
    now: io.now,
    warn: (line) => io.stderr.write(`${line}\n`),
    onProgress: report.onProgress,
    onCrawled: report.onCrawled,
    signal: io.signal,
  });
  if (code === ExitCode.unusable) return code;
  sayer(flags, io.stdout)(`snapshot written to ${file}`);
  const summary = report.summary();
  if (summary) printSummary(io.stdout, { ...summary, snapshot: file });
  return code;
}
