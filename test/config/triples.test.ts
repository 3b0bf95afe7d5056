import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.js";

const parse = (translations: unknown[]) =>
  parseConfig({ baseUrl: "https://weblate.example", translations }, "c.json", {}).translations;

describe("configured triples", () => {
  it("takes a component inside categories as its category path, in each way it can be written, as one triple", () => {
    expect(
      parse([
        "weblate/docs/usage/de",
        "weblate/docs%2Fusage/de",
        { project: "weblate", component: "docs/usage", language: "de" },
      ]),
    ).toEqual([{ project: "weblate", component: "docs%2Fusage", language: "de" }]);
  });

  it("takes nested categories, wildcards for a whole component, and plain triples beside them", () => {
    expect(parse(["weblate/docs/guides/install/*", "weblate/*/cs", "weblate/app/de"])).toEqual([
      { project: "weblate", component: "*", language: "cs" },
      { project: "weblate", component: "app", language: "de" },
      { project: "weblate", component: "docs%2Fguides%2Finstall", language: "*" },
    ]);
  });

  it("takes the whole instance as */*/* or */*/<language>, and refuses a project wildcard with a named component", () => {
    expect(parse(["*/*/*", "*/*/de", { project: "*", component: "*", language: "fr" }])).toEqual([
      { project: "*", component: "*", language: "*" },
      { project: "*", component: "*", language: "de" },
      { project: "*", component: "*", language: "fr" },
    ]);
    const refused =
      '"*" for the project stands for every translation of the server and needs "*" for the component too ("*/*/*" or "*/*/language")';
    expect(() => parse(["*/app/de"])).toThrow(`${refused}, in "*/app/de"`);
    expect(() => parse([{ project: "*", component: "app", language: "de" }])).toThrow(refused);
  });
});
