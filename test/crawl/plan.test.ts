import { describe, expect, it } from "vitest";
import {
  addProjectWork,
  inShard,
  mergeProjectWork,
  planCrawl,
  stableHash,
  usesList,
  type ComponentWork,
} from "../../src/crawl/plan.js";

const t = (key: string) => {
  const [project, component, language] = key.split("/") as [string, string, string];
  return { project, component, language };
};

describe("planCrawl", () => {
  it("groups triples by component, in triple order, each language once", () => {
    const plan = planCrawl(["p/b/fr", "p/a/de", "p/a/cs", "p/a/de", "q/a/de"].map(t));
    expect(plan).toEqual({
      projects: [],
      components: [
        { project: "p", component: "a", allLanguages: false, languages: ["cs", "de"] },
        { project: "p", component: "b", allLanguages: false, languages: ["fr"] },
        { project: "q", component: "a", allLanguages: false, languages: ["de"] },
      ],
    });
  });

  it("keeps a language wildcard as allLanguages beside the named languages", () => {
    expect(planCrawl(["p/a/de", "p/a/*"].map(t)).components).toEqual([
      { project: "p", component: "a", allLanguages: true, languages: ["de"] },
    ]);
  });

  it("puts component wildcards under projects and project wildcards under the instance", () => {
    const plan = planCrawl(["p/*/de", "p/*/*", "*/*/fr", "*/*/cs", "q/c/de"].map(t));
    expect(plan.instance).toEqual({ allLanguages: false, languages: ["cs", "fr"] });
    expect(plan.projects).toEqual([{ project: "p", allLanguages: true, languages: ["de"] }]);
    expect(plan.components).toEqual([
      { project: "q", component: "c", allLanguages: false, languages: ["de"] },
    ]);
  });
});

describe("expanding project work", () => {
  it("addProjectWork merges into a project already planned, or adds one", () => {
    const projects = [{ project: "p", allLanguages: false, languages: ["de"] }];
    addProjectWork(projects, "p", { allLanguages: false, languages: ["fr", "de"] });
    addProjectWork(projects, "q", { allLanguages: true, languages: [] });
    expect(projects).toEqual([
      { project: "p", allLanguages: false, languages: ["de", "fr"] },
      { project: "q", allLanguages: true, languages: [] },
    ]);
  });

  it("mergeProjectWork adds a project wildcard's languages to one of its components, as optional ones", () => {
    const work = new Map<string, ComponentWork>([
      ["p/a", { project: "p", component: "a", allLanguages: false, languages: ["cs"] }],
    ]);
    mergeProjectWork(work, { project: "p", allLanguages: true, languages: ["de", "cs"] }, "a");
    mergeProjectWork(work, { project: "p", allLanguages: false, languages: ["fr"] }, "docs%2Fb");
    // "cs" was asked for by name: a component without it fails; "de" and "fr" only by the
    // wildcard: a component without them is skipped.
    expect([...work.values()]).toEqual([
      {
        project: "p",
        component: "a",
        allLanguages: true,
        languages: ["cs", "de"],
        optional: ["de"],
      },
      {
        project: "p",
        component: "docs%2Fb",
        allLanguages: false,
        languages: ["fr"],
        optional: ["fr"],
      },
    ]);
  });
});

describe("usesList", () => {
  it.each([
    [{ allLanguages: false, languages: ["de"] }, false],
    [{ allLanguages: false, languages: ["de", "fr"] }, true],
    [{ allLanguages: true, languages: [] }, true],
  ])("%j -> %s", (languages, expected) => {
    expect(usesList({ project: "p", component: "c", ...languages })).toBe(expected);
  });
});

describe("shards", () => {
  it("hashes with FNV-1a (the same on every machine)", () => {
    expect(stableHash("")).toBe(0x811c9dc5);
    expect(stableHash("a")).toBe(0xe40c292c);
    expect(stableHash("foobar")).toBe(0xbf9cf968);
  });

  it("gives every component to exactly one shard, and everything to a single one", () => {
    const components = Array.from({ length: 50 }, (_, i) => `c${i}`);
    for (const component of components) {
      const owners = [1, 2, 3].filter((index) => inShard("p", component, { index, count: 3 }));
      expect(owners).toHaveLength(1);
      expect(inShard("p", component, { index: 1, count: 1 })).toBe(true);
      expect(inShard("p", component, undefined)).toBe(true);
    }
    // Not all in one shard: 50 components spread over 3.
    expect(
      new Set(
        components.map((c) => [1, 2, 3].find((index) => inShard("p", c, { index, count: 3 }))),
      ).size,
    ).toBe(3);
  });
});
