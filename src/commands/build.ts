import type { SiteResult } from "../pipeline/site-step.js";
import { loadConfig, type Config } from "../config/load-config.js";
import {
  ExitCode,
  UsageError,
  stoppedAfterPublishing,
  type ExitCodeValue,
} from "../model/errors.js";
import type { Io } from "../model/io.js";
import { build, type BuildResult } from "../pipeline/build.js";
import {
  DEFAULT_CONFIG,
  DEFAULT_OUT,
  noPositionals,
  sayer,
  siteWithCatalog,
  tellNotes,
  type CommandArgs,
  type Flags,
} from "./flags.js";
import { printSummary, tallyFields, type CommandSummary } from "./json-summary.js";
import { crawlReport, removalLines, tellWritten } from "./report.js";
import { covers } from "../config/triple.js";
import { keyParts } from "../render/model/changes-view.js";

/**
 * `build`: crawl, validate and render the site into --out, with the previous site's history and
 * last known good data.
 */
export async function buildCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("build", rest);
  if (flags.shard)
    throw new UsageError(
      "--shard goes with crawl; build needs every shard (use merge, then render)",
    );
  const loaded = await loadConfig(flags.config ?? DEFAULT_CONFIG, {
    env: io.env,
    baseUrl: flags["base-url"],
  });
  // The catalogs are checked before the crawl: a broken one costs no request.
  const config = { ...loaded, site: siteWithCatalog(loaded.site, flags, io) };
  tellNotes(config.notes, flags, io);
  const out = flags.out ?? DEFAULT_OUT;
  const report = crawlReport("build", config, flags, io);
  const { code, site, summary } = await build(config, {
    out,
    previous: flags["no-previous"] ? undefined : (flags.previous ?? config.site.url),
    previousForce: flags["previous-force"],
    previousOptional: flags["previous-optional"],
    previousSetting: flags.previous === undefined ? '"site.url"' : "--previous",
    full: flags.full,
    strict: flags.strict,
    now: io.now,
    cwd: io.cwd,
    warn: (line) => io.stderr.write(`${line}\n`),
    onProgress: report.onProgress,
    onCrawled: report.onCrawled,
    signal: io.signal,
  });
  if (code === ExitCode.unusable || !site) return code;
  tellSite(site, summary, { config, flags, io, out, exitCode: code, json: report.summary() });
  // Stopped while its last lines were written (stdout closed): said as such, with its code. A
  // closed pipe answers a write on a later turn of the loop: the site's lines come after it is
  // published, so that answer is waited for here.
  await new Promise((resolve) => setImmediate(resolve));
  if (io.signal?.aborted) throw stoppedAfterPublishing(io.signal);
  return code;
}

/** What a build that wrote its site says: warnings, the budget, its lines and --json. */
function tellSite(
  site: SiteResult,
  crawled: BuildResult["summary"],
  run: {
    config: Config;
    flags: Flags;
    io: Io;
    out: string;
    exitCode: ExitCodeValue;
    json: CommandSummary | undefined;
  },
): void {
  const { config, flags, io, out } = run;
  const say = sayer(flags, io.stdout);
  // One tally of the run (model/tally.ts), the site's: the line, --json and the Action say it.
  tellWritten(site, out, io, say, crawled);
  const tracked = (key: string) =>
    config.translations.some((pattern) => covers(pattern, keyParts(key)));
  for (const line of removalLines(site.history, tracked)) say(line);
  if (run.json)
    printSummary(io.stdout, {
      ...run.json,
      ...tallyFields(site.tally),
      exitCode: run.exitCode,
      out,
      files: site.files,
      // The site's size against its budget (docs/site.md, "A site that fits its host").
      bytes: site.bytes,
      maxBytes: site.budget.maxBytes,
      leftOut: site.budget.leftOut.map((l) => l.step.name),
    });
}
