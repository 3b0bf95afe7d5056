import { basename, dirname, join, resolve } from "node:path";
import type { Config } from "../config/load-config.js";
import { carryForward } from "../previous/carry-forward.js";
import { covers, type Triple } from "../config/triple.js";
import type { PreviousSite } from "../previous/previous-site.js";
import { mergeHistory, type HistoryRun } from "../history/merge-run.js";
import { nameRemovals } from "./removal-names.js";
import { madeTemp, removeDeadTemps, tempName } from "../output/temp-files.js";
import { openSnapshot } from "../snapshot/read-snapshot.js";
import { heardStop } from "../model/heard-stop.js";
import type { SnapshotHeader } from "../snapshot/schema.js";
import type { SnapshotSpool } from "../snapshot/spool.js";
import type { RenderedSite } from "../render/render-site.js";

// The site steps of `build` and `render --previous`, at any size: the run's entries wait in a
// spool beside the output folder; the last known good data is put into those that need it, the
// spool is written as a snapshot file, the history merges it (read once, streamed) and the site is
// rendered from it (streamed); the file becomes the site's data/snapshot.json.gz (copied). Memory
// holds neither the records nor the entries.

/**
 * `.out.snapshot-<pid>-<hex>.json` beside `out/`: where the spool and snapshot of a run that
 * renders the site go before the site is rendered.
 */
export async function spoolFileBeside(out: string): Promise<string> {
  const target = resolve(out);
  const prefix = `.${basename(target)}.snapshot-`;
  // What a killed run left (its snapshot, or the spool beside it) is removed; a running one's is
  // not.
  await removeDeadTemps(dirname(target), prefix, /^\.json(\.tmp-\d+-[0-9a-f]+)?$/);
  return madeTemp(join(dirname(target), `${tempName(prefix)}.json`));
}

/**
 * What the site steps did: the files written, their bytes, what the budget left out, and the run
 * merged into the history.
 */
export interface SiteResult extends RenderedSite {
  history: HistoryRun;
  /** Last known good data of the previous site that was dropped, one line each. */
  warnings: string[];
}

/**
 * Carries last known good data into the spooled entries (in `order`) that need it, writes the
 * snapshot to the spool's file (closing the spool), merges it into the history and renders the
 * site from the file. The caller removes the file.
 */
export async function publishSite(
  spool: SnapshotSpool,
  order: Uint32Array,
  header: SnapshotHeader,
  file: string,
  out: string,
  config: Pick<Config, "history" | "site"> & Partial<Pick<Config, "translations">>,
  previous: PreviousSite | undefined,
  options: { strict?: boolean; signal?: AbortSignal } = {},
): Promise<SiteResult> {
  // Only the previous entries of this run's unusable triples are kept (a few, not the previous
  // snapshot); those under its failed scopes are streamed into the spool.
  // Each step below is one synchronous pass over every entry: the event loop turns between them,
  // so a stop (a signal) is heard there.
  const carry = carryForward(spool, order, previous?.snapshot, header, {
    staleDays: config.history.staleDays,
    strict: options.strict,
  });
  await heardStop(options.signal);
  spool.write(header, carry.order);
  spool.close();
  await heardStop(options.signal);
  const source = openSnapshot(file);
  const history = mergeHistory(source.header, source.entries(), previous?.history, config);
  nameRemovals(history, previous?.snapshot);
  await heardStop(options.signal);
  const { renderSite } = await import("../render/render-site.js");
  const { translations } = config;
  const site = await renderSite(source, out, config.site, history.history, undefined, {
    signal: options.signal,
    removed: {
      keepRemovedDays: config.history.keepRemovedDays,
      inRun: history.changes?.removed.length ?? 0,
      // Without the config (render --previous of a bare snapshot) the reason is not known.
      ...(translations
        ? { tracked: (t: Triple) => translations.some((pattern) => covers(pattern, t)) }
        : {}),
    },
  });
  return { ...site, history, warnings: carry.warnings };
}
