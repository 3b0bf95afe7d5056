import { rm } from "node:fs/promises";
import type { Config } from "../config/load-config.js";
import type { SiteOptions } from "../config/schema.js";
import { openSnapshot } from "../snapshot/read-snapshot.js";
import { withPlainSnapshot } from "../snapshot/packed-snapshot.js";
import { SnapshotSpool } from "../snapshot/spool.js";
import { doneTemp } from "../output/temp-files.js";
import { heardStop } from "../model/heard-stop.js";
import type { PreviousSite } from "../previous/previous-site.js";
import type { RenderedSite } from "../render/render-site.js";
import type { BuildOptions } from "./build.js";
import { readPreviousSite } from "../previous/previous-site.js";
import { publishSite, spoolFileBeside, type SiteResult } from "./site-step.js";

// `render`: a snapshot file to a site, without the network. Plain, it is streamed straight into
// the renderer; with --previous it runs the last steps of `build` (last known good data, history,
// render) over the snapshot instead of a crawl.

/**
 * The snapshot `file` (a compressed one is unpacked to a temporary file first, and copied into the
 * site as it is) rendered into `out`.
 */
export async function renderSnapshotFile(
  file: string,
  out: string,
  site: SiteOptions | undefined,
  signal?: AbortSignal,
): Promise<RenderedSite> {
  const { renderSite } = await import("../render/render-site.js");
  return withPlainSnapshot(file, async (plain, packed) => {
    const source = openSnapshot(plain);
    const input = packed ? { ...source, text: { copyFrom: packed } } : source;
    // A stop (a signal) drops the site being written; the one in `out` stays as it was.
    return renderSite(input, out, site, undefined, undefined, { signal });
  });
}

/**
 * `render --previous`: the snapshot `file` rendered as `build` renders what it crawled, with the
 * previous site's last known good data and history. `config` gives the site's options.
 */
export async function renderWithHistory(
  file: string,
  out: string,
  config: Pick<Config, "crawl" | "history" | "site">,
  options: Pick<
    BuildOptions,
    "previous" | "previousForce" | "previousOptional" | "warn" | "signal"
  >,
): Promise<SiteResult> {
  // A compressed snapshot is unpacked to a temporary file and streamed, as without --previous:
  // read whole, 28,800 translations held 900 MB (a trial of issue 31).
  return withPlainSnapshot(file, (plain) => renderPlainWithHistory(plain, out, config, options));
}

async function renderPlainWithHistory(
  file: string,
  out: string,
  config: Parameters<typeof renderWithHistory>[2],
  options: Parameters<typeof renderWithHistory>[3],
): Promise<SiteResult> {
  let site: PreviousSite | undefined;
  const spooled = await spoolFileBeside(out);
  const spool = await SnapshotSpool.open(spooled, `the site to ${out}`);
  try {
    // The whole snapshot is read (and checked) first; then the previous site of its server.
    const source = openSnapshot(file);
    let count = 0;
    for (const entry of source.entries()) {
      spool.add(entry);
      if (++count % 4096 === 0) await heardStop(options.signal);
    }
    const { header } = source;
    site = await readPreviousSite(
      options.previous,
      { ...config, baseUrl: header.source.baseUrl },
      {
        force: options.previousForce,
        optional: options.previousOptional,
        warn: options.warn,
        // A stop while the previous site is read (its parts over HTTP) aborts the reading.
        signal: options.signal,
      },
    );
    options.signal?.throwIfAborted();
    // In the file's order: the site shows the snapshot as it is.
    const order = Uint32Array.from({ length: spool.size }, (_, n) => n);
    return await publishSite(spool, order, header, spooled, out, config, site);
  } finally {
    spool.close();
    await rm(spooled, { force: true });
    doneTemp(spooled);
    await site?.close().catch(() => undefined);
  }
}
