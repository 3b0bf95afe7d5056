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

  it("keeps each line's record and carried references through adds, replaces and retain", () => {
    const index = new SpoolIndex();
    const at = (n: number) => entry({ project: "p", component: "c", language: `l${n}` });
    const refs = (n: number) => [0, 1, 2, 3].map((slot) => index.ref(n, slot));
    index.add(at(0), 0, 1, [0, 1, -1, -1]);
    index.add(at(1), 1, 1, [2, -1, -1, -1]);
    // The first line with carried references: the lines before have none.
    index.add(at(2), 2, 1, [-1, -1, 4, 5]);
    index.add(at(3), 3, 1, [6, 7]);
    expect([0, 1, 2, 3].map(refs)).toEqual([
      [0, 1, -1, -1],
      [2, -1, -1, -1],
      [-1, -1, 4, 5],
      [6, 7, -1, -1],
    ]);
    index.replace(1, at(1), 9, 1, [8, 9, 10, 11]);
    index.retain((n) => n !== 0);
    expect([0, 1, 2].map(refs)).toEqual([
      [8, 9, 10, 11],
      [-1, -1, 4, 5],
      [6, 7, -1, -1],
    ]);
    // A line replaced with carried data in an index that had none.
    const plain = new SpoolIndex();
    plain.add(at(0), 0, 1, [1, 2, -1, -1]);
    plain.add(at(1), 1, 1, [3, 4, -1, -1]);
    plain.replace(1, at(1), 2, 1, [3, 4, 5, 6]);
    expect([0, 1].map((n) => [0, 1, 2, 3].map((slot) => plain.ref(n, slot)))).toEqual([
      [1, 2, -1, -1],
      [3, 4, 5, 6],
    ]);
  });
});
