import { siteOptionsSchema } from "../../src/config/schema.js";
import type { Triple } from "../../src/config/triple.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { siteFiles } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { contractRecord, set } from "../helpers/fixtures.js";

// A small site with the names a careless or hostile server may send, for the export tests: a
// project named like a spreadsheet formula, a component name with a comma, quotes and a line
// break, a language code with a quote, one translation that failed.

export const BASE = "https://weblate.example";
export const HOSTILE_PROJECT = '=HYPERLINK("http://evil.example","x")';
export const HOSTILE_COMPONENT = 'Comp, "the first"\nline 2';
/** The name as every output shows it: a line break (a control character) becomes a space. */
export const SHOWN_COMPONENT = 'Comp, "the first" line 2';
export const QUOTED_CODE = 'q"x';

export function exportsSnapshot(): Snapshot {
  const cs = set(
    set(
      contractRecord(BASE, { stats: { translated: 36, fuzzy: 5, failingChecks: 2 } }),
      "component.project.name",
      HOSTILE_PROJECT,
    ),
    "component.name",
    HOSTILE_COMPONENT,
  );
  const de = set(
    set(
      contractRecord(BASE, {
        language: "de",
        stats: { translated: 91, fuzzy: 0, failingChecks: 0 },
      }),
      "component.project.name",
      HOSTILE_PROJECT,
    ),
    "language.name",
    "@German",
  );
  const quoted = contractRecord(BASE, {
    project: "other",
    component: "docs",
    category: "manual",
    language: QUOTED_CODE,
    total: 10,
    stats: { translated: 3, fuzzy: 1, failingChecks: 0 },
  });
  const triples: Triple[] = [
    { project: "proj", component: "comp", language: "cs" },
    { project: "proj", component: "comp", language: "de" },
    { project: "proj", component: "comp", language: "fr" },
    { project: "other", component: "manual%2Fdocs", language: QUOTED_CODE },
  ];
  const entries = [
    toEntry({ triple: triples[0]!, body: cs }, { baseUrl: BASE }),
    toEntry({ triple: triples[1]!, body: de }, { baseUrl: BASE }),
    toEntry({ triple: triples[2]!, error: new Error("connection reset") }, { baseUrl: BASE }),
    toEntry({ triple: triples[3]!, body: quoted }, { baseUrl: BASE }),
  ];
  return toSnapshot(entries, { baseUrl: BASE, triples, now: new Date("2026-11-21T12:00:00Z") });
}

/** The site's files by path, text content. */
export async function renderedFiles(
  snapshot: Snapshot,
  site: Record<string, unknown> = {},
): Promise<Map<string, string>> {
  const files = await siteFiles(snapshot, siteOptionsSchema.parse({ title: "Exports", ...site }));
  return new Map(files.map((f) => [f.path, f.content]));
}
