import { parseApiPath } from "../weblate/api-path.js";
import { listPage } from "./list-answer.js";
import { componentPathOfLink, WeblateRoutes } from "../weblate/routes.js";
import { inGeneration, type Generation } from "./generations.js";
import { olderLanguageRow, statistics, type Facts } from "./stand-in-statistics.js";
import { ChangeLog } from "./stand-in-changes.js";
import { field, isJson, obj, str, type Json } from "../model/json.js";

// What the stand-in server knows and how it answers the read-only API: projects, components and
// translations, each held once (as a real server holds them) and served in the shape each
// endpoint of a real Weblate has (docs/weblate-versions.md, Weblate's api/serializers.py):
// a component's translation list leaves out `component`, a project's component list leaves out
// `project`, the instance-wide lists embed them.

const COLLECTIONS = ["components", "languages", "projects", "translations"] as const;

/**
 * "current": the shapes of current servers. "older": what older servers did differently, here
 * `/api/translations/` items embedding a shorter component than the detail endpoint.
 */
export type ServerShapes = "current" | "older";

/** The fields of the shorter component older servers embed in `/api/translations/` items. */
const OLDER_LIST_COMPONENT_FIELDS = ["name", "slug", "project", "web_url", "url"];

export type Answer = [status: number, body: unknown];
const NOT_FOUND: Answer = [404, { detail: "Not found." }];

export interface CatalogOptions {
  shapes?: ServerShapes;
  /**
   * The server generation whose shapes the records are served in (generations.ts); undefined
   * serves them as given.
   */
  generation?: Generation;
  /** Only the detail endpoint answers: a server (or proxy) that exposes nothing else. */
  listsDisabled?: boolean;
  /** Every list answers a bare JSON array instead of pages. */
  bareArrays?: boolean;
  defaultPageSize?: number;
  /** Largest page a list endpoint gives, whatever `page_size` asks (default 1000, Weblate's). */
  maxPageSize?: number;
}

export class StandInCatalog {
  /**
   * Translation records as the detail endpoint serves them, by "project/component path/language".
   */
  readonly translations = new Map<string, unknown>();
  /** Per component ("project/component path"): its record, and its translations by language. */
  readonly components = new Map<string, { record: unknown; translations: Map<string, unknown> }>();
  /** Project records, the first each component record embeds. */
  readonly projects = new Map<string, unknown>();

  /**
   * `withVcs`: the client may see repository details (a token); a 2026 server hides them from
   * anonymous clients.
   */
  constructor(
    private readonly options: CatalogOptions,
    private readonly withVcs = true,
    /** The server's change log, served at `/api/projects/<p>/changes/`. */
    private readonly changes = new ChangeLog(),
  ) {}

  /** Serves one record (or any body) at its path; `at` overrides the path it is served at. */
  add(given: unknown, at?: { project: string; component: string; language: string }): void {
    const generation = this.options.generation;
    const record = generation ? inGeneration(given, generation, this.withVcs) : given;
    const embedded = field(record, "component");
    const project = at?.project ?? str(field(field(embedded, "project"), "slug")) ?? "";
    const component = at?.component ?? componentPathOf(embedded) ?? "";
    const language =
      at?.language ??
      str(field(field(record, "language"), "code")) ??
      str(field(record, "language_code")) ??
      "";
    this.translations.set(`${project}/${component}/${language}`, record);
    const key = `${project}/${component}`;
    let known = this.components.get(key);
    if (!known && embedded) {
      known = { record: embedded, translations: new Map() };
      this.components.set(key, known);
    }
    known?.translations.set(language, record);
    const projectRecord = field(embedded, "project");
    if (projectRecord && !this.projects.has(project)) this.projects.set(project, projectRecord);
  }

  route(url: URL, baseUrl: string): Answer {
    const route = parseApiPath(url.pathname);
    if (route?.name === "translation" && !route.sub)
      return found(this.translations.get(`${route.project}/${route.component}/${route.language}`));
    if (!route || this.options.listsDisabled) return NOT_FOUND;
    switch (route.name) {
      case "root": {
        const routes = new WeblateRoutes(baseUrl);
        return [200, Object.fromEntries(COLLECTIONS.map((k) => [k, routes.collection(k)]))];
      }
      case "list":
        return this.list(url, route.collection);
      case "changes": {
        const page = this.changes.page(url, undefined, baseUrl, this.options.defaultPageSize || 50);
        return page ? [200, page] : [404, { detail: "Invalid page." }];
      }
      case "translation": {
        const record = this.translations.get(
          `${route.project}/${route.component}/${route.language}`,
        );
        return record === undefined
          ? NOT_FOUND
          : [200, this.statistics([record], translationFacts(record), true)];
      }
      case "project":
        return this.projectAnswer(url, route.project, route.sub, baseUrl);
      case "component": {
        const component = this.components.get(`${route.project}/${route.component}`);
        if (!component) return NOT_FOUND;
        if (!route.sub) return [200, component.record];
        const translations = [...component.translations.values()];
        if (route.sub === "translations")
          return this.page(url, translations.map(withoutKey("component")));
        return this.page(
          url,
          translations.map((t) => this.statistics([t], translationFacts(t), true)),
        );
      }
      case "language": {
        const group = groupByLanguage([...this.translations.values()]).get(route.code);
        if (!group) return NOT_FOUND;
        return route.sub
          ? [200, this.statistics(group, languageFacts(group[0]))]
          : [200, field(group[0], "language")];
      }
    }
  }

