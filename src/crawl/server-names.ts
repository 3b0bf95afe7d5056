import { componentLabel, WILDCARD, type Triple } from "../config/triple.js";
import { closestNames, didYouMean } from "../text/did-you-mean.js";
import { sanitizeText } from "../text/sanitize.js";
import type { WeblateRoutes } from "../weblate/routes.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "../http/http-client.js";
import { field, isJson, str, type Json } from "../model/json.js";
import { listedComponentPath } from "./join.js";

// What the server has, asked only when a translation, a component or a project turned out to be
// missing (a 404): its projects, a project's components, a project's languages (or the server's),
// each list fetched at most once a crawl. They say which part of a triple the server does not
// have, and what it has that is close ("did you mean"): a slug misspelled, a language code in
// the wrong case (`pt_br` for `pt_BR`).

/**
 * The names an instance-wide list holds, gathered item by item: its projects, each project's
 * components and languages, the server's languages ("*"). Distinct names only.
 */
export class InstanceNames {
  readonly projects = new Map<string, { components: Set<string>; languages: Set<string> }>();
  readonly languages = new Set<string>();

  add(project: string, component: string, language: string): void {
    let names = this.projects.get(project);
    if (!names) {
      names = { components: new Set(), languages: new Set() };
      this.projects.set(project, names);
    }
    names.components.add(component);
    names.languages.add(language);
    this.languages.add(language);
  }
}

export class ServerNames {
  /** Names by the address of the list that gives them. */
  private readonly lists = new Map<string, Promise<string[] | undefined>>();

  constructor(
    private readonly client: HttpClient,
    private readonly routes: WeblateRoutes,
    private readonly pageSize: number,
  ) {}

  /**
   * Takes the names from the instance-wide list when the crawl read it whole anyway: its
   * translations name every project, component and language that has one, so nothing more is
   * asked. A project it does not name has no translations: its components are asked as usual.
   */
  knowInstance(names: InstanceNames): void {
    const know = (url: string, values: Iterable<string>) =>
      this.lists.set(url, Promise.resolve([...values]));
    know(this.routes.collection("projects"), names.projects.keys());
    know(this.routes.collection("languages"), names.languages);
    for (const [project, { components, languages }] of names.projects) {
      know(this.routes.projectComponents(project), components);
      know(this.routes.projectLanguages(project), languages);
    }
  }

  /**
   * Which part of `triple` the server does not have, and what close to it it has; undefined when
   * its lists say nothing (or cannot be had).
   */
  async explain(triple: Triple): Promise<string | undefined> {
    const { project, component, language } = triple;
    const { routes } = this;
    if (project !== WILDCARD) {
      const projects = await this.names(routes.collection("projects"), (item) => str(item.slug));
      if (projects && !projects.includes(project))
        return `the server has no project "${project}"${suggest(project, projects)}`;
    }
    if (project !== WILDCARD && component !== WILDCARD) {
      const components = await this.names(routes.projectComponents(project), listedComponentPath);
      if (components && !components.includes(component)) {
        // Shown as people write them: categories joined by "/", not the API's "%2F".
        const hint = suggest(componentLabel(component), components.map(componentLabel));
        return `project "${project}" has no component "${componentLabel(component)}"${hint}`;
      }
    }
    if (language === WILDCARD) return undefined;
    if (component !== WILDCARD) {
      // The component's own languages (its list; not kept: asked once a triple): the project's
      // may have the code in another component.
      const url = routes.componentTranslations(project, component);
      const codes = await this.fetchNames(url, (item) =>
        str(item.language_code ?? field(item.language, "code")),
      );
      if (codes && !codes.includes(language))
        return (
          `component "${project}/${componentLabel(component)}" has no translation in ` +
          `"${language}"${suggest(language, codes)}`
        );
      if (codes) return undefined;
    }
    const all = project === WILDCARD;
    const url = all ? routes.collection("languages") : routes.projectLanguages(project);
    const languages = await this.names(url, (item) => str(item.code));
    if (!languages || languages.includes(language)) return undefined;
    const where = all ? "the server" : `project "${project}"`;
    return `${where} has no translation in "${language}"${suggest(language, languages)}`;
  }

  /** The names a list gives, fetched once a crawl; undefined when it cannot be had. */
  private names(url: string, name: (item: Json) => string | undefined) {
    let known = this.lists.get(url);
    if (!known) {
      known = this.fetchNames(url, name);
      this.lists.set(url, known);
    }
    return known;
  }

  private async fetchNames(
    url: string,
    name: (item: Json) => string | undefined,
  ): Promise<string[] | undefined> {
    try {
      const items = await fetchList(this.client, url, this.pageSize);
      return items.filter(isJson).flatMap((item) => name(item) ?? []);
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
