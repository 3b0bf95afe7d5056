import { parse } from "node-html-parser";
import { siteOptionsSchema } from "../../src/config/schema.js";
import type { Triple } from "../../src/config/triple.js";
import { toEntry } from "../../src/pipeline/to-entry.js";
import { siteFiles } from "../../src/render/render-site.js";
import { toSnapshot } from "../../src/snapshot/snapshot.js";
import type { Snapshot } from "../../src/snapshot/schema.js";
import { contractRecord, set } from "./fixtures.js";

// The snapshot of test/render/model/metrics.test.ts (its table says the numbers): two
// translations of one component, with or without review, with or without the components'
// statistics.

export const BASE = "https://weblate.example";

export function entry(language: string, n: Record<string, number>, review: boolean | undefined) {
  let r = contractRecord(BASE, {
    language,
    total: 10,
    stats: { translated: n.translated!, fuzzy: 1, failingChecks: 0 },
  });
  for (const [field, value] of Object.entries({
    total_words: 100,
    translated_words: n.words!,
    fuzzy_words: 5,
  }))
    r = set(r, field, value);
  if (review !== undefined) r = set(r, "component.project.translation_review", review);
  const triple: Triple = { project: "proj", component: "comp", language };
  return {
    ...toEntry({ triple, body: r }, { baseUrl: BASE }),
    // The row of the component's statistics newer servers give (entry.statistics).
    statistics: {
      total_chars: 1000,
      translated_chars: n.chars!,
      fuzzy_chars: 20,
      approved: n.approved!,
      readonly: n.readonly!,
      approved_words: 20,
      approved_chars: 200,
    },
  };
}

export function snapshot(
  review: boolean | undefined = true,
  statistics = true,
  deWords = 50,
): Snapshot {
  const entries = [
    entry("de", { translated: 8, words: deWords, chars: 400, approved: 3, readonly: 1 }, review),
    entry("fr", { translated: 5, words: 90, chars: 950, approved: 5, readonly: 0 }, review),
  ].map((e) => (statistics ? e : { ...e, statistics: undefined }));
  const triples = entries.map(({ project, component, language }) => ({
    project,
    component,
    language,
  }));
  return toSnapshot(entries, { baseUrl: BASE, triples, now: new Date("2026-11-21T12:00:00Z") });
}

export async function render(snap: Snapshot, site: Record<string, unknown>) {
  const files = new Map(
    (await siteFiles(snap, siteOptionsSchema.parse(site))).map((f) => [f.path, f.content]),
  );
  const page = parse(files.get("proj/comp/index.html")!);
  const percents = Object.fromEntries(
    page
      .querySelectorAll("table.translations tbody tr")
      .map((tr) => [
        tr.querySelector("th")!.textContent.trim().split(" ")[1],
        tr.querySelectorAll("td")[0]!.textContent,
      ]),
  );
  const badge = (path: string) => JSON.parse(files.get(path)!).message;
  const chart = files.get("badges/proj/comp.chart.svg")!;
  return {
    files,
    percents,
    summary: page.querySelector("p.summary")!.textContent,
    heading: page.querySelector("table.translations thead")!.textContent,
    badges: {
      de: badge("badges/proj/comp/de.json"),
      fr: badge("badges/proj/comp/fr.json"),
      comp: badge("badges/proj/comp.json"),
      project: badge("badges/proj.json"),
    },
    chart: [...chart.matchAll(/>(Language \w+)<tspan[^>]*>([^<]+)</g)].map(
      (m) => `${m[1]} ${m[2]}`,
    ),
    count: badge("badges/proj/comp.languages.json"),
  };
}
