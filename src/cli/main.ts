import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { SpooledRun } from "../pipeline/spooled-run.js";
import { loadConfig, type Config } from "../config/load-config.js";
import type { Shard } from "../model/shard.js";
import {
  ExitCode,
  Stopped,
  UsageError,
  UserError,
  messageOf,
  type ExitCodeValue,
} from "../model/errors.js";
import { doneTemp, sweepTempFolder } from "../output/temp-files.js";
import { countEntries, exitCodeFor, exitCodeOf } from "../snapshot/snapshot.js";
import { writeSnapshot } from "../snapshot/snapshot-file.js";
import {
  openSnapshot,
  readSnapshot,
  snapshotSource,
  type SnapshotSource,
} from "../snapshot/read-snapshot.js";
import { mergeSnapshots } from "../snapshot/merge-snapshots.js";
import { fileIsGzip, resolveSnapshotPath, withPlainSnapshot } from "../snapshot/packed-snapshot.js";
import { sanitizeText } from "../text/sanitize.js";
import { recoverOutDirAtStart } from "../output/out-dir.js";
import { assertReplaceable, checkOutDirBeforeCrawl } from "../output/out-guard.js";
import { crawlSummary, errorSummary, printSummary } from "./json-summary.js";
import { VERSION } from "../model/version.js";
import { crawlOptionsSchema, historyOptionsSchema, siteOptionsSchema } from "../config/schema.js";
import type { PreviousSite } from "../history/previous-site.js";
import { DEFAULT_CONFIG, DEFAULT_OUT, HELP } from "./help.js";
import type { Io } from "./io.js";
import { historyLine, reportProblems, summaryLine } from "./report.js";

export { DEFAULT_CONFIG, DEFAULT_OUT } from "./help.js";
export type { Io } from "./io.js";
export { summaryLine } from "./report.js";

/** Runs one command line; returns the exit code. Never throws for user errors. */
export async function main(argv: readonly string[], io: Io): Promise<ExitCodeValue> {
  // What the run leaves to remove however it ends: the previous site's temporary snapshot.
  const closers: Closers = [];
  const state: RunState = { published: false };
  try {
    return await run(argv, io, closers, state);
  } catch (error) {
    // Stopped from outside: whatever the run was doing failed because of it, and says so as that.
    const stopped =
      error instanceof Stopped
        ? error
        : io.signal?.aborted && io.signal.reason instanceof Stopped
          ? io.signal.reason
          : undefined;
    if (stopped) {
      // After the clean-up below, which removes what the run made.
      closers.push(
        async () =>
          void io.stderr.write(
            `l10n-snapshot: ${stopped.message}; ${state.published ? "the new site was already in place" : "nothing was published, and its temporary files were removed"}\n`,
          ),
      );
      return stopped.exitCode;
    }
    if (error instanceof UserError) {
      io.stderr.write(`l10n-snapshot: ${sanitizeText(error.message)}\n`);
      if (argv.includes("--json"))
        printSummary(io.stdout, errorSummary(argv, error.exitCode, error.message));
      return error.exitCode;
    }
    io.stderr.write(
      `l10n-snapshot: internal error: ${sanitizeText(messageOf(error))}${io.env.DEBUG ? `\n${(error as Error).stack}` : " (set DEBUG=1 for details)"}\n`,
    );
    return ExitCode.unusable;
  } finally {
    for (const close of closers) await close().catch(() => undefined);
  }
}

type Closers = (() => Promise<void>)[];
/** What main tells a stopped run's last line: whether the new site had been put in place. */
interface RunState {
  published: boolean;
}

