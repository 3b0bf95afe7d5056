import type { Config } from "../config/load-config.js";
import type { PreviousSite } from "./previous-site.js";

// What a run reads of the runs before it: the previously published site (its history and
// snapshot), or for `crawl --previous` a snapshot file.

export interface PreviousOptions {
  /** Use a previous site built from another Weblate server. */
  force?: boolean;
  /** Go on without a site that cannot be read (a warning) instead of stopping. */
  optional?: boolean;
  /** The run's stop: the site's requests are aborted. */
  signal?: AbortSignal;
  /** A line of warning (a part of the site that could not be read), or of note (a first run). */
  warn?: (line: string) => void;
  /** Where the site's address was given, as hints name it: '"site.url"' or "--previous". */
  setting?: string;
}

/**
 * Reads the previous site at `location` (a URL or a folder), or nothing when there is none to
 * read. The caller closes it (its snapshot is a temporary file) once the run no longer reads it.
 */
export async function readPreviousSite(
  location: string | undefined,
  config: Pick<Config, "crawl" | "history" | "baseUrl">,
  options: PreviousOptions,
): Promise<PreviousSite | undefined> {
  if (!location) return undefined;
  const { loadPreviousSite } = await import("./previous-site.js");
  let previous: PreviousSite;
  try {
    previous = await loadPreviousSite(location, {
      crawl: config.crawl,
      maxBytes: config.history.maxBytes,
      baseUrl: config.baseUrl,
      force: options.force,
      optional: options.optional,
      signal: options.signal,
      setting: options.setting,
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
