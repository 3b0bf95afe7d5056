import { WILDCARD, type Triple } from "../config/triple.js";
import {
  componentDir,
  fileSegment,
  projectBadgesDir,
  projectDir,
  SITE_FILE,
} from "./site-paths.js";
import { messageOf } from "../model/errors.js";
import { CaseFolds, nameProblem } from "./site-names.js";

/**
 * Which files of the site each translation takes, so that two never take one path and none takes
 * a path the site needs (`p/c/index.html` as a language would need `p/c/index.html` as a folder,
 * where the component's page is a file). Entries are claimed in snapshot order; one that cannot
 * have its files is reported, and the rest of the site is written without it.
 *
 * A translation's claim is kept as its language under its component's folder `p/c`, from which
 * its folder `p/c/l`, its three files (`p/c/l/index.html`, `badges/p/c/l.svg` and `.json`) and
 * its owner's name follow: a few bytes a translation, where a million of them are claimed before
 * the site is written. Projects, components, languages and the site's own files are kept path by
 * path.
 */
export class SiteClaims {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Set<string>();
  /** The translations by their component's folder: its owner's name, their folders' languages. */
  private readonly translations = new Map<string, TranslationFolders>();
  /** One copy of each language code the translations keep (each entry read brings its own). */
  private readonly codes = new Map<string, string>();
  private closed = false;
  /** The claims this one adds to (checked too, never changed); none for the site's first. */
  private readonly base: SiteClaims | undefined;
  /** The site's locales (`site.locales`): the folders of all but the first move projects. */
  private readonly site: { locales: readonly string[] };
  /**
   * The project and component of the last claim, when it was a translation's: their files are
   * this run's and nothing claimed since can be in their way (only that translation's own files
   * were, checked against them), so a translation of the same component (the next, in snapshot
   * order) checks and takes only its own files and its language's page.
   */
  private lastComponent: { project: string; component: string } | undefined;
  /** The names taken, folded to lower case. */
  private readonly folds: CaseFolds;

  /**
   * `base`: claims to add to. `locales`: site.locales, whose folders (all but the first's) a
   * project's folder keeps off (projectDir).
   */
  constructor(options: { base?: SiteClaims; locales?: readonly string[] } = {}) {
    this.base = options.base;
    this.folds = new CaseFolds(this.base?.folds);
    this.site = { locales: options.locales ?? this.base?.site.locales ?? [] };
    if (!this.base)
      for (const file of Object.values(SITE_FILE))
        this.commit(file, "the site's own files", this.files, this.dirs);
  }

  /**
   * Claims the pages and badges of an entry (and of its project and component); returns why it
   * cannot have them, or undefined.
   */
  claim(entry: Triple): string | undefined {
    if (this.closed) throw new Error("SiteClaims: a claim after close()");
    const last = this.lastComponent;
    const sameComponent =
      last !== undefined && last.project === entry.project && last.component === entry.component;
    let wanted: Wanted;
    try {
      wanted = pathsOf(entry, this.site, sameComponent);
    } catch (error) {
      return `cannot be put on the site: ${messageOf(error)}`;
    }
    const names = nameProblem(entry) ?? this.folds.problem(entry, sameComponent);
    if (names) return `cannot be put on the site: ${names}`;
    const { translation } = wanted;
    if (translation && this.translationOwner(translation.dir) === translation.owner)
      return "cannot be put on the site: the snapshot lists this translation twice";
    // Checked one by one against what is taken and what this entry took so far (its own component
    // page can be in the way of its own page), and only kept when every one is free.
    const pending = { files: new Map<string, string>(), dirs: new Set<string>() };
    for (const [path, owner] of wanted.paths) {
      const other = this.conflict(path, owner, pending);
      if (other) return `cannot be put on the site: its file ${path} collides with ${other}`;
      this.commit(path, owner, pending.files, pending.dirs);
    }
    for (const [path, owner] of wanted.paths) {
      if (translation && owner === translation.owner)
        this.commit(path, owner, undefined, this.dirs, translation.dir);
      else this.commit(path, owner, this.files, this.dirs);
    }
    this.folds.take(entry, sameComponent);
    if (translation) this.keepTranslation(entry, translation.dir);
    this.lastComponent = translation
      ? { project: entry.project, component: entry.component }
      : undefined;
    return undefined;
  }

  /**
   * Lets go of what the claims hold, and of those of the claims it adds to: once a site's files
   * are all claimed, its render keeps nothing of them. No claim can be made after it.
   */
  close(): void {
    this.closed = true;
    this.files.clear();
    this.dirs.clear();
    this.translations.clear();
    this.codes.clear();
    this.lastComponent = undefined;
    this.folds.clear();
    this.base?.close();
  }

