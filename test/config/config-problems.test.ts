import { describe, expect, it } from "vitest";
import { checkBaseUrl } from "../../src/config/base-url.js";
import { contractRecord } from "../helpers/fixtures.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn } from "../helpers/stand-in.js";

// The issue's rows "a config with a typo" (every problem listed, JSON syntax by line and column)
// and "baseUrl ending in /api, /api/, or a project's web address".

describe("every config problem at once", () => {
  it("lists each problem on its own line, none hidden behind a count", async () => {
    const run = await runMain({
      baseUrl: "https://weblate.example",
      translations: ["proj/comp"],
      crawl: { concurency: 8, retries: 99 },
    });
    expect(run.code).toBe(2);
    const lines = run.err.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^l10n-snapshot: config .*config\.json: 3 problems$/);
    expect(lines.slice(1)).toEqual([
      'l10n-snapshot:   "translations[0]": expected "project/component/language" (slugs joined by "/", "*" allowed for component or language), found "proj/comp"',
      'l10n-snapshot:   "crawl.retries": expected retries: a whole number from 0 to 10, found 99',
      expect.stringMatching(
        /^l10n-snapshot: {3}unknown key "concurency" in "crawl"; did you mean "concurrency"\? remove it or check its spelling \(allowed: concurrency, /,
      ),
    ]);
    expect(run.err).not.toContain("more problem");
  });

  it("names a JSON syntax error by line and column", async () => {
    const run = await runMain(
      '{\n  "baseUrl": "https://weblate.example",\n  "translations": ["p/c/de"]\n  "site": {}\n}\n',
    );
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /^l10n-snapshot: config .*config\.json: not valid JSON: line 4, column 3: \S.*\n$/,
    );
    expect(run.err).not.toContain("position");
  });

  it("names the end of a cut-off file", async () => {
    const run = await runMain('{\n  "baseUrl": "https://weblate.example",\n');
    expect(run.err).toMatch(/not valid JSON: line 3, column 1: \S.*\n$/);
  });

  it("reads a file that starts with a byte order mark", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const run = await runMain(
      `\ufeff${JSON.stringify({ baseUrl: server.baseUrl, translations: ["proj/comp/cs"] })}`,
    );
    expect(run.code).toBe(0);
  });
});

describe("a baseUrl that is not the server's base", () => {
  it.each(["/api", "/api/"])(
    "ending in %s is taken back to the base, with a note",
    async (suffix) => {
      const server = await startStandIn({ records: (base) => [contractRecord(base)] });
      const run = await runMain({
        baseUrl: `${server.baseUrl}${suffix}`,
        translations: ["proj/comp/cs"],
      });
      expect(run.code).toBe(0);
      expect(run.err).toMatch(
        new RegExp(
          `^note config .*config\\.json: "baseUrl" ends in /api \\(the API's root\\); using ${server.baseUrl}, since the tool adds /api/ itself\\. Set "baseUrl" to "${server.baseUrl}" to drop this note\\n$`,
        ),
      );
      expect(server.log.map((r) => r.url)).toEqual(["/api/translations/proj/comp/cs/"]);
    },
  );

  it("says so for --base-url too", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const run = await runMain(
      { baseUrl: "https://weblate.example", translations: ["proj/comp/cs"] },
      ["crawl", "--base-url", `${server.baseUrl}/api/`],
    );
    expect(run.code).toBe(0);
    expect(run.err).toContain(`--base-url ends in /api (the API's root); using ${server.baseUrl}`);
  });

  it("refuses a project's web address, giving the base and the triple", async () => {
    const run = await runMain({
      baseUrl: "https://weblate.example/projects/orbit-notes/",
      translations: ["orbit-notes/*/*"],
    });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /^l10n-snapshot: config .*config\.json: "baseUrl" is the address of a page of Weblate \(https:\/\/weblate\.example\/projects\/orbit-notes\/\), not the server's base; set it to "https:\/\/weblate\.example" and track project "orbit-notes" with "translations": \["orbit-notes\/\*\/\*"\]\n$/,
    );
  });

  it("lists a wrong baseUrl with the other problems", async () => {
    const run = await runMain({
      baseUrl: "https://weblate.example/api/translations/p/c/de/",
      translations: [],
      site: { url: "nope" },
    });
    expect(run.err.split("\n").slice(0, 2)).toEqual([
      expect.stringMatching(/: 3 problems$/),
      'l10n-snapshot:   "baseUrl" is an address inside the API (https://weblate.example/api/translations/p/c/de/), not the server\'s base; set it to "https://weblate.example" and track that translation with "translations": ["p/c/de"]',
    ]);
  });

  it.each([
    ["https://host", { baseUrl: "https://host" }],
    ["https://host/weblate/", { baseUrl: "https://host/weblate" }],
    [
      "https://host/weblate/api/?format=api",
      { baseUrl: "https://host/weblate", note: expect.any(String) },
    ],
    [
      "https://host/projects/p/c/",
      {
        problem: expect.stringContaining(
          'set it to "https://host" and track component "p/c" with "translations": ["p/c/*"]',
        ),
      },
    ],
    ["https://host/engage/p/de/", { problem: expect.stringContaining('set it to "https://host"') }],
    ["https://host/translate/p/c/de/", { problem: expect.stringContaining('["p/c/de"]') }],
  ])("%s", (given, expected) => {
    expect(checkBaseUrl(given)).toEqual(expected);
  });
});

describe("init --base-url that is not the server's base", () => {
  it("takes the API's root back to the base, with a note, and writes the base", async () => {
    const { readFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { main } = await import("../../src/cli/main.js");
    const { captureIo } = await import("../helpers/stand-in.js");
    const { tempDir } = await import("../helpers/temp-dir.js");
    const { buildDemoRecords } = await import("../../src/demo/demo-data.js");
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    const io = captureIo();
    const code = await main(["init", "--base-url", `${server.baseUrl}/api/`, "--yes"], {
      ...io,
      cwd: dir,
    });
    expect(code).toBe(0);
    expect(io.err()).toContain(
      `note --base-url ends in /api (the API's root); using ${server.baseUrl}`,
    );
    const config = JSON.parse(await readFile(join(dir, "config", "l10n-snapshot.json"), "utf8"));
    expect(config.baseUrl).toBe(server.baseUrl);
  });

  it("refuses a project's address, naming the base", async () => {
    const { main } = await import("../../src/cli/main.js");
    const { captureIo } = await import("../helpers/stand-in.js");
    const { tempDir } = await import("../helpers/temp-dir.js");
    const io = captureIo();
    const code = await main(
      ["init", "--base-url", "https://weblate.example/projects/orbit-notes/", "--yes"],
      {
        ...io,
        cwd: await tempDir(),
      },
    );
    expect(code).toBe(2);
    expect(io.err()).toContain(
      `l10n-snapshot: init: --base-url is the address of a page of Weblate (https://weblate.example/projects/orbit-notes/), not the server's base; set it to "https://weblate.example"`,
    );
  });
});

describe("several unknown keys in one object", () => {
  it("gives each key its own suggestion, and the plural", async () => {
    const run = await runMain({
      baseUrl: "https://weblate.example",
      translations: ["p/c/de"],
      crawl: { concurency: 8, retrys: 2, frobnicate: true },
    });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /^l10n-snapshot: config .*config\.json: unknown keys "concurency" \(did you mean "concurrency"\?\), "retrys" \(did you mean "retries"\?\), "frobnicate" in "crawl"; remove them or check their spelling \(allowed: concurrency, .*\)\n$/,
    );
  });
});
