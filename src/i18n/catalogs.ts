import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ExitCode, UserError } from "../model/errors.js";
import { errorCode } from "../model/json.js";
import { counted } from "../text/plural.js";
import { type CatalogProblem, type ParsedCatalog, parseCatalog } from "./catalog-file.js";
import { checkBase, checkCatalog, describeProblem } from "./catalog-check.js";
import { LocaleFormat } from "./locale-format.js";
import { canonicalTag } from "../text/locale-tag.js";
import { Messages } from "./messages.js";

// Where the catalogs are and how a locale's chain is made: the user's catalog folder (--catalog)
// first, then the shipped one (locales/), for the locale, then its language (pt for pt-BR), then
// English. Every catalog of a chain is checked against English before anything is rendered.

/** The catalogs that ship with the tool: `locales/<tag>.json`, English the base of all. */
export const SHIPPED_CATALOGS = fileURLToPath(new URL("../../locales/", import.meta.url));
export const BASE_LOCALE = "en";

/** A catalog that cannot be used: exit code 2, as a config error. */
export class CatalogError extends UserError {
  constructor(message: string) {
    super(message, ExitCode.usage);
  }
}

/** Everything a page needs of its locale. */
export interface Locale {
  /** The BCP 47 tag, canonical ("de", "pt-BR", "zh-Hans"). */
  tag: string;
  dir: "ltr" | "rtl";
  /** The locale's name in itself ("Deutsch"), for the language switcher. */
  ownName: string;
  messages: Messages;
  format: LocaleFormat;
  /** Notes on its catalogs: obsolete messages, plural forms the locale never uses. */
  notes: CatalogProblem[];
}

const FOLDER_ERRORS: Record<string, string> = { ENOENT: "no such folder", ENOTDIR: "not a folder" };

/** The catalog files of a folder, by canonical tag (`de.json`, `pt_BR.json`, `pt-BR.json`). */
export function catalogFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch (error) {
    const code = errorCode(error);
    const why = FOLDER_ERRORS[code ?? ""] ?? code ?? "unreadable";
    throw new CatalogError(
      `--catalog ${dir}: cannot read the folder (${why}); give a folder of <locale>.json files`,
    );
  }
  for (const name of names.sort()) {
    const tag = canonicalTag(name.slice(0, -".json".length));
    if (tag) files.set(tag, join(dir, name));
  }
  return files;
}

/** The locales a site may use: those with a catalog in the user's folder or shipped. */
export function availableLocales(catalogDir?: string): string[] {
  const tags = new Set(catalogFiles(SHIPPED_CATALOGS).keys());
  if (catalogDir) for (const tag of catalogFiles(catalogDir).keys()) tags.add(tag);
  return [...tags].sort();
}

function readCatalog(file: string, shown: string): ParsedCatalog {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CatalogError(
      `catalog ${shown}: cannot read it (${errorCode(error) ?? "unreadable"})`,
    );
  }
  return parseCatalog(text, shown);
}

/** The parent of a tag: "pt" for "pt-BR", "zh" for "zh-Hans-CN"; none for a bare language. */
function parentTag(tag: string): string | undefined {
  try {
    const language = new Intl.Locale(tag).language;
    return language !== tag ? language : undefined;
  } catch {
    return undefined;
  }
}

/** A catalog file's path as messages show it: under `label`, not the folder it was found in. */
const shownPath = (file: string, dir: string, label: string) =>
  `${label}/${file.slice(dir.length).replace(/^[\\/]+/, "")}`;

type Linked = { tag: string; catalog: ParsedCatalog };

/**
 * The catalogs of one tag, the user's before the shipped one, each checked for its tag.
 */
function catalogReader(
  shipped: Map<string, string>,
  catalogDir: string | undefined,
): (tag: string) => Linked[] {
  const own = catalogDir ? catalogFiles(catalogDir) : new Map<string, string>();
  const read = (file: string, dir: string, label: string) =>
    readCatalog(file, shownPath(file, dir, label));
  return (tag) => {
    const out: Linked[] = [];
    const userFile = own.get(tag);
    if (userFile && catalogDir) out.push({ tag, catalog: read(userFile, catalogDir, catalogDir) });
    const shippedFile = shipped.get(tag);
    if (shippedFile && tag !== BASE_LOCALE)
      out.push({ tag, catalog: read(shippedFile, SHIPPED_CATALOGS, "locales") });
    return out;
  };
}

/**
 * The locales asked for, each with its messages and formats; throws a CatalogError naming the
 * file, the line and the message of the first problem, and how many more there are.
 */
export function loadLocales(tags: readonly string[], catalogDir?: string): Locale[] {
  const shipped = catalogFiles(SHIPPED_CATALOGS);
  const baseFile = shipped.get(BASE_LOCALE);
  if (!baseFile) throw new CatalogError(`no English catalog in ${SHIPPED_CATALOGS}: reinstall`);
  const base = readCatalog(baseFile, shownPath(baseFile, SHIPPED_CATALOGS, "locales"));
  const fatal: CatalogProblem[] = checkBase(base).filter((p) => p.fatal);
  const catalogsOf = catalogReader(shipped, catalogDir);
  const locales: Locale[] = [];
  for (const asked of tags) {
    const tag = canonicalTag(asked) ?? asked;
    const parent = parentTag(tag);
    const chain = [...catalogsOf(tag), ...(parent ? catalogsOf(parent) : [])];
    if (chain.length === 0 && tag !== BASE_LOCALE) {
      throw new CatalogError(
        `no catalog for the locale "${asked}" ` +
          `(there are: ${availableLocales(catalogDir).join(", ")}); ` +
          `write ${tag}.json (a copy of locales/en.json, translated) into a folder and pass it ` +
          "with --catalog DIR",
      );
    }
    const notes: CatalogProblem[] = [];
    for (const link of chain)
      for (const p of checkCatalog(base, link.catalog, link.tag)) (p.fatal ? fatal : notes).push(p);
    const format = new LocaleFormat(tag);
    locales.push({
      tag,
      dir: format.dir,
      ownName: LocaleFormat.ownName(tag),
      messages: new Messages(tag, [...chain.map((link) => link.catalog), base], format),
      format,
      notes,
    });
  }
  const [first, ...rest] = fatal;
  if (first) {
    const more = rest.length > 0 ? ` (and ${counted(rest.length, "more problem")})` : "";
    throw new CatalogError(
      `catalog problem: ${describeProblem(first)}${more}; fix the catalog and run again`,
    );
  }
  return locales;
}