  /** Whose translation folder `dir` is, if any. */
  private translationOwner(dir: string): string | undefined {
    // A language's folder name (fileSegment) has no "/": the component's folder is before the last.
    const at = dir.lastIndexOf("/");
    const folders = at > 0 ? this.translations.get(dir.slice(0, at)) : undefined;
    const language = folders?.languages.get(dir.slice(at + 1));
    if (language === undefined) return this.base?.translationOwner(dir);
    return `the translation ${folders?.component}/${language}`;
  }

  /** Keeps a translation's folder `dir` (its component's folder, then its language's). */
  private keepTranslation(entry: Triple, dir: string): void {
    const at = dir.lastIndexOf("/");
    const component = dir.slice(0, at);
    let folders = this.translations.get(component);
    if (!folders) {
      folders = { component: `${entry.project}/${entry.component}`, languages: new Map() };
      this.translations.set(component, folders);
    }
    const code = this.codes.get(entry.language) ?? entry.language;
    this.codes.set(code, code);
    folders.languages.set(fileSegment(code), code);
  }

  /**
   * Who already has this path, or a folder or file in its way; undefined when it is free (or the
   * owner's).
   */
  private conflict(
    path: string,
    owner: string,
    pending: { files: Map<string, string>; dirs: Set<string> },
  ): string | undefined {
    const fileOwner = (p: string) => this.fileOwner(p) ?? pending.files.get(p);
    const holder = fileOwner(path);
    if (holder !== undefined && holder !== owner) return holder;
    if (this.isDir(path) || pending.dirs.has(path) || this.translationOwner(path) !== undefined)
      return "a folder of other pages";
    for (let at = path.indexOf("/"); at >= 0; at = path.indexOf("/", at + 1)) {
      const file = fileOwner(path.slice(0, at));
      if (file !== undefined) return file;
    }
    return undefined;
  }

  /**
   * The owner of a file: the site's, a project's, component's or language's, or a translation's
   * (named after its folder).
   */
  private isDir(path: string): boolean {
    return this.dirs.has(path) || (this.base?.isDir(path) ?? false);
  }

  private fileOwner(path: string): string | undefined {
    const known = this.files.get(path);
    if (known !== undefined) return known;
    const dir = path.endsWith(PAGE)
      ? path.slice(0, -PAGE.length)
      : !path.startsWith(BADGES)
        ? undefined
        : path.endsWith(".svg")
          ? path.slice(BADGES.length, -4)
          : path.endsWith(".json")
            ? path.slice(BADGES.length, -5)
            : undefined;
    // translationOwner looks in the base too.
    return (
      (dir === undefined ? undefined : this.translationOwner(dir)) ?? this.base?.fileOwner(path)
    );
  }

  /**
   * Takes a path (into `files`, unless it is a translation's) and the folders above it (all but
   * `except`, a translation's own folder).
   */
  private commit(
    path: string,
    owner: string,
    files: Map<string, string> | undefined,
    dirs: Set<string>,
    except?: string,
  ): void {
    files?.set(path, owner);
    for (let at = path.indexOf("/"); at >= 0; at = path.indexOf("/", at + 1)) {
      const dir = path.slice(0, at);
      if (dir !== except) dirs.add(dir);
    }
  }
}

/** A component's translations: `project/component`, and each folder's language by its name. */
interface TranslationFolders {
  component: string;
  languages: Map<string, string>;
}

const PAGE = "/index.html";
const BADGES = "badges/";

interface Wanted {
  paths: [path: string, owner: string][];
  /** The translation's folder and owner, for an explicit triple. */
  translation?: { dir: string; owner: string };
}

/**
 * The files an entry's pages and badges take, with who they belong to; `componentTaken`: without
 * its project's and component's (a translation's, whose component's files are taken already).
 */
function pathsOf(
  entry: Triple,
  site: { locales: readonly string[] },
  componentTaken = false,
): Wanted {
  const project = projectDir(entry.project, site);
  const paths: [string, string][] = [];
  const add = (dir: string, owner: string) =>
    paths.push(
      [`${dir}/index.html`, owner],
      [`badges/${dir}.svg`, owner],
      [`badges/${dir}.json`, owner],
    );
  const wildcard = entry.component === WILDCARD || entry.language === WILDCARD;
  if (wildcard || !componentTaken) {
    const owner = `the project ${entry.project}`;
    add(project, owner);
    // The project's files beside its components' badges: its README table and its badges page.
    const badges = projectBadgesDir(project);
    paths.push([`${badges}/index.html`, owner], [`${badges}/README.md`, owner]);
  }
  if (wildcard) return { paths };
  const component = `${project}/${componentDir(entry.component)}`;
  if (!componentTaken) add(component, `the component ${entry.project}/${entry.component}`);
  const dir = `${component}/${fileSegment(entry.language)}`;
  const owner = `the translation ${entry.project}/${entry.component}/${entry.language}`;
  add(dir, owner);
  paths.push([
    `languages/${fileSegment(entry.language)}/index.html`,
    `the language ${entry.language}`,
  ]);
  return { paths, translation: { dir, owner } };
}
