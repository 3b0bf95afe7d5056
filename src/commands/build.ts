import type { SiteResult } from "../pipeline/site-step.js";
import { loadConfig } from "../config/load-config.js";
import {
  ExitCode,
  UsageError,
  stoppedAfterPublishing,
  type ExitCodeValue,
} from "../model/errors.js";
import type { Io } from "../model/io.js";
import { build } from "../pipeline/build.js";
import {
  DEFAULT_CONFIG,
  DEFAULT_OUT,
  noPositionals,
  sayer,
  siteWithCatalog,
  type CommandArgs,
} from "./flags.js";
import { printSummary } from "./json-summary.js";
import { crawlReport, historyLine, tellBudget, writtenLine } from "./report.js";
import type { HistoryRun } from "../history/run-history.js";

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
  const note = (line: string) => void (flags.quiet || io.stderr.write(`note ${line}\n`));
  const config = {
    ...loaded,
    site: siteWithCatalog(loaded.site, flags, io.cwd ?? process.cwd(), note),
  };
  for (const note of config.notes) if (!flags.quiet) io.stderr.write(`note ${note}\n`);
  const out = flags.out ?? DEFAULT_OUT;
  const report = crawlReport("build", config, flags, io);
  const { code, site } = await build(config, {
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
  for (const warning of site.warnings) io.stderr.write(`warning ${warning}\n`);
  const say = sayer(flags, io.stdout);
  tellBudget(site, io);
  say(writtenLine(out, site));
  say(historyLine(site.history));
  const summary = report.summary();
  const { stale, removed } = siteCounts(site.history);
  // --strict: a translation shown with an earlier run's numbers is a failure of this run (it
  // always comes with one: its own request, its list or its project's probe failed).
  const exitCode = flags.strict && stale > 0 && code === ExitCode.ok ? ExitCode.partial : code;
  if (summary)
    printSummary(io.stdout, {
      ...summary,
      exitCode,
      stale,
      removed,
      out,
      files: site.files,
      ...budgetSummary(site),
    });
  // Stopped while its last lines were written (stdout closed): said as such, with its code.
  if (io.signal?.aborted) throw stoppedAfterPublishing(io.signal);
  return exitCode;
}

/**
 * What the published site shows besides this run's counts: `stale`, the translations shown with
 * last known good numbers (this run could not fetch them, or the list they are in); `removed`,
 * those this run recorded as removed from the server (once: a later run does not count them).
 */
export function siteCounts(run: Pick<HistoryRun, "carried" | "changes">): {
  stale: number;
  removed: number;
} {
  return { stale: run.carried, removed: run.changes?.removed.length ?? 0 };
}

/**
 * The site's size against its budget for scripts: `bytes` written, `maxBytes` (site.maxBytes),
 * and `leftOut`, the names of the drop steps taken (docs/site.md, "A site that fits its host").
 */
export function budgetSummary(site: Pick<SiteResult, "bytes" | "budget">): {
  bytes: number;
  maxBytes: number;
  leftOut: string[];
} {
  return {
    bytes: site.bytes,
    maxBytes: site.budget.maxBytes,
    leftOut: site.budget.leftOut.map((l) => l.step.name),
  };
}
