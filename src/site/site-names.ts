import { componentPathParts, WILDCARD, type Triple } from "../config/triple.js";
import { fileSegment } from "./site-paths.js";

// The names an entry gives the site's files, checked as the file systems a site is written to
// and checked out on take them: not longer than a file name may be with the longest suffix the
// site adds, not a name Windows keeps for a device, and not differing from another name of the
// site only in case (on a case-insensitive file system the two would be one file).

/** Longest file name most file systems take, in bytes. */
const MAX_NAME_BYTES = 255;

/**
 * The longest suffix the site adds to a name: a widget's JSON in another metric's variant
 * (render/pages/render-widgets.ts: `badges/p/c.strings.languages.json`).
 */
const LONGEST_SUFFIX = ".strings.languages.json";

/** The names Windows keeps for devices, with any extension ("con", "aux.svg", "LPT1"). */
const DEVICE_NAME =
  /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;

const isWildcard = (entry: Triple) => entry.component === WILDCARD || entry.language === WILDCARD;

/** Why an entry's names cannot be file names, or undefined. */
export function nameProblem(entry: Triple): string | undefined {
  // A wildcard's entry (a failed list) has its project's files only.
  const names = [entry.project];
  if (!isWildcard(entry)) names.push(...componentPathParts(entry.component), entry.language);
  for (const name of names) {
    const bytes = Buffer.byteLength(fileSegment(name)) + LONGEST_SUFFIX.length;
    if (bytes > MAX_NAME_BYTES)
      return (
        `a name is longer than a file name may be (${bytes} bytes once encoded, with the ` +
        `longest suffix the site adds; at most ${MAX_NAME_BYTES})`
      );
    if (DEVICE_NAME.test(name))
      return `"${name}" is a name Windows keeps for a device, which no file may have there`;
  }
  return undefined;
}

/**
 * The projects, components and languages of a site by their names folded to lower case: a name
 * that differs from one taken only in case is refused, the first one kept.
 */
export class CaseFolds {
  private readonly names = new Map<string, string>();
  /**
   * The first of the chain: a language's page (`languages/<code>/`) is the site's whatever the
   * project, so its name is kept there, past the claims of one project (publishable.ts).
   */
  private readonly root: CaseFolds;

  constructor(private readonly base?: CaseFolds) {
    this.root = base?.root ?? this;
  }

  /**
   * Why the entry's names clash with taken ones in case, or undefined; `componentTaken`: its
   * project's and component's are taken already (site-claims.ts).
   */
  problem(entry: Triple, componentTaken: boolean): string | undefined {
    for (const [kind, name] of this.namesOf(entry, componentTaken)) {
      const taken = this.taken(`${kind} ${name.toLowerCase()}`);
      if (taken !== undefined && taken !== name)
        return (
          `the ${kind} ${name} differs from the ${kind} ${taken} only in case: on a ` +
          "case-insensitive file system their files would be one"
        );
    }
    return undefined;
  }

  /** Takes the entry's names (once problem() found none). */
  take(entry: Triple, componentTaken: boolean): void {
    for (const [kind, name] of this.namesOf(entry, componentTaken))
      (kind === "language" ? this.root : this).names.set(`${kind} ${name.toLowerCase()}`, name);
  }

  clear(): void {
    this.names.clear();
  }

  private taken(key: string): string | undefined {
    return this.names.get(key) ?? this.base?.taken(key);
  }

  private namesOf(entry: Triple, componentTaken: boolean): [string, string][] {
    const out: [string, string][] = [];
    if (!componentTaken) out.push(["project", entry.project]);
    if (isWildcard(entry)) return out;
    if (!componentTaken) out.push(["component", `${entry.project}/${entry.component}`]);
    out.push(["language", entry.language]);
    return out;
  }
}