async function run(
  argv: readonly string[],
  io: Io,
  closers: Closers,
  state: RunState,
): Promise<ExitCodeValue> {
  const signal = io.signal;
  const { values, positionals } = parse(argv);
  if (values.help) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  if (values.version) {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.ok;
  }
  const [command, ...rest] = positionals;
  const out = values.out ?? DEFAULT_OUT;
  const say = (text: string) => {
    if (!values.quiet && !values.json) io.stdout.write(`${text}\n`);
  };
  switch (command) {
    case "crawl":
    case "build": {
      noPositionals(command, rest);
      if (values.shard && command === "build")
        throw new UsageError(
          "--shard goes with crawl; build needs every shard (use merge, then render)",
        );
      const config = await loadConfig(values.config ?? DEFAULT_CONFIG, {
        env: io.env,
        baseUrl: values["base-url"],
      });
      if (command === "build") {
        await recoverOutDirAtStart(resolve(out));
        await checkOutDirBeforeCrawl(out, io.cwd ?? process.cwd());
      }
      // What older runs of this tool left in the temporary folder (a killed run's copies).
      await sweepTempFolder();
      const shard = values.shard ? parseShard(values.shard) : undefined;
      // Read before crawling: a previous site of another config stops the run before any request.
      const previous =
        command === "build"
          ? await loadPrevious(
              values["no-previous"] ? undefined : (values.previous ?? config.site.url),
              config,
              values,
              io,
              closers,
            )
          : undefined;
      // The incremental crawl: build reuses the previous site's snapshot; crawl reads --previous (a
      // site or a snapshot file).
      const before =
        values.full || shard
          ? undefined
          : command === "build"
            ? previous?.snapshot
            : await previousSnapshot(values.previous, config, values, io, closers);
      const file = values.snapshot ?? join(out, "data", "snapshot.json");
      // Both spool each record to disk as it is validated (memory stays flat at any size); `build`
      // into a file beside the output folder, rendered from there.
      const { buildSnapshotFile, renderSpooled } = await import("../pipeline/build-site.js");
      const spoolTo = command === "crawl" ? file : await buildSnapshotFile(out);
      if (command === "build")
        closers.push(async () => {
          await rm(spoolTo, { force: true });
          doneTemp(spoolTo);
        });
      signal?.throwIfAborted();
      const result = await crawlWithProgress(config, io, {
        strict: values.strict,
        shard,
        quiet: values.quiet,
        previous: before,
        spoolTo,
        shown: command === "crawl" ? file : `the site to ${out}`,
      });
      // The spool is removed however this ends (after writing, removing it again does nothing).
      try {
        signal?.throwIfAborted();
        reportProblems(result.problems(), io, values);
        let code = exitCodeOf(result.counts);
        if (shard && result.counts.total === 0) code = ExitCode.ok;
        say(summaryLine(result));
        // Made now: its list of problems is read back from the spool, which writing removes.
        const summary = values.json ? crawlSummary(command, result, code, {}) : undefined;
        if (summary && code === ExitCode.unusable) printSummary(io.stdout, summary);
        if (code === ExitCode.unusable) {
          result.discard();
          io.stderr.write(
            "l10n-snapshot: nothing usable: every translation failed or was invalid; the previous output was left as it was\n",
          );
          return code;
        }
        if (command === "crawl") {
          result.write();
          say(`snapshot written to ${file}`);
          if (summary) printSummary(io.stdout, { ...summary, snapshot: file });
        } else {
          signal?.throwIfAborted();
          const site = await renderSpooled(result, spoolTo, out, config, previous, {
            strict: values.strict,
            signal,
          });
          state.published = true;
          for (const warning of site.warnings) io.stderr.write(`warning ${warning}\n`);
          say(`site written to ${out}/ (${site.files} files); open ${join(out, "index.html")}`);
          say(historyLine(site.history));
          if (summary) printSummary(io.stdout, { ...summary, out, files: site.files });
        }
        // Stopped while the last lines were written (stdout closed): said as such, with its code.
        signal?.throwIfAborted();
        return code;
      } finally {
        result.discard();
      }
    }
    case "render": {
      noPositionals(command, rest);
      // Before anything can fail: a site a killed run left moved aside is put back.
      await recoverOutDirAtStart(resolve(out));
      await assertReplaceable(out, io.cwd ?? process.cwd());
      // A site's snapshot is compressed (data/snapshot.json.gz): resolveSnapshotPath finds it for
      // the default path.
      const snapshotFile = resolveSnapshotPath(
        values.snapshot ?? join(out, "data", "snapshot.json"),
      );
      // The config gives the site's options; the default one is used when it is there, as for
      // build.
      const configFile =
        values.config ??
        (existsSync(resolve(io.cwd ?? process.cwd(), DEFAULT_CONFIG))
          ? resolve(io.cwd ?? process.cwd(), DEFAULT_CONFIG)
          : undefined);
      const config = configFile ? await loadConfig(configFile, { env: {} }) : undefined;
      const { renderSite } = await import("../render/render-site.js");
      // Rendering allocates fast and keeps little, as crawling does (heap-growth.ts).
      (await import("./heap-growth.js")).boundHeapGrowth();
      if (values.previous) {
        // With history: the whole snapshot, so failed entries can carry their last known good data.
        const snapshot = readSnapshot(snapshotFile);
        const options = config ?? {
          site: siteOptionsSchema.parse({}),
          history: historyOptionsSchema.parse({}),
          crawl: crawlOptionsSchema.parse({}),
        };
        const previous = await loadPrevious(
          values.previous,
          { ...options, baseUrl: snapshot.source.baseUrl },
          values,
          io,
          closers,
        );
        const { applyHistory } = await import("../history/run-history.js");
        const run = applyHistory(snapshot, previous, options);
        for (const warning of run.warnings) io.stderr.write(`warning ${warning}\n`);
        const site = await renderSite(snapshotSource(run.snapshot), out, options.site, run.history);
        say(`site written to ${out}/ (${site.files} files); open ${join(out, "index.html")}`);
        say(historyLine(run));
        return ExitCode.ok;
      }
      // Streamed from a plain file: a compressed one is unpacked to a temporary file first, and
      // copied into the site as it is.
      const site = await withPlainSnapshot(snapshotFile, async (file, packed) => {
        const source = openSnapshot(file);
        return renderSite(
          packed ? { ...source, text: { copyFrom: packed } } : source,
          out,
          config?.site,
        );
      });
      say(`site written to ${out}/ (${site.files} files); open ${join(out, "index.html")}`);
      return ExitCode.ok;
    }
    case "merge": {
      if (rest.length === 0)
        throw new UsageError(
          "merge needs the shard snapshots to join: l10n-snapshot merge a.json b.json --snapshot all.json",
        );
      if (!values.snapshot)
        throw new UsageError("merge needs --snapshot FILE: where to write the joined snapshot");
      const parts = rest.map((file) => ({ file, snapshot: readSnapshot(file) }));
      const merged = mergeSnapshots(parts);
      await writeSnapshot(values.snapshot, merged);
      const counts = countEntries(merged.translations);
      say(
        `merged ${parts.length} snapshots: ${counts.total} translations (ok ${counts.ok}, invalid ${counts.invalid}, failed ${counts.failed}) into ${values.snapshot}`,
      );
      return exitCodeFor(merged);
    }
    case "check": {
      noPositionals(command, rest);
      const { checkCommand } = await import("../check/check-command.js");
      // With --json the offender lines (and annotations) go to stderr; stdout holds the one JSON
      // line.
      const checkIo = values.json ? { ...io, stdout: io.stderr } : io;
      const checked = await checkCommand(
        {
          config: values.config ?? DEFAULT_CONFIG,
          snapshot: resolveSnapshotPath(values.snapshot ?? join(out, "data", "snapshot.json")),
          previous: values.previous,
          previousForce: values["previous-force"],
          previousOptional: values["previous-optional"],
        },
        checkIo,
      );
      if (values.json)
        printSummary(io.stdout, { command: "check", exitCode: checked.code, ...checked.result });
      return checked.code;
    }
    case "init": {
      noPositionals(command, rest);
      const { runInit, nextSteps } = await import("../init/init.js");
      const stdin = io.stdin?.isTTY ? io.stdin : undefined;
      const summary = await runInit({
        baseUrl: values["base-url"],
        projects: values.project ?? [],
        yes: values.yes ?? false,
        siteUrl: values["site-url"],
        force: values.force ?? false,
        configFile: values.config ?? DEFAULT_CONFIG,
        cwd: io.cwd ?? process.cwd(),
        env: io.env,
        stderr: io.stderr,
        prompt: stdin ? { input: stdin, output: io.stderr } : undefined,
      });
      say(nextSteps(summary).trimEnd());
      if (values.json) printSummary(io.stdout, { ...summary, exitCode: ExitCode.ok });
      return ExitCode.ok;
    }
    case undefined:
      throw new UsageError("no command given. Use --help to see the commands");
    default:
      throw new UsageError(`unknown command '${command}'. Use --help to see the commands`);
  }
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
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
        force: { type: "boolean" },
        "site-url": { type: "string" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
    });
  } catch (error) {
    const message = messageOf(error)
      .split("\n")[0]!
      .replace(/\. To specify a positional argument.*$/, "");
    throw new UsageError(`${message}. Use --help to see the options`);
  }
}

