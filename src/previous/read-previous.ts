import type { Config } from "../config/load-config.js";
import type { PreviousSite } from "./previous-site.js";
import type { PreviousOptions } from "./site-files.js";

// What a run reads of the runs before it: the previously published site (its history and
// snapshot), or for `crawl --previous` a snapshot file.

/**
 * Reads the previous site at `location` (a URL or a folder), or nothing when there is none to
 * read. The caller closes it (its snapshot is a temporary file) once the run no longer reads it.
 */
export async function readPreviousSite(
  location: string | undefined,
  config: Pick<Config, "crawl" | "history" | "baseUrl">,
  options: Pick<PreviousOptions, "force" | "optional" | "signal" | "setting"> & {
    /** A line of warning (a part of the site that could not be read), or of note (a first run). */
    warn?: (line: string) => void;
  },
): Promise<PreviousSite | undefined> {
  if (!location) return undefined;
  const { loadPreviousSite } = await import("./previous-site.js");
  let previous: PreviousSite;
  try {
    const { crawl, history, baseUrl } = config;
    previous = await loadPreviousSite(location, {
      ...options,
      crawl,
      maxBytes: history.maxBytes,
      baseUrl,
    });
  } catch (error) {
    // A read cut short because the run was stopped fails as the stop, not as the site.
    options.signal?.throwIfAborted();
    throw error;
  }
  for (const note of previous.notes) options.warn?.(`note ${note}`);
  for (const warning of previous.warnings) options.warn?.(`warning ${warning}`);
  return previous;
}

/** Whether `crawl --previous` names a snapshot file rather than a site. */
export function isSnapshotFile(location: string): boolean {
  return !/^https?:\/\//i.test(location) && /\.json(\.gz)?$/.test(location);
}
