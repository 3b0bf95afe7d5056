import { WILDCARD, type Triple } from "../config/triple.js";
import { sanitizeText } from "../text/sanitize.js";
import { SiteClaims } from "./site-claims.js";

/** What of a snapshot entry saying it cannot be published takes: its status, errors, record. */
interface Marked {
  status: string;
  errors: { path: string; message: string }[];
  record?: unknown;
}

/** The problem path of an entry that cannot be put on the site. */
export const SITE_PROBLEM_PATH = "(site)";

/**
 * An entry whose files collide with the site's own or with another's (a language code
 * `index.html`, a component path that is another's translation), as an invalid one saying why,
 * once: the crawl marks it so (the snapshot and the exit code say so), and the renderer, which
 * finds the same in the same order, keeps it off the site.
 */
export function unpublishable<E extends Marked>(
  entry: E,
  why: string,
): Omit<E, "record"> & Pick<Marked, "errors"> & { status: "invalid" } {
  const { record: _record, ...rest } = entry;
  const said = entry.errors.some((e) => e.path === SITE_PROBLEM_PATH);
  return {
    ...rest,
    status: "invalid",
    errors: said
      ? entry.errors
      : [...entry.errors, { path: SITE_PROBLEM_PATH, message: sanitizeText(why) }],
  };
}

/**
 * The site's claims (site-claims.ts) for entries that come sorted by project, holding one
 * project's files at a time: 100,000 translations' claims took some 45 MB at the end of a crawl.
 *
 * Why the answers are the same as one SiteClaims over every entry: a project's component and
 * translation files lie under `P/` and `badges/P/` (P its slug as a file name, never holding a
 * "/"), and `languages/L/index.html`, whose owner is the language whatever the project. A file of
 * another project Q can be in their way only through Q's own files `badges/Q.svg` and
 * `badges/Q.json` (the folder `badges/P` when P is "Q.svg"), and such a Q sorts before P (it is a
 * prefix of it). So the claims of earlier projects that matter later are their project files:
 * those stay in `projects` for the rest of the run, the rest goes with the project.
 */
export class PublishableClaims {
  /** The site's own files and each project's files once one of its entries had its files. */
  private readonly projects = new SiteClaims();
  private current: { project: string; claims: SiteClaims; claimed: boolean } | undefined;

  /**
   * Why the entry's files cannot be had, or undefined when they are now its. Entries must come
   * sorted by project.
   */
  claim(entry: Triple): string | undefined {
    if (this.current?.project !== entry.project) {
      this.endProject();
      this.current = {
        project: entry.project,
        claims: new SiteClaims({ base: this.projects }),
        claimed: false,
      };
    }
    const clash = this.current.claims.claim(entry);
    if (clash === undefined) this.current.claimed = true;
    return clash;
  }

  private endProject(): void {
    // Checked against the same claims and more just now: this cannot clash.
    if (this.current?.claimed)
      this.projects.claim({
        project: this.current.project,
        component: WILDCARD,
        language: WILDCARD,
      });
  }
}
