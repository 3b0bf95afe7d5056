import { existsSync, statSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { RESERVED_TOP_LEVEL } from "../../src/site/site-paths.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The site's own names are one list (site/site-paths.ts): what the renderer writes for itself at
// the top of the site. A project of one of these names (or of a locale's folder) has its folder at
// "<slug>.project": a Weblate slug has no dot, so it can take no other project's folder.

async function build(projects: string[], components: string[] = ["comp"], site = {}) {
  const server = await startStandIn({
    records: (base) =>
      projects.flatMap((project) =>
        components.map((component) => contractRecord(base, { project, component })),
      ),
  });
  const dir = await tempDir("l10n-reserved-");
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: projects.map((p) => `${p}/*/*`),
      crawl: { retryDelayMs: 10 },
      site,
    }),
  );
  const io = captureIo();
  const code = await main(["build", "--config", config, "--out", join(dir, "out")], io);
  return { code, io, out: join(dir, "out") };
}

describe("the site's reserved names", () => {
  it("give a project named like the site's own files, folders and locales its pages and badges at <slug>.project", async () => {
    const own = ["assets", "badges", "data", "languages", "feed.xml", "de"];
    const { code, io, out } = await build([...own, "proj"], ["comp"], { locales: ["en", "de"] });
    expect(io.err()).not.toContain("cannot be put on the site");
    expect(code).toBe(0);
    for (const project of own) {
      expect(existsSync(join(out, `${project}.project/comp/cs/index.html`))).toBe(true);
      expect(existsSync(join(out, `de/${project}.project/comp/cs/index.html`))).toBe(true);
      expect(existsSync(join(out, `badges/${project}.project/comp/cs.svg`))).toBe(true);
      expect(existsSync(join(out, `badges/${project}.project/README.md`))).toBe(true);
    }
    // Everyone else's addresses as before, the site's own files where they were.
    expect(existsSync(join(out, "proj/comp/cs/index.html"))).toBe(true);
    expect(existsSync(join(out, "badges/proj/comp/cs.svg"))).toBe(true);
    expect(statSync(join(out, "feed.xml")).isFile()).toBe(true);
    expect(existsSync(join(out, "de/index.html"))).toBe(true);
    expect(existsSync(join(out, "data/summary.json"))).toBe(true);
    expect(existsSync(join(out, "languages/cs/index.html"))).toBe(true);
    expect(existsSync(join(out, "badges/languages/cs/proj.svg"))).toBe(true);
  });

  it("keep a component named README.md off its project's README table (it failed the build: EEXIST)", async () => {
    const { code, io, out } = await build(["proj"], ["comp", "README.md"]);
    expect(io.err()).not.toContain("EEXIST");
    expect(io.err()).toContain(
      "invalid proj/README.md/cs: (site): cannot be put on the site: its file " +
        "badges/proj/README.md/cs.svg collides with the project proj",
    );
    expect(code).toBe(1);
    expect(statSync(join(out, "badges/proj/README.md")).isFile()).toBe(true);
    expect(existsSync(join(out, "proj/comp/cs/index.html"))).toBe(true);
  });

  it("move a project named Assets too (one folder with assets where case is not told apart)", async () => {
    const { code, io, out } = await build(["Assets", "proj"]);
    expect(io.err()).not.toContain("cannot be put on the site");
    expect(code).toBe(0);
    expect(existsSync(join(out, "Assets.project/comp/cs/index.html"))).toBe(true);
    expect(existsSync(join(out, "badges/Assets.project/comp/cs.svg"))).toBe(true);
  });

  it("name every file and folder the site writes at its top for itself", async () => {
    const { code, out } = await build(["proj"]);
    expect(code).toBe(0);
    const own = (await readdir(out)).filter((name) => name !== "proj");
    expect(own.filter((name) => !RESERVED_TOP_LEVEL.has(name))).toEqual([]);
    // The history's feed and data are among them: build always keeps a history.
    expect(own).toEqual(expect.arrayContaining(["feed.xml", "data", "index.html"]));
  });
});
