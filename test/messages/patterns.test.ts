import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// The rows on patterns: "project/*/de" over components that lack the language, a
// misspelled project or component slug, a language code in the wrong case (pt_br), and the
// did-you-mean the server's own lists give, fetched only when something is missing.

const demo = (base: string) => buildDemoRecords(base, { olderProject: false });
const keys = (
  entries: { project: string; component: string; language: string; status: string }[],
) => entries.map((e) => `${e.project}/${e.component}/${e.language} ${e.status}`);

describe("a project's components in one language", () => {
  it("skips a component without that language (a note), and gets the others as */*/ja does", async () => {
    const server = await startStandIn({ records: demo });
    const project = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/ja"]));
    const instance = await crawlToSnapshot(testConfig(server.baseUrl, ["*/*/ja"]));
    expect(keys(project.snapshot.translations)).toEqual([
      "orbit-notes/application/ja ok",
      "orbit-notes/website/ja ok",
    ]);
    expect(project.snapshot.translations).toEqual(
      instance.snapshot.translations.filter((t) => t.project === "orbit-notes"),
    );
    expect(project.notices).toEqual([
      'orbit-notes/*/ja: 1 component has no translation in "ja", skipped: android',
    ]);
  });

  it("exits 0 with the note under --verbose, and nothing about it otherwise", async () => {
    const server = await startStandIn({ records: demo });
    const config = { baseUrl: server.baseUrl, translations: ["orbit-notes/*/ja"] };
    const quiet = await runMain(config);
    expect(quiet).toMatchObject({ code: 0, err: "" });
    const verbose = await runMain(config, ["crawl", "--verbose"]);
    expect(verbose.err).toContain(
      'note orbit-notes/*/ja: 1 component has no translation in "ja", skipped: android\n',
    );
  });

  it("fails when no component has the language, with what the project has", async () => {
    const server = await startStandIn({ records: demo });
    const run = await runMain({ baseUrl: server.baseUrl, translations: ["orbit-notes/*/pt_br"] });
    expect(run.code).toBe(3);
    expect(run.err.split("\n")[0]).toBe(
      `failed orbit-notes/*/pt_br: [GET] "${server.baseUrl}/api/projects/orbit-notes/languages/": project "orbit-notes" has no translation in "pt_br"; did you mean "pt_BR"?`,
    );
  });

  it("a component named explicitly without the language still fails", async () => {
    const server = await startStandIn({ records: demo });
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["orbit-notes/*/ja", "orbit-notes/android/ja"]),
    );
    expect(keys(run.snapshot.translations)).toContain("orbit-notes/android/ja failed");
    expect(
      run.snapshot.translations.find((t) => t.component === "android")?.errors[0]?.message,
    ).toMatch(
      /: 404 Not Found \(Not found\.\); component "orbit-notes\/android" has no translation in "ja"; it has "b\+ach", "de", "de-rAT", "es-rAR", "fr", "ko"$/,
    );
  });
});

describe("names the server does not have", () => {
  it.each([
    [
      "a misspelled project",
      "orbit-note/*/*",
      'failed orbit-note/*/*: [GET] "BASE/api/projects/orbit-note/": 404 Not Found (Not found.); the server has no project "orbit-note"; did you mean "orbit-notes"?',
    ],
    [
      "a misspelled component",
      "orbit-notes/aplication/de",
      'failed orbit-notes/aplication/de: [GET] "BASE/api/translations/orbit-notes/aplication/de/": 404 Not Found (Not found.); project "orbit-notes" has no component "aplication"; did you mean "application"?',
    ],
    [
      "a component wildcard's misspelled component",
      "orbit-notes/webiste/*",
      'failed orbit-notes/webiste/*: [GET] "BASE/api/components/orbit-notes/webiste/": 404 Not Found (Not found.); project "orbit-notes" has no component "webiste"; did you mean "website"?',
    ],
    [
      "a misspelled component inside a category, shown as it is written (not %2F)",
      "harbor-docs/manual/giude/*",
      'failed harbor-docs/manual/giude/*: [GET] "BASE/api/components/harbor-docs/manual%252Fgiude/": 404 Not Found (Not found.); project "harbor-docs" has no component "manual/giude"; did you mean "manual/guide"?',
    ],
    [
      "a language in the wrong case",
      "orbit-notes/application/pt_br",
      'failed orbit-notes/application/pt_br: [GET] "BASE/api/translations/orbit-notes/application/pt_br/": 404 Not Found (Not found.); component "orbit-notes/application" has no translation in "pt_br"; did you mean "pt_BR"?',
    ],
    [
      "the whole instance in a language in the wrong case",
      "*/*/pt_br",
      'failed */*/pt_br: [GET] "BASE/api/translations/": the server has no translation in "pt_br"; did you mean "pt_BR"?',
    ],
  ])("%s: one line saying what the server has", async (_, triple, line) => {
    const server = await startStandIn({ records: demo });
    const run = await runMain({ baseUrl: server.baseUrl, translations: [triple] }, ["build"]);
    expect(run.code).toBe(3);
    expect(run.err.split("\n")[0]).toBe(line.replace("BASE", server.baseUrl));
  });

  it("asks for the server's lists only when something is missing", async () => {
    const server = await startStandIn({ records: demo });
    await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/*", "tinygrep/cli/de"]));
    expect(server.requestsTo("/api/projects/?")).toHaveLength(0);
    expect(server.requestsTo("/api/projects/tinygrep/")).toHaveLength(0);
    server.resetStats();
    await crawlToSnapshot(testConfig(server.baseUrl, ["tinygrep/cli/xx", "tinygrep/man-pages/xx"]));
    // The projects once, however many translations they explain; a named component's own list.
    expect(server.requestsTo("/api/projects/?")).toHaveLength(1);
    expect(server.requestsTo("/api/components/tinygrep/cli/translations/")).toHaveLength(1);
    expect(server.requestsTo("/api/projects/tinygrep/languages/")).toHaveLength(0);
  });
});
