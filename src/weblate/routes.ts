import { CATEGORY_SEPARATOR, componentPathParts, type Triple } from "../config/triple.js";

// Every address of Weblate this tool builds or reads back, in one place: the API paths the crawl
// asks for and the stand-in answers, and the documented links of each record the validator
// checks (docs/weblate-versions.md). Slugs and codes are encoded as path segments; a
// component inside categories is asked for by its path ("docs%2Fusage"), which as one segment
// is encoded once more (`/api/components/p/docs%252Fusage/`), while web pages take its slugs as
// plain segments (`/projects/p/docs/usage/`).

const enc = (segment: string) => encodeURIComponent(segment);

/**
 * A component path in web pages' paths: its category slugs and its own as path segments
 * ("docs/usage").
 */
export function webComponentPath(componentPath: string): string {
  return componentPath.includes(CATEGORY_SEPARATOR)
    ? componentPathParts(componentPath).map(enc).join("/")
    : enc(componentPath);
}

/**
 * "%2F" as it appears in an API link's path (encoded once more): what marks a component inside
 * categories there.
 */
export const CATEGORY_SEPARATOR_IN_LINK = enc(CATEGORY_SEPARATOR);

/** The addresses of one Weblate server (its base URL without a trailing slash). */
export class WeblateRoutes {
  readonly base: string;
  readonly api: string;

  constructor(baseUrl: string) {
    this.base = baseUrl.endsWith("/") ? baseUrl.replace(/\/+$/, "") : baseUrl;
    this.api = `${this.base}/api`;
  }

  root(): string {
    return `${this.api}/`;
  }

  /**
   * The list of one of the API's collections: `projects`, `components`, `translations`,
   * `languages`.
   */
  collection(name: "projects" | "components" | "translations" | "languages"): string {
    return `${this.api}/${name}/`;
  }

  project(project: string): string {
    return `${this.api}/projects/${enc(project)}/`;
  }

  /** A project's component list (items leave `project` out). */
  projectComponents(project: string): string {
    return `${this.project(project)}components/`;
  }

  /** A project's statistics per language: a bare array, not paged. */
  projectLanguages(project: string): string {
    return `${this.project(project)}languages/`;
  }

  /**
   * The whole server's change log, newest last, paged; `timestamp_after` (ISO) keeps the changes
   * made at or after that time.
   */
  changes(): string {
    return `${this.api}/changes/`;
  }

  component(project: string, component: string): string {
    return `${this.api}/components/${enc(project)}/${enc(component)}/`;
  }

  /** A component's statistics, one row per translation (paged). */
  componentStatistics(project: string, component: string): string {
    return `${this.component(project, component)}statistics/`;
  }

  /** A component's translation list (items leave `component` out). */
  componentTranslations(project: string, component: string): string {
    return `${this.component(project, component)}translations/`;
  }

  translation(t: Triple): string {
    return `${this.api}/translations/${enc(t.project)}/${enc(t.component)}/${enc(t.language)}/`;
  }

  language(code: string): string {
    return `${this.api}/languages/${enc(code)}/`;
  }

  category(id: number): string {
    return `${this.api}/categories/${id}/`;
  }

  /** The documented links of a translation record, by field, in the contract's order. */
  translationLinks(t: Triple): Record<string, string> {
    const [p, c, l] = [enc(t.project), enc(t.component), enc(t.language)];
    const api = `${this.api}/translations/${p}/${c}/${l}/`;
    const web = `${p}/${webComponentPath(t.component)}/${l}/`;
    return {
      url: api,
      repository_url: `${api}repository/`,
      file_url: `${api}file/`,
      statistics_url: `${api}statistics/`,
      changes_list_url: `${api}changes/`,
      units_list_url: `${api}units/`,
      web_url: `${this.base}/projects/${web}`,
      share_url: `${this.base}/engage/${p}/${l}/`,
      translate_url: `${this.base}/translate/${web}`,
    };
  }

  /** The documented links of a project record. */
  projectLinks(project: string): Record<string, string> {
    const api = this.project(project);
    return {
      url: api,
      components_list_url: `${api}components/`,
      repository_url: `${api}repository/`,
      statistics_url: `${api}statistics/`,
      changes_list_url: `${api}changes/`,
      languages_url: `${api}languages/`,
      web_url: `${this.base}/projects/${enc(project)}/`,
    };
  }

  /** The documented links of a component record. */
  componentLinks(project: string, component: string): Record<string, string> {
    const api = this.component(project, component);
    return {
      url: api,
      repository_url: `${api}repository/`,
      translations_url: `${api}translations/`,
      statistics_url: `${api}statistics/`,
      lock_url: `${api}lock/`,
      changes_list_url: `${api}changes/`,
      web_url: `${this.base}/projects/${enc(project)}/${webComponentPath(component)}/`,
    };
  }

  /** The documented links of a language record. */
  languageLinks(code: string): Record<string, string> {
    const api = this.language(code);
    return {
      url: api,
      statistics_url: `${api}statistics/`,
      web_url: `${this.base}/languages/${enc(code)}/`,
    };
  }
}

/** Decodes one path segment; undefined when it is not valid percent-encoding. */
function decode(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The project, component path and language a translation's API link names
 * (`.../api/translations/<p>/<c>/<l>/`).
 */
export function translationOfLink(url: unknown): Triple | undefined {
  if (typeof url !== "string") return undefined;
  const match = /\/api\/translations\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)\/(?:[?#]|$)/.exec(url);
  const [project, component, language] = [
    decode(match?.[1]),
    decode(match?.[2]),
    decode(match?.[3]),
  ];
  return project === undefined || component === undefined || language === undefined
    ? undefined
    : { project, component, language };
}

/**
 * The component path a component's API link names (`.../api/components/<p>/<path>/`), decoded once:
 * "docs%2Fusage".
 */
export function componentPathOfLink(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  return decode(/\/api\/components\/[^/?#]+\/([^/?#]+)\/(?:[?#]|$)/.exec(url)?.[1]);
}
