import { describe, expect, it } from "vitest";
import { parseApiPath } from "../../src/weblate/api-path.js";
import { WeblateRoutes } from "../../src/weblate/routes.js";

describe("parseApiPath", () => {
  it.each([
    ["/api/", { name: "root" }],
    ["/api/projects/", { name: "list", collection: "projects" }],
    ["/api/translations/", { name: "list", collection: "translations" }],
    ["/api/projects/p/", { name: "project", project: "p" }],
    ["/api/projects/p/components/", { name: "project", project: "p", sub: "components" }],
    ["/api/projects/p/languages/", { name: "project", project: "p", sub: "languages" }],
    [
      "/api/components/p/docs%252Fusage/",
      { name: "component", project: "p", component: "docs%2Fusage" },
    ],
    [
      "/api/components/p/c/translations/",
      { name: "component", project: "p", component: "c", sub: "translations" },
    ],
    [
      "/api/translations/p/c/sr%40latin/",
      { name: "translation", project: "p", component: "c", language: "sr@latin" },
    ],
    [
      "/api/translations/p/c/de/statistics/",
      { name: "translation", project: "p", component: "c", language: "de", sub: "statistics" },
    ],
    ["/api/projects/p/changes/", { name: "project", project: "p", sub: "changes" }],
    ["/api/languages/de/", { name: "language", code: "de" }],
    ["/api/languages/de/statistics/", { name: "language", code: "de", sub: "statistics" }],
  ])("%s", (path, route) => {
    expect(parseApiPath(path)).toEqual(route);
  });

  it.each([
    "/api",
    "/api/translations/p/c/de",
    "/other/",
    "/api/units/",
    "/api/projects/p/changes/x/",
    "/api/projects/p/components/x/",
    "/api/components/p/",
    "/api/components/p/c/lock/",
    "/api/components/p/c/translations/x/",
    "/api/translations/p/",
    "/api/translations/p/c/",
    "/api/translations/p/c/de/file/",
    "/api/translations/p/c/de/statistics/x/",
    "/api/languages/de/x/",
    "/api/languages/de/statistics/x/",
    "/api/translations/p/%E0%A4%A/de/",
  ])("%s is no read-only route", (path) => {
    expect(parseApiPath(path)).toBeUndefined();
  });

  it("reads back every path the routes build", () => {
    const routes = new WeblateRoutes("http://127.0.0.1:8080");
    const path = (url: string) => new URL(url).pathname;
    const triple = { project: "p q", component: "docs%2Fusage", language: "zh_Hans" };
    expect(parseApiPath(path(routes.translation(triple)))).toEqual({
      name: "translation",
      ...triple,
    });
    expect(parseApiPath(path(routes.componentTranslations("p q", "docs%2Fusage")))).toEqual({
      name: "component",
      project: "p q",
      component: "docs%2Fusage",
      sub: "translations",
    });
    expect(parseApiPath(path(routes.projectComponents("p q")))).toEqual({
      name: "project",
      project: "p q",
      sub: "components",
    });
  });
});
