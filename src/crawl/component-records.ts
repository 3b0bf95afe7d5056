import type { WeblateRoutes } from "../weblate/routes.js";
import { fetchList } from "./fetch-list.js";
import type { HttpClient } from "../http/http-client.js";
import { hasProject, joinProject, listedComponentPath } from "./join.js";
import { field, isJson } from "../model/json.js";

/**
 * The component records a crawl joins into list items, and the project records it joins into
 * them. Real servers leave `project` out of the items of a project's component list: the project
 * comes from a component record that has it (`/api/components/<p>/<c>/`, instance-wide lists), or
 * from `/api/projects/<p>/`, one request per project. What no endpoint sent stays missing.
 */
export class ComponentRecords {
  /**
   * Component records as a project's list has them, by "project/component path"; once joined with
   * their project, the joined record (made once: records then share the object).
   */
  private readonly listed = new Map<string, unknown>();
  /** Project records the server sent, by project slug. */
  private readonly projects = new Map<string, unknown>();
  private readonly projectFetches = new Map<string, Promise<unknown>>();
  private readonly projectLists = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: HttpClient,
    private readonly routes: WeblateRoutes,
    private readonly pageSize: number,
  ) {}

  /** Keeps the component records of a project's list; returns their paths. */
  remember(project: string, components: unknown[]): string[] {
    const paths: string[] = [];
    for (const component of components) {
      const path = listedComponentPath(component);
      if (path === undefined) continue;
      paths.push(path);
      if (!this.listed.has(`${project}/${path}`)) this.listed.set(`${project}/${path}`, component);
      this.keepProjectOf(project, component);
    }
    return paths;
  }

  /** Whether the project's component list gave this component. */
  has(project: string, component: string): boolean {
    return this.listed.has(`${project}/${component}`);
  }

  /** Fetches the project's component list, and its project record beside it. */
  loadProjectList(project: string): void {
    if (this.projectLists.has(project)) return;
    const url = this.routes.projectComponents(project);
    const list = fetchList(this.client, url, this.pageSize).then(
      (components) => this.remember(project, components),
      () => undefined,
    );
    this.projectLists.set(project, list);
    void this.projectRecord(project);
  }

  /** Starts fetching the project record a listed component will need, beside the lists. */
  prefetchProjectFor(project: string, component: string): void {
    const listed = this.listed.get(`${project}/${component}`);
    if (listed !== undefined && !hasProject(listed)) void this.projectRecord(project);
  }

  /** The project record (`/api/projects/<p>/`, asked once), or undefined when it cannot be had. */
  projectRecord(project: string): Promise<unknown> {
    const known = this.projects.get(project);
    if (known !== undefined) return Promise.resolve(known);
    let fetching = this.projectFetches.get(project);
    if (!fetching) {
      fetching = this.client.getJson(this.routes.project(project)).then(
        ({ body }) => {
          if (!isJson(body)) return undefined;
          if (!this.projects.has(project)) this.projects.set(project, body);
          return this.projects.get(project);
        },
        () => undefined,
      );
      this.projectFetches.set(project, fetching);
    }
    return fetching;
  }

  /** Keeps the project a component record carries, for the components that come without one. */
  keepProjectOf(project: string, component: unknown): void {
    if (!this.projects.has(project) && hasProject(component))
      this.projects.set(project, field(component, "project"));
  }

  /**
   * The component's record with its project: from the project's list (joined with the project
   * record), else from the component's own endpoint. Rejects when neither can be had.
   */
  async componentFor(project: string, component: string): Promise<unknown> {
    const key = `${project}/${component}`;
    await this.projectLists.get(project);
    const listed = this.listed.get(key);
    if (hasProject(listed)) return listed;
    if (listed !== undefined) {
      const projectRecord = await this.projectRecord(project);
      if (projectRecord !== undefined) {
        if (!hasProject(this.listed.get(key)))
          this.listed.set(key, joinProject(listed, projectRecord));
        return this.listed.get(key);
      }
    }
    const { body } = await this.client.getJson(this.routes.component(project, component));
    if (hasProject(body)) {
      this.keepProjectOf(project, body);
      return body;
    }
    // A server that sends no project here either: join the project record if there is one; else it
    // stays missing.
    const projectRecord = await this.projectRecord(project);
    return projectRecord === undefined ? body : joinProject(body, projectRecord);
  }
}
