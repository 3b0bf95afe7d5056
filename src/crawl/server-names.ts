import { componentLabel, WILDCARD, type Triple } from "../config/triple.js";
import { closestNames, didYouMean } from "../text/did-you-mean.js";
import { sanitizeText } from "../text/sanitize.js";
import type { WeblateRoutes } from "../weblate/routes.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "../http/http-client.js";
import { field, isJson, type Json } from "../model/json.js";
import { listedComponentPath } from "./join.js";

// What the server has, asked only when a translation, a component or a project turned out to be
// missing (a 404): its projects, a project's components, a project's languages (or the server's),
// each list fetched at most once a crawl. They say which part of a triple the server does not
// have, and what it has that is close ("did you mean"): a slug misspelled, a language code in
// the wrong case (`pt_br` for `pt_BR`).

/**
 * The names an instance-wide list holds, gathered item by item: its projects, each project's
 * components and languages, the server's languages ("*"). Distinct names only: a few thousand at
 * a million translations.
 */
export class InstanceNames {
  readonly projects = new Set<string>();
  readonly components = new Map<string, Set<string>>();
  readonly languages = new Map<string, Set<string>>([[WILDCARD, new Set()]]);

  add(project: string, component: string, language: string): void {
    this.projects.add(project);
    let paths = this.components.get(project);
    if (!paths) {
      paths = new Set();
      this.components.set(project, paths);
    }
    paths.add(component);
    let codes = this.languages.get(project);
    if (!codes) {
      codes = new Set();
      this.languages.set(project, codes);
    }
    codes.add(language);
    this.languages.get(WILDCARD)?.add(language);
  }
}

export class ServerNames {
  private projectList: Promise<string[] | undefined> | undefined;
  private readonly componentLists = new Map<string, Promise<string[] | undefined>>();
  private readonly languageLists = new Map<string, Promise<string[] | undefined>>();

  /**
   * Takes the names from the instance-wide list when the crawl read it whole anyway: its
   * translations name every project, component and language that has one, so nothing more is
   * asked.
   */
  knowInstance(names: InstanceNames): void {
    this.projectList = Promise.resolve([...names.projects]);
    for (const [project, paths] of names.components)
      this.componentLists.set(project, Promise.resolve([...paths]));
    for (const [project, codes] of names.languages)
      this.languageLists.set(project, Promise.resolve([...codes]));
    // A project the list does not name has no translations: its components are asked as usual.
  }

  constructor(
    private readonly client: HttpClient,
    private readonly routes: WeblateRoutes,
    private readonly pageSize: number,
  ) {}

  /** Project slugs of the server, or undefined when the list cannot be had. */
  projects(): Promise<string[] | undefined> {
    this.projectList ??= this.list(this.routes.collection("projects"), (item) =>
      typeof item.slug === "string" ? item.slug : undefined,
    );
    return this.projectList;
  }

  /** A project's component paths. */
  components(project: string): Promise<string[] | undefined> {
    let known = this.componentLists.get(project);
    if (!known) {
      known = this.list(this.routes.projectComponents(project), listedComponentPath);
      this.componentLists.set(project, known);
    }
    return known;
  }

  /** The language codes of a project (its languages' statistics), or of the whole server. */
  languages(project: string): Promise<string[] | undefined> {
    let known = this.languageLists.get(project);
    if (!known) {
      const url =
        project === WILDCARD
          ? this.routes.collection("languages")
          : this.routes.projectLanguages(project);
      known = this.list(url, (item) => (typeof item.code === "string" ? item.code : undefined));
      this.languageLists.set(project, known);
    }
    return known;
  }

  /**
   * Which part of `triple` the server does not have, and what close to it it has; undefined when
   * its lists say nothing (or cannot be had).
   */
  async explain(triple: Triple): Promise<string | undefined> {
    const { project, component, language } = triple;
    if (project !== WILDCARD) {
      const projects = await this.projects();
      if (projects && !projects.includes(project))
        return `the server has no project "${project}"${suggest(project, projects)}`;
    }
    if (project !== WILDCARD && component !== WILDCARD) {
      const components = await this.components(project);
      if (components && !components.includes(component)) {
        // Shown as people write them: categories joined by "/", not the API's "%2F".
        const hint = suggest(componentLabel(component), components.map(componentLabel));
        return `project "${project}" has no component "${componentLabel(component)}"${hint}`;
      }
    }
    if (language === WILDCARD) return undefined;
    if (component !== WILDCARD) {
      // The component's own languages: the project's may have the code in another component.
      const codes = await this.componentLanguages(project, component);
      if (codes && !codes.includes(language))
        return (
          `component "${project}/${componentLabel(component)}" has no translation in ` +
          `"${language}"${suggest(language, codes)}`
        );
      if (codes) return undefined;
    }
    const languages = await this.languages(project);
    if (!languages) return undefined;
    const where = project === WILDCARD ? "the server" : `project "${project}"`;
    return languages.includes(language)
      ? undefined
      : `${where} has no translation in "${language}"${suggest(language, languages)}`;
  }

  /** The language codes of a component's translations (its list; not kept: asked once a triple). */
  private componentLanguages(project: string, component: string): Promise<string[] | undefined> {
    return this.list(this.routes.componentTranslations(project, component), (item) => {
      const code = item.language_code ?? field(item.language, "code");
      return typeof code === "string" ? code : undefined;
    });
  }

  private async list(
    url: string,
    name: (item: Json) => string | undefined,
  ): Promise<string[] | undefined> {
    try {
      const items = await fetchList(this.client, url, this.pageSize);
      return items
        .filter(isJson)
        .map(name)
        .filter((n): n is string => n !== undefined);
    } catch {
      return undefined;
    }
  }
}

/** "; did you mean ...?" when close names exist, else what the server has (a few of them). */
function suggest(word: string, names: readonly string[]): string {
  const close = didYouMean(closestNames(word, names));
  if (close) return `; ${sanitizeText(close)}`;
  if (names.length === 0) return " (it has none)";
  const shown = names.slice(0, 8).map((n) => `"${n}"`);
  return sanitizeText(
    `; it has ${shown.join(", ")}${names.length > 8 ? ` and ${names.length - 8} more` : ""}`,
  );
}