  private list(url: URL, collection: (typeof COLLECTIONS)[number]): Answer {
    if (collection === "translations")
      return this.page(
        url,
        [...this.translations.values()].map((t) => this.instanceItem(t)),
      );
    if (collection === "projects") return this.page(url, [...this.projects.values()]);
    if (collection === "components")
      return this.page(
        url,
        [...this.components.values()].map((co) => co.record),
      );
    return this.page(
      url,
      [...groupByLanguage([...this.translations.values()]).values()].map((g) =>
        field(g[0], "language"),
      ),
    );
  }

  private projectAnswer(
    url: URL,
    slug: string,
    sub: "components" | "statistics" | "languages" | "changes" | undefined,
    baseUrl: string,
  ): Answer {
    const project = this.projects.get(slug);
    if (project === undefined) return NOT_FOUND;
    if (!sub) return [200, project];
    if (sub === "changes") {
      const page = this.changes.page(url, slug, baseUrl, this.options.defaultPageSize || 50);
      return page ? [200, page] : [404, { detail: "Invalid page." }];
    }
    const components = [...this.components.entries()]
      .filter(([key]) => key.startsWith(`${slug}/`))
      .map(([, v]) => v);
    if (sub === "components")
      return this.page(
        url,
        components.map((co) => this.projectListItem(co.record)),
      );
    const records = components.flatMap((co) => [...co.translations.values()]);
    if (sub === "statistics")
      return [
        200,
        this.statistics(records, { name: field(project, "name"), url: field(project, "web_url") }),
      ];
    // Per-language totals of a project: a bare array, no paging.
    return [
      200,
      [...groupByLanguage(records)].map(([, group]) => {
        const facts = languageFacts(group[0]);
        return this.options.generation === "4"
          ? olderLanguageRow(group, facts.code, facts.name)
          : this.statistics(group, facts);
      }),
    ];
  }

  /** A project's component list leaves the project out: it is the same for every item. */
  private projectListItem(component: unknown): unknown {
    return withoutKey("project")(component);
  }

  private statistics(records: unknown[], facts: Facts, perTranslation = false): Json {
    return statistics(records, facts, this.options.generation, perTranslation);
  }

  /**
   * `/api/translations/` items embed the component and its project; older servers a shorter
   * component.
   */
  private instanceItem(translation: unknown): unknown {
    if (this.options.shapes !== "older" && this.options.generation !== "4") return translation;
    const t = obj(translation);
    const component = obj(t?.component);
    if (!t || !component) return translation;
    const short = Object.fromEntries(
      OLDER_LIST_COMPONENT_FIELDS.filter((k) => k in component).map((k) => [k, component[k]]),
    );
    return { ...t, component: short };
  }

  private page(url: URL, items: unknown[]): Answer {
    if (this.options.bareArrays) return [200, items];
    const page = listPage(url, items, this.options.defaultPageSize || 50, this.options.maxPageSize);
    return page ? [200, page] : [404, { detail: "Invalid page." }];
  }
}

function found(body: unknown): Answer {
  return body === undefined ? NOT_FOUND : [200, body];
}

/** A copy without one key, the others in their order (as Weblate's serializers drop a field). */
function withoutKey(key: string): (value: unknown) => unknown {
  return (value) => {
    if (!isJson(value) || !(key in value)) return value;
    const { [key]: _dropped, ...rest } = value;
    return rest;
  };
}

function groupByLanguage(records: unknown[]): Map<string, unknown[]> {
  const groups = new Map<string, unknown[]>();
  for (const record of records) {
    const code = field(field(record, "language"), "code");
    if (typeof code !== "string") continue;
    groups.set(code, [...(groups.get(code) ?? []), record]);
  }
  return groups;
}

const translationFacts = (t: unknown): Json => ({
  ...languageFacts(t),
  url: field(t, "web_url"),
  translate_url: field(t, "translate_url"),
});
const languageFacts = (t: unknown): Json => ({
  code: field(field(t, "language"), "code"),
  name: field(field(t, "language"), "name"),
});

/**
 * A component's path as its API paths have it, taken from its own `url`: the slug, or for a
 * component inside categories the category slugs and its own joined by "%2F" (`docs%2Fusage`).
 */
function componentPathOf(component: unknown): string | undefined {
  return componentPathOfLink(str(field(component, "url"))) ?? str(field(component, "slug"));
}
