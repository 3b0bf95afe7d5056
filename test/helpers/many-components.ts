import { parseTripleString } from "../../src/config/triple.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";

// A snapshot of an instance with many components (synthetic records, no crawl), for the badges
// page split by project: optionally a hostile project slug and long unbroken names.

const BASE = "https://weblate.example";

/** Percent, "#", "?", quotes, markup and a space: a slug a hostile server could send. */
export const HOSTILE_SLUG = `a b#c?d%e&"<x>'`;

export interface ManyComponents {
  projects: number;
  components: number;
  languages: number;
  /** The second project's slug is HOSTILE_SLUG. */
  hostile?: boolean;
  /** Project and component names of 120 characters and more without a space. */
  longNames?: boolean;
  /** Components left out, by number (component99 sorts last of component0..component100). */
  omit?: number[];
  /** Projects, by number, whose every component is a glossary (not counted by default). */
  glossary?: number[];
}

export function manyComponentsSnapshot(size: ManyComponents): Snapshot {
  const records = syntheticRecords(size)(BASE);
  const slug = (p: number) => (size.hostile && p === 1 ? HOSTILE_SLUG : `project${p}`);
  const keys: string[] = [];
  for (let p = 0; p < size.projects; p++)
    for (let c = 0; c < size.components; c++)
      if (!size.omit?.includes(c))
        for (let l = 0; l < size.languages; l++)
          keys.push(`${slug(p)}/component${c}/l${String(l).padStart(3, "0")}`);
  const glossaries = new Set((size.glossary ?? []).map(slug));
  const triples = keys.map((key) => {
    const parsed = parseTripleString(key);
    if (!parsed.triple) throw new Error(parsed.problem);
    return parsed.triple;
  });
  const entries = triples.map((triple, i) =>
    toEntry(
      {
        triple,
        body: renamed(
          records[i],
          triple.project,
          size.longNames ?? false,
          glossaries.has(triple.project),
        ),
      },
      { baseUrl: BASE },
    ),
  );
  return toSnapshot(entries, { baseUrl: BASE, triples, now: new Date("2026-11-21T12:00:00Z") });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * A synthetic record of the project `slug`, names made long, made a glossary (the shared records
 * copied).
 */
function renamed(record: unknown, slug: string, long: boolean, glossary: boolean): unknown {
  if (!isObject(record) || !isObject(record.component)) return record;
  const { component } = record;
  const { project } = component;
  if (!isObject(project)) return record;
  const longer = (name: unknown) => (long ? `${"Unbroken-name-".repeat(9)}${String(name)}` : name);
  return {
    ...record,
    component: {
      ...component,
      name: longer(component.name),
      ...(glossary ? { is_glossary: true } : {}),
      project: { ...project, slug, name: longer(project.name) },
    },
  };
}
