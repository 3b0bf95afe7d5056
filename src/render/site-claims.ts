import { WILDCARD, type Triple } from "../config/triple.js";
import { componentDir, fileSegment, RESERVED_TOP_LEVEL } from "./site-paths.js";

/** Files the site writes for itself, whatever the snapshot holds. */
const SITE_FILES = ["index.html", "404.html", ".nojekyll", "assets/style.css", "data/snapshot.json.gz"];
/** Longest file name most file systems take, in bytes, less room for ".json". */
const MAX_NAME_BYTES = 250;

/**
 * Which files of the site each translation takes, so that two never take one path and none takes
 * a path the site needs (`p/c/index.html` as a language would need `p/c/index.html` as a folder,
 * where the component's page is a file). Entries are claimed in snapshot order; one that cannot
 * have its files is reported, and the rest of the site is written without it.
 */
export class SiteClaims {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Set<string>();
  private readonly translations = new Set<string>();

  /** `base`: the claims this one adds to (an entry's claims while they are checked). */
  constructor(private readonly base?: SiteClaims) {
    if (!base) for (const file of SITE_FILES) this.commit(file, "the site's own files");
  }

  /** Claims the pages and badges of an entry (and of its project and component); returns why it cannot have them, or undefined. */
  claim(entry: Triple): string | undefined {
    let wanted: [path: string, owner: string][];
    try {
      wanted = pathsOf(entry);
    } catch (error) {
      return `cannot be put on the site: ${(error as Error).message}`;
    }
    if (RESERVED_TOP_LEVEL.has(fileSegment(entry.project))) {
      return `cannot be put on the site: the project "${entry.project}" has the name of a file or folder the site uses for itself (${[...RESERVED_TOP_LEVEL].join(", ")})`;
    }
    const key = JSON.stringify([entry.project, entry.component, entry.language]);
    const explicit = entry.component !== WILDCARD && entry.language !== WILDCARD;
    if (explicit && this.translations.has(key)) return "cannot be put on the site: the snapshot lists this translation twice";
    // Checked one by one against what is taken and what this entry took so far (its own component
    // page can be in the way of its own page), and only kept when every one is free.
    const pending = new SiteClaims(this);
    for (const [path, owner] of wanted) {
      const long = path.split("/").find((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES);
      if (long !== undefined) return `cannot be put on the site: a name is longer than a file name may be (${Buffer.byteLength(long)} bytes once encoded)`;
      const other = pending.conflict(path, owner);
      if (other) return `cannot be put on the site: its file ${path} collides with ${other}`;
      pending.commit(path, owner);
    }
    for (const [path, owner] of wanted) this.commit(path, owner);
    if (explicit) this.translations.add(key);
    return undefined;
  }

  /** Who already has this path, or a folder or file in its way; undefined when it is free (or the owner's). */
  private conflict(path: string, owner: string): string | undefined {
    const holder = this.fileOwner(path);
    if (holder !== undefined && holder !== owner) return holder;
    if (this.isDir(path)) return "a folder of other pages";
    for (let at = path.indexOf("/"); at >= 0; at = path.indexOf("/", at + 1)) {
      const file = this.fileOwner(path.slice(0, at));
      if (file !== undefined) return file;
    }
    return undefined;
  }

  private fileOwner(path: string): string | undefined {
    return this.files.get(path) ?? this.base?.fileOwner(path);
  }

  private isDir(path: string): boolean {
    return this.dirs.has(path) || (this.base?.isDir(path) ?? false);
  }

  private commit(path: string, owner: string): void {
    this.files.set(path, owner);
    for (let at = path.indexOf("/"); at >= 0; at = path.indexOf("/", at + 1)) this.dirs.add(path.slice(0, at));
  }
}

/** The files an entry's pages and badges take, with who they belong to. */
function pathsOf(entry: Triple): [string, string][] {
  const project = fileSegment(entry.project);
  const out: [string, string][] = [];
  const add = (dir: string, owner: string) => out.push([`${dir}/index.html`, owner], [`badges/${dir}.svg`, owner], [`badges/${dir}.json`, owner]);
  add(project, `the project ${entry.project}`);
  if (entry.component === WILDCARD || entry.language === WILDCARD) return out;
  const component = `${project}/${componentDir(entry.component)}`;
  add(component, `the component ${entry.project}/${entry.component}`);
  add(`${component}/${fileSegment(entry.language)}`, `the translation ${entry.project}/${entry.component}/${entry.language}`);
  out.push([`languages/${fileSegment(entry.language)}/index.html`, `the language ${entry.language}`]);
  return out;
}