function noPositionals(command: string, rest: string[]): void {
  if (rest.length > 0)
    throw new UsageError(
      `${command} takes no arguments, found '${rest[0]}'. Use --help to see the options`,
    );
}

function parseShard(value: string): Shard {
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

/**
 * `crawl --previous`: a snapshot file, or a published site (URL or folder) whose
 * data/snapshot.json.gz (or older data/snapshot.json) is read.
 */
async function previousSnapshot(
  location: string | undefined,
  config: Config,
  flags: { "previous-force"?: boolean; "previous-optional"?: boolean; quiet?: boolean },
  io: Io,
  closers: Closers,
): Promise<SnapshotSource | undefined> {
  if (!location) return undefined;
  // A file is streamed: memory keeps sums per project, not the previous records.
  if (!/^https?:\/\//i.test(location) && /\.json(\.gz)?$/.test(location)) {
    // A compressed file (a site's data/snapshot.json.gz, found for its plain name too) is read
    // whole, as a previous site's snapshot is.
    const file = resolveSnapshotPath(location);
    return fileIsGzip(file) ? snapshotSource(readSnapshot(file)) : openSnapshot(file);
  }
  return (await loadPrevious(location, config, flags, io, closers))?.snapshot;
}

async function crawlWithProgress(
  config: Config,
  io: Io,
  options: {
    strict?: boolean;
    shard?: Shard;
    quiet?: boolean;
    previous?: SnapshotSource;
    spoolTo: string;
    shown: string;
  },
): Promise<SpooledRun> {
  const progress = io.stderr.isTTY && !options.quiet;
  // Loaded only for the commands that crawl: `render` and `merge` start faster without the HTTP
  // stack.
  const { crawlToSpool } = await import("../pipeline/spooled-run.js");
  const { boundHeapGrowth } = await import("./heap-growth.js");
  boundHeapGrowth();
  const result = await crawlToSpool(config, options.spoolTo, {
    signal: io.signal,
    shown: options.shown,
    strict: options.strict,
    shard: options.shard,
    previous: options.previous,
    now: io.now,
    onProgress: progress
      ? (settled, requests) =>
          io.stderr.write(
            `\rcrawling ${config.baseUrl}: ${settled} translations, ${requests} requests`,
          )
      : undefined,
  });
  if (progress) io.stderr.write("\r\u001b[K");
  return result;
}

/** Reads the previous site (warnings on stderr), or nothing when there is none to read. */
async function loadPrevious(
  location: string | undefined,
  config: Pick<Config, "crawl" | "history" | "baseUrl">,
  flags: { "previous-force"?: boolean; "previous-optional"?: boolean; quiet?: boolean },
  io: Io,
  closers: Closers,
): Promise<PreviousSite | undefined> {
  if (!location) return undefined;
  const { loadPreviousSite } = await import("../history/previous-site.js");
  const previous = await loadPreviousSite(location, {
    crawl: config.crawl,
    maxBytes: config.history.maxBytes,
    baseUrl: config.baseUrl,
    force: flags["previous-force"],
    optional: flags["previous-optional"],
    signal: io.signal,
  });
  closers.push(previous.close);
  for (const warning of previous.warnings) io.stderr.write(`warning ${warning}\n`);
  return previous;
}
