import type { SiteOptions } from "../config/schema.js";
import { must } from "../model/must.js";
import { type Locale, loadLocales } from "./catalogs.js";
import { describeProblem } from "./catalog-check.js";
import { sanitizeText } from "../text/sanitize.js";

// A site's locales: the pages' (`site.locales`, the first at the site's root, the others in a
// folder named by their tag) and the badges' (`site.badges.locale`).

/** A locale of the site's pages, with the folder its pages are in. */
export interface SiteLocale extends Locale {
  /** "" for the default locale (the site's root), else the tag: "de", "pt-BR". */
  folder: string;
}

export interface SiteLocales {
  pages: SiteLocale[];
  badges: Locale;
}

const loaded = new Map<string, SiteLocales>();

/**
 * The locales of a site with their messages, checked (a CatalogError names a broken catalog's
 * file and line). `catalogDir`: the user's catalogs (`site.catalog`, --catalog), read before the
 * shipped ones.
 */
export function loadSiteLocales(
  site: SiteOptions,
  catalogDir: string | undefined = site.catalog,
): SiteLocales {
  const key = JSON.stringify([site.locales, site.badges.locale, catalogDir ?? null]);
  const known = loaded.get(key);
  if (known) return known;
  const tags = [...new Set([...site.locales, site.badges.locale])];
  const byTag = new Map(loadLocales(tags, catalogDir).map((l, i) => [tags[i] ?? l.tag, l]));
  const of = (tag: string) => must(byTag.get(tag), `the locale ${tag}`);
  const result: SiteLocales = {
    pages: site.locales.map((tag, i) => ({ ...of(tag), folder: i === 0 ? "" : tag })),
    badges: of(site.badges.locale),
  };
  // The user's catalogs are read afresh on each run of a process that renders many sites (tests).
  if (catalogDir === undefined) loaded.set(key, result);
  return result;
}

/**
 * What a maintainer of a catalog would want to know and nothing stops: a locale's messages shown
 * in English (not translated in any of its catalogs yet), and its catalogs' notes (a message
 * English no longer has, a plural form the locale never uses). One line each; none for the
 * shipped catalogs, which are complete.
 */
export function catalogNotes(locales: SiteLocales): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const locale of [...locales.pages, locales.badges]) {
    if (seen.has(locale.tag)) continue;
    seen.add(locale.tag);
    const english = locale.messages.fallbacks();
    if (english.length > 0) {
      const first = english.slice(0, 3).join(", ");
      const more = english.length > 3 ? ", ..." : "";
      lines.push(
        sanitizeText(
          `the locale ${locale.tag} shows ${english.length} of ${locale.messages.keys().length} ` +
            `messages in English, not translated in its catalogs (${first}${more})`,
        ),
      );
    }
    for (const p of locale.notes) lines.push(describeProblem(p));
  }
  return lines;
}
