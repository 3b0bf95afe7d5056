import type { SiteLocale } from "../../i18n/site-locales.js";
import { encodePath } from "../../site/site-paths.js";
import { relativeHref } from "./relative-href.js";
import { underLocale } from "./view-helpers.js";

// The same page in the site's other locales: the language switcher's links and the hreflang
// alternates of the page's head. A site of one locale has neither (its pages stay as they were).

export interface LocaleLink {
  tag: string;
  /** The locale's name in itself: "Deutsch". */
  name: string;
  dir: "ltr" | "rtl";
  /** The page in that locale, from this page (relative), or its address with `site.url`. */
  href: string;
  current: boolean;
}

export interface LocaleLinks {
  /** Every locale's version of the page, this one's included, in `site.locales` order. */
  links: LocaleLink[];
  /** For `hreflang="x-default"`: the default locale's version. */
  fallback: string;
}

/**
 * The versions of the page in `dir` (a folder from a locale's root, "" for the overview) in every
 * locale; undefined for a site of one locale. `base`: the site's address ("https://x/y/"), which
 * search engines want hreflang links to be absolute under.
 */
export function localeLinks(
  locales: readonly SiteLocale[],
  current: SiteLocale,
  dir: string,
  base: string | undefined,
): LocaleLinks | undefined {
  if (locales.length < 2) return undefined;
  const from = underLocale(current.folder, dir);
  const hrefOf = (locale: SiteLocale) => {
    const folder = underLocale(locale.folder, dir);
    return base
      ? base + encodePath(folder === "" ? "" : `${folder}/`)
      : relativeHref(from, folder === "" ? "index.html" : `${folder}/index.html`);
  };
  const links = locales.map((locale) => ({
    tag: locale.tag,
    name: locale.ownName,
    dir: locale.dir,
    href: hrefOf(locale),
    current: locale === current,
  }));
  return { links, fallback: links[0]?.href ?? "" };
}
