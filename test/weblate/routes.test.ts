import { describe, expect, it } from "vitest";
import {
  componentPathOfLink,
  translationOfLink,
  WeblateRoutes,
  webComponentPath,
} from "../../src/weblate/routes.js";

const routes = new WeblateRoutes("https://weblate.example/");

describe("WeblateRoutes builds", () => {
  it("the API paths the crawl asks for, each slug one encoded segment", () => {
    expect(routes.root()).toBe("https://weblate.example/api/");
    expect(routes.collection("translations")).toBe("https://weblate.example/api/translations/");
    expect(routes.project("my project")).toBe("https://weblate.example/api/projects/my%20project/");
    expect(routes.projectComponents("p")).toBe(
      "https://weblate.example/api/projects/p/components/",
    );
    expect(routes.component("p", "docs%2Fusage")).toBe(
      "https://weblate.example/api/components/p/docs%252Fusage/",
    );
    expect(routes.componentTranslations("p", "app")).toBe(
      "https://weblate.example/api/components/p/app/translations/",
    );
    expect(
      routes.translation({ project: "p", component: "docs%2Fusage", language: "sr@latin" }),
    ).toBe("https://weblate.example/api/translations/p/docs%252Fusage/sr%40latin/");
  });

  it("a translation's documented links, API paths with the component path, web paths with its slugs", () => {
    expect(
      routes.translationLinks({ project: "p", component: "docs%2Fusage", language: "de" }),
    ).toEqual({
      url: "https://weblate.example/api/translations/p/docs%252Fusage/de/",
      repository_url: "https://weblate.example/api/translations/p/docs%252Fusage/de/repository/",
      file_url: "https://weblate.example/api/translations/p/docs%252Fusage/de/file/",
      statistics_url: "https://weblate.example/api/translations/p/docs%252Fusage/de/statistics/",
      changes_list_url: "https://weblate.example/api/translations/p/docs%252Fusage/de/changes/",
      units_list_url: "https://weblate.example/api/translations/p/docs%252Fusage/de/units/",
      web_url: "https://weblate.example/projects/p/docs/usage/de/",
      share_url: "https://weblate.example/engage/p/de/",
      translate_url: "https://weblate.example/translate/p/docs/usage/de/",
    });
  });

  it("the links of a project, a component and a language", () => {
    expect(Object.values(routes.projectLinks("p"))).toEqual([
      "https://weblate.example/api/projects/p/",
      "https://weblate.example/api/projects/p/components/",
      "https://weblate.example/api/projects/p/repository/",
      "https://weblate.example/api/projects/p/statistics/",
      "https://weblate.example/api/projects/p/changes/",
      "https://weblate.example/api/projects/p/languages/",
      "https://weblate.example/projects/p/",
    ]);
    expect(routes.componentLinks("p", "app")).toMatchObject({
      translations_url: "https://weblate.example/api/components/p/app/translations/",
      lock_url: "https://weblate.example/api/components/p/app/lock/",
      web_url: "https://weblate.example/projects/p/app/",
    });
    expect(routes.languageLinks("pt_BR")).toEqual({
      url: "https://weblate.example/api/languages/pt_BR/",
      statistics_url: "https://weblate.example/api/languages/pt_BR/statistics/",
      web_url: "https://weblate.example/languages/pt_BR/",
    });
  });

  it.each([
    ["app", "app"],
    ["docs%2Fusage", "docs/usage"],
    ["a%2Fb%2Fc d", "a/b/c%20d"],
  ])("web path of %j is %j", (path, web) => {
    expect(webComponentPath(path)).toBe(web);
  });
});

describe("links read back", () => {
  it("a translation link names its triple, decoded once", () => {
    expect(
      translationOfLink(
        routes.translation({ project: "p", component: "docs%2Fusage", language: "sr@latin" }),
      ),
    ).toEqual({ project: "p", component: "docs%2Fusage", language: "sr@latin" });
    expect(translationOfLink("https://x/api/translations/p/c/de/?format=api")).toEqual({
      project: "p",
      component: "c",
      language: "de",
    });
  });

  it.each([
    [undefined],
    [42],
    ["https://x/api/translations/p/c/"],
    ["https://x/api/translations/p/c/de/file/"],
    ["https://x/api/translations/p/%E0%A4%A/de/"],
  ])("%j names no translation", (url) => {
    expect(translationOfLink(url)).toBeUndefined();
  });

  it("a component link names its path", () => {
    expect(componentPathOfLink(routes.component("p", "docs%2Fusage"))).toBe("docs%2Fusage");
    expect(componentPathOfLink("https://x/api/components/p/app/#top")).toBe("app");
    expect(componentPathOfLink("https://x/api/components/p/app/translations/")).toBeUndefined();
    expect(componentPathOfLink(null)).toBeUndefined();
  });
});
