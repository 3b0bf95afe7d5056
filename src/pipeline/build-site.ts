import { randomBytes } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { Config } from "../config/load-config.js";
import { doneTemp, madeTemp, ownerAlive } from "../output/temp-files.js";
import { carrier, type CarryOptions } from "../history/carry-forward.js";
import type { PreviousSite } from "../history/previous-site.js";
import { mergeHistory, type HistoryRun } from "../history/run-history.js";
import { openSnapshot, type SnapshotSource } from "../snapshot/read-snapshot.js";
import type { SpooledRun } from "./spooled-run.js";

// `build` at any size: the crawl is spooled into a snapshot file beside the output folder (as
// `crawl` spools into its own), the last known good data is put into the spooled entries that
// need it, and the site is rendered from that file, streamed; the file then becomes the site's
// data/snapshot.json (copied) and is removed. Memory holds neither the records nor the entries.

/**
 * `.out.snapshot-<pid>-<hex>.json` beside `out/`: where build's crawl goes before the site is
 * rendered.
 */
export async function buildSnapshotFile(out: string): Promise<string> {
  const target = resolve(out);
  const prefix = `.${basename(target)}.snapshot-`;
  // What a killed build left (its snapshot, or the spool beside it) is removed; a running build's
  // is not.
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = /^(\d+)-[0-9a-f]+\.json(\.tmp-\d+-[0-9a-f]+)?$/.exec(
      name.startsWith(prefix) ? name.slice(prefix.length) : "",
    )?.[1];
    const path = join(dirname(target), name);
    if (pid !== undefined && !ownerAlive(Number(pid), path))
      await rm(path, { force: true }).catch(() => undefined);
  }
  return madeTemp(
    join(dirname(target), `${prefix}${process.pid}-${randomBytes(4).toString("hex")}.json`),
  );
}

/**
 * Writes the spooled run to `file` with the last known good data carried forward, merges it into
 * the history and renders the site from the file; the file is removed after, rendered or not.
 */
export async function renderSpooled(
  run: SpooledRun,
  file: string,
  out: string,
  config: Config,
  previous: PreviousSite | undefined,
  options: { strict?: boolean; signal?: AbortSignal } = {},
): Promise<{
  files: number;
  history: Omit<HistoryRun, "snapshot" | "warnings">;
  warnings: string[];
}> {
  try {
    const { carried, warnings } = previous?.snapshot
      ? carryInto(run, previous.snapshot, {
          staleDays: config.history.staleDays,
          strict: options.strict,
        })
      : { carried: 0, warnings: [] };
    run.write();
    const source = openSnapshot(file);
    const history = { ...mergeHistory(source.header, source.entries(), previous, config), carried };
    const { renderSite } = await import("../render/render-site.js");
    options.signal?.throwIfAborted();
    const site = await renderSite(source, out, config.site, history.history, {
      signal: options.signal,
    });
    return { files: site.files, history, warnings };
  } finally {
    run.discard();
    await rm(file, { force: true });
    doneTemp(file);
  }
}

/**
 * The carry step on a spooled run: its failed entries get their last known good data, and the
 * previous entries under its failed scopes are added (carry-forward.ts). Only the previous
 * entries of this run's unusable triples are held: a few, not the previous snapshot.
 */
function carryInto(
  run: SpooledRun,
  previous: SnapshotSource,
  options: CarryOptions,
): { carried: number; warnings: string[] } {
  const carry = carrier(
    previous,
    { header: run.header, triples: run.triples(), failedScopes: run.failedScopes() },
    options,
  );
  let carried = run.update((entry) => carry.update(entry));
  run.add(
    (function* () {
      for (const entry of carry.scoped()) {
        if (entry.carried) carried += 1;
        yield entry;
      }
    })(),
  );
  return { carried, warnings: carry.warnings };
}
