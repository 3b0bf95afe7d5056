import { compareTriples, WILDCARD, type Triple } from "../config/triple.js";
import type { Shard } from "../model/shard.js";

/** Which languages are wanted: every one, or the named ones. */
export interface Want {
  allLanguages: boolean;
  languages: string[];
}

/** The work for one component. */
export interface ComponentWork extends Want {
  project: string;
  component: string;
  /**
   * Of `languages`, those asked for only by a component wildcard with a named language: one without
   * that translation is skipped, not failed. Absent when there are none.
   */
  optional?: string[];
}

/** A project whose components must first be listed (a component wildcard). */
export interface ProjectWork extends Want {
  project: string;
}

/** The whole instance ("*" for project and component). */
export type InstanceWork = Want;

export interface CrawlPlan {
  /** Present when a triple names every project. */
  instance?: InstanceWork;
  projects: ProjectWork[];
  components: ComponentWork[];
}

/** Groups configured triples by component, so a component's translations can come from one list. */
export function planCrawl(triples: readonly Triple[]): CrawlPlan {
  const projects = new Map<string, ProjectWork>();
  const components = new Map<string, ComponentWork>();
  let instance: InstanceWork | undefined;
  for (const t of [...triples].sort(compareTriples)) {
    if (t.project === WILDCARD) {
      instance ??= { allLanguages: false, languages: [] };
      addLanguage(instance, t.language);
      continue;
    }
    const { project, component } = t;
    if (component === WILDCARD) {
      const blank = () => ({ project, allLanguages: false, languages: [] });
      addLanguage(workIn(projects, project, blank), t.language);
      continue;
    }
    const blank = () => ({ project, component, allLanguages: false, languages: [] });
    addLanguage(workIn(components, `${project}/${component}`, blank), t.language);
  }
  return {
    ...(instance ? { instance } : {}),
    projects: [...projects.values()],
    components: [...components.values()],
  };
}

/**
 * Adds a project-wide entry (the instance's, when its list cannot be read), merged with one already
 * planned.
 */
export function addProjectWork(projects: ProjectWork[], project: string, want: Want): void {
  let work = projects.find((p) => p.project === project);
  if (!work) {
    work = { project, allLanguages: false, languages: [] };
    projects.push(work);
  }
  if (want.allLanguages) work.allLanguages = true;
  for (const language of want.languages) addLanguage(work, language);
}

/** Adds what a project-wide entry asks of one of its components. */
export function mergeProjectWork(
  plan: Map<string, ComponentWork>,
  project: ProjectWork,
  component: string,
): void {
  const blank = () => ({ project: project.project, component, allLanguages: false, languages: [] });
  const work = workIn(plan, `${project.project}/${component}`, blank);
  if (project.allLanguages) work.allLanguages = true;
  for (const language of project.languages) {
    if (work.languages.includes(language)) continue;
    addLanguage(work, language);
    // Asked for by the wildcard only: a component that lacks it is skipped.
    work.optional ??= [];
    work.optional.push(language);
  }
}

/** The work planned under `key`, made by `blank` the first time. */
function workIn<T>(plan: Map<string, T>, key: string, blank: () => T): T {
  let work = plan.get(key);
  if (work === undefined) {
    work = blank();
    plan.set(key, work);
  }
  return work;
}

function addLanguage(work: Want, language: string): void {
  if (language === WILDCARD) work.allLanguages = true;
  else if (!work.languages.includes(language)) work.languages.push(language);
}

/**
 * Whether a component's translations are best fetched through its list: all of them, or two or
 * more.
 */
export function usesList(work: ComponentWork): boolean {
  return work.allLanguages || work.languages.length >= 2;
}

/** FNV-1a, for a shard assignment that is the same on every machine and every run. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Whether a component belongs to a shard (1-based index): split by component, never within one. */
export function inShard(project: string, component: string, shard: Shard | undefined): boolean {
  if (!shard || shard.count === 1) return true;
  return stableHash(`${project}/${component}`) % shard.count === shard.index - 1;
}
