import { describe, expect, it } from "vitest";
import { compareTriples, type Triple } from "../../src/config/triple.js";
import type { SnapshotEntry } from "../../src/snapshot/schema.js";
import { SpoolIndex } from "../../src/snapshot/spool-index.js";

const entry = (t: Triple): SnapshotEntry => ({
  ...t,
  status: "ok",
  warnings: [],
  errors: [],
  notes: [],
});

describe("SpoolIndex.sorted", () => {
  it("orders the lines by project, component, language in code-unit order, repeats as they came", () => {
    // Names that sort differently by case, by prefix and by code unit ("Z" < "a" < "a-b" < "a/b"),
    // in a scrambled order, some triples twice, past a chunk of the index's columns (64 Ki).
    const projects = ["b", "Z", "a", "a-b", "ab", "é"];
    const components = ["glossary", "a/b", "a-b", "Core", "core"];
    const languages = ["pt_BR", "pt", "de", "zh_Hant", "DE", "pt-BR"];
    const index = new SpoolIndex();
    const triples: Triple[] = [];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 70_000; i++) {
      const triple = {
        project: projects[next(projects.length)] ?? "",
        component: components[next(components.length)] ?? "",
        language: languages[next(languages.length)] ?? "",
      };
      triples.push(triple);
      index.add(entry(triple), i, 1, []);
    }
    const expected = triples
      .map((triple, n) => ({ triple, n }))
      .sort((a, b) => compareTriples(a.triple, b.triple) || a.n - b.n)
      .map(({ n }) => n);
    const sorted = index.sorted();
    expect(sorted.length).toBe(triples.length);
    expect([...sorted]).toEqual(expected);
    expect(index.triple(sorted[0] ?? -1)).toEqual({
      project: "Z",
      component: "Core",
      language: "DE",
    });
  });

  it("sorts an empty index and a single line", () => {
    const index = new SpoolIndex();
    expect([...index.sorted()]).toEqual([]);
    index.add(entry({ project: "p", component: "c", language: "de" }), 0, 1, []);
    expect([...index.sorted()]).toEqual([0]);
  });
});
