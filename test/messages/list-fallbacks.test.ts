import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import type { Fault } from "../../src/demo/stand-in-server.js";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// The issue's row "a project whose component list answers 404 (seen on recorded real responses),
// tracked as project/*/*": the crawl reaches the same translations another way (the instance's
// component list, then its translation list) before it gives up, and a component's own list
// refused falls back the same way.

const demo = (base: string) => buildDemoRecords(base, { olderProject: false });
const refused = (status: number, times = 3): Fault[] =>
  Array.from({ length: times }, () => ({ status, body: '{"detail": "Not found."}' }));

describe("a list that fails with 404 or 403", () => {
  it.each([404, 403])(
    "project/*/*: the component list answers %s, the instance's component list gives the components",
    async (status) => {
      const server = await startStandIn({ records: demo });
      const reference = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/*"]));
      server.resetStats();
      server.addFault("/api/projects/orbit-notes/components/", ...refused(status));
      const run = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/*"]));
      expect(run.snapshot.translations).toEqual(reference.snapshot.translations);
      expect(server.requestsTo("/api/components/?")).toHaveLength(1);
    },
  );

  it("project/*/*: with the instance's component list refused too, the instance's translation list gives them", async () => {
    const server = await startStandIn({ records: demo });
    const reference = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/*"]));
    server.addFault("/api/projects/orbit-notes/components/", ...refused(404));
    server.addFault("/api/components/", ...refused(403));
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/*"]));
    expect(run.snapshot.translations).toEqual(reference.snapshot.translations);
  });

  it("project/*/*: when every way fails, the wildcard fails with the list's own answer", async () => {
    const server = await startStandIn({ records: demo });
    server.addFault("/api/projects/orbit-notes/components/", ...refused(404));
    server.addFault("/api/components/", ...refused(404));
    server.addFault("/api/translations/", ...refused(404));
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/*/*"]));
    expect(run.snapshot.translations.map((t) => [t.component, t.language, t.status])).toEqual([
      ["*", "*", "failed"],
    ]);
    expect(run.snapshot.translations[0]?.errors[0]?.message).toBe(
      `[GET] "${server.baseUrl}/api/projects/orbit-notes/components/?page_size=1000": 404 Not Found (Not found.)`,
    );
  });

  it("project/component/*: the component's translation list refused, the instance's list gives them", async () => {
    const server = await startStandIn({ records: demo });
    const reference = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/android/*"]));
    server.addFault("/api/components/orbit-notes/android/translations/", ...refused(403));
    const run = await crawlToSnapshot(testConfig(server.baseUrl, ["orbit-notes/android/*"]));
    expect(run.snapshot.translations).toEqual(reference.snapshot.translations);
    expect(server.requestsTo("/api/translations/?")).toHaveLength(1);
  });

  it("a 500 is not a reason to look elsewhere: the wildcard fails after its retries", async () => {
    const server = await startStandIn({ records: demo });
    server.addFault("/api/projects/orbit-notes/components/", ...refused(500, 4));
    const run = await crawlToSnapshot(
      testConfig(server.baseUrl, ["orbit-notes/*/*"], { retries: 3 }),
    );
    expect(run.snapshot.translations.map((t) => t.status)).toEqual(["failed"]);
    expect(server.requestsTo("/api/components/?")).toHaveLength(0);
  });
});

describe("which other way was taken", () => {
  it.each([
    [
      "orbit-notes/*/*",
      "/api/projects/orbit-notes/components/",
      [] as string[],
      "note orbit-notes/*: its component list answered 404; its translations were reached through the server's component list (/api/components/) instead",
    ],
    [
      "orbit-notes/*/*",
      "/api/projects/orbit-notes/components/",
      ["/api/components/"],
      "note orbit-notes/*: its component list answered 404; its translations were reached through the server's translation list (/api/translations/) instead",
    ],
    [
      "harbor-docs/manual/guide/*",
      "/api/components/harbor-docs/manual%252Fguide/translations/",
      [],
      "note harbor-docs/manual/guide: its translation list answered 404; its translations were reached through the server's translation list (/api/translations/) instead",
    ],
  ])("%s, %s refused: one note with --verbose, none without", async (triple, list, also, note) => {
    const server = await startStandIn({ records: demo });
    const faults = () => {
      server.addFault(list, ...refused(404));
      for (const path of also) server.addFault(path, ...refused(403));
    };
    faults();
    const verbose = await runMain({ baseUrl: server.baseUrl, translations: [triple] }, [
      "crawl",
      "--verbose",
    ]);
    expect(verbose.code).toBe(0);
    expect(
      verbose.err.split("\n").filter((l) => l.startsWith("note ") && l.includes("list")),
    ).toEqual([note]);
    faults();
    const quiet = await runMain({ baseUrl: server.baseUrl, translations: [triple] });
    expect(quiet.err).not.toContain("answered 404");
  });
});
