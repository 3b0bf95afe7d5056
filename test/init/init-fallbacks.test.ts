import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import type { Fault } from "../../src/demo/stand-in-server.js";
import { runCli } from "../helpers/run-cli.js";
import { runMain } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";
import { startStandIn } from "../helpers/stand-in.js";

// init asks the server's lists as build does: a project whose component list is refused (404,
// 403) is found through the server's other lists (crawl/list-fallbacks.ts) and kept, since build
// can crawl it; and a misspelled --project gets "did you mean".

const refused = (status: number, times = 3): Fault[] =>
  Array.from({ length: times }, () => ({ status, body: '{"detail": "Not found."}' }));

const runCliIn = (cwd: string, args: string[]) => runCli(args, { cwd });

describe("init, a project whose component list is refused", () => {
  it.each([
    [404, [], "the server's component list (/api/components/)"],
    [403, ["/api/components/"], "the server's translation list (/api/translations/)"],
  ])(
    "%s: kept, found through the server's other lists, said on one line; build crawls it",
    async (status, alsoRefused, way) => {
      const server = await startStandIn({ records: buildDemoRecords });
      server.addFault("/api/projects/orbit-notes/components/", ...refused(status));
      for (const path of alsoRefused) server.addFault(path, ...refused(403));
      const dir = await tempDir();
      const run = await runCliIn(dir, ["init", "--yes", "--base-url", server.baseUrl]);
      expect(run.err).toBe(
        `init: project orbit-notes: its component list answered ${status}; its 3 components were found through ${way} instead, as build will find them\n`,
      );
      expect(run.code).toBe(0);
      const config = JSON.parse(await readFile(join(dir, "config/l10n-snapshot.json"), "utf8"));
      expect(config.translations).toEqual(["harbor-docs/*/*", "orbit-notes/*/*", "tinygrep/*/*"]);

      // build, with the same list still refused, reaches orbit-notes' translations.
      server.addFault("/api/projects/orbit-notes/components/", ...refused(status));
      for (const path of alsoRefused) server.addFault(path, ...refused(403));
      const build = await runMain(config, ["crawl", "--json"]);
      expect(build.code).toBe(0);
      const snapshot = JSON.parse(await readFile(join(build.dir, "snapshot.json"), "utf8"));
      const orbit = snapshot.translations.filter(
        (t: { project: string }) => t.project === "orbit-notes",
      );
      expect(orbit.length).toBeGreaterThan(10);
      expect(orbit.every((t: { status: string }) => t.status !== "failed")).toBe(true);
    },
  );
});

describe("init --project with a typo", () => {
  it("suggests the close project instead of listing them all", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    const run = await runCliIn(dir, [
      "init",
      "--base-url",
      server.baseUrl,
      "--project",
      "orbit-note",
    ]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(
      `l10n-snapshot: init: the server has no project 'orbit-note'; did you mean "orbit-notes"?\n`,
    );
  });
});

describe("init --project a project the list leaves out", () => {
  it("asks the project's own address: one with no components is said to have none", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const project = { name: "Empty", slug: "empty", web_url: `${server.baseUrl}/projects/empty/` };
    server.addFault("/api/projects/empty/", { status: 200, body: JSON.stringify(project) });
    server.addFault("/api/projects/empty/components/", {
      status: 200,
      body: '{"count": 0, "next": null, "previous": null, "results": []}',
    });
    const run = await runCliIn(await tempDir(), [
      "init",
      ...["--base-url", server.baseUrl, "--project", "empty"],
    ]);
    expect(run.err).toBe(
      "init: project empty has no components; left out\n" +
        "l10n-snapshot: init: none of the chosen projects has components that could be listed; nothing to track\n",
    );
    expect(run.code).toBe(3);
  });
});
