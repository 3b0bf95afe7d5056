import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig } from "../config/load-config.js";
import { crawlOptionsSchema, historyOptionsSchema, siteOptionsSchema } from "../config/schema.js";
import { tallyExitCode } from "../model/tally.js";
import { ExitCode, type ExitCodeValue } from "../model/errors.js";
import type { Io } from "../model/io.js";
import { recoverOutDirAtStart } from "../output/out-dir.js";
import { assertReplaceable } from "../output/out-guard.js";
import { renderSnapshotFile, renderWithHistory } from "../pipeline/render.js";
import { resolveSnapshotPath } from "../snapshot/packed-snapshot.js";
import {
  DEFAULT_CONFIG,
  DEFAULT_OUT,
  noPositionals,
  sayer,
  siteWithCatalog,
  type CommandArgs,
} from "./flags.js";
import { tellWritten } from "./report.js";

/**
 * `render`: a snapshot to the site, no network; with --previous, with the previous site's history
 * and last known good data, as `build` renders.
 */
export async function renderCommand({ flags, rest }: CommandArgs, io: Io): Promise<ExitCodeValue> {
  noPositionals("render", rest);
  const out = flags.out ?? DEFAULT_OUT;
  const cwd = io.cwd ?? process.cwd();
  // Before anything can fail: a site a killed run left moved aside is put back.
  await recoverOutDirAtStart(resolve(out));
  await assertReplaceable(out, cwd);
  // A site's snapshot is compressed (data/snapshot.json.gz): found for the default path too.
  const file = resolveSnapshotPath(flags.snapshot ?? join(out, "data", "snapshot.json"));
  // The config gives the site's options; the default one is used when it is there, as for build.
  const configFile =
    flags.config ??
    (existsSync(resolve(cwd, DEFAULT_CONFIG)) ? resolve(cwd, DEFAULT_CONFIG) : undefined);
  const loaded = configFile ? await loadConfig(configFile, { env: {} }) : undefined;
  // The catalogs are checked before anything is read or written.
  const site = siteWithCatalog(loaded?.site ?? siteOptionsSchema.parse({}), flags, io);
  const say = sayer(flags, io.stdout);
  if (flags.previous) {
    const written = await renderWithHistory(
      file,
      out,
      {
        site,
        history: loaded?.history ?? historyOptionsSchema.parse({}),
        crawl: loaded?.crawl ?? crawlOptionsSchema.parse({}),
      },
      {
        previous: flags.previous,
        previousForce: flags["previous-force"],
        previousOptional: flags["previous-optional"],
        warn: (line) => io.stderr.write(`${line}\n`),
        signal: io.signal,
      },
    );
    tellWritten(written, out, io, say);
    return tallyExitCode(written.tally);
  }
  tellWritten(await renderSnapshotFile(file, out, site, io.signal), out, io, say);
  return ExitCode.ok;
}
