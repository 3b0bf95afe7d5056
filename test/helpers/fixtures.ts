import { makeTranslation, type TranslationStats } from "../../src/demo/record-builder.js";

/**
 * A record exactly as the contract describes it, for project "proj", component "comp", language
 * "cs".
 */
export function contractRecord(
  base: string,
  overrides: {
    project?: string;
    component?: string;
    category?: string;
    language?: string;
    total?: number;
    stats?: Partial<TranslationStats>;
  } = {},
): Record<string, unknown> {
  const project = overrides.project ?? "proj";
  const component = overrides.component ?? "comp";
  const language = overrides.language ?? "cs";
  return makeTranslation(base, {
    project: { slug: project, name: project, web: "https://example.org/code" },
    projectId: 1,
    component: {
      slug: component,
      name: component,
      total: overrides.total ?? 91,
      ...(overrides.category ? { category: overrides.category } : {}),
    },
    componentId: 2,
    language: { code: language, name: `Language ${language}` },
    languageId: 3,
    id: 4,
    stats: {
      translated: 36,
      fuzzy: 5,
      failingChecks: 2,
      lastChange: "2020-08-03T11:56:20.257895Z",
      lastAuthor: "Jane Doe",
      ...overrides.stats,
    },
  });
}

/** Sets a value deep in a record: set(r, "component.project.slug", "x"); undefined deletes. */
export function set(
  record: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(record);
  const keys = path.split(".");
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}
