import { existsSync, statSync } from "node:fs";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { RESERVED_TOP_LEVEL } from "../../src/site/site-paths.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

// The site's own names are one list (site/site-paths.ts): what the renderer writes for itself at
// the top of the site, and what a project may not be called.

async function build(projects: string[], components: string[] = ["comp"]) {
  const server = await startStandIn({
    records: (base) =>
      projects.flatMap((project) =>
        components.map((component) => contractRecord(base, { project, component })),
      ),
  });
  const dir = await mkdtemp(join(tmpdir(), "l10n-reserved-"));
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: projects.map((p) => `${p}/*/*`),
      crawl: { retryDelayMs: 10 },
    }),
  );
  const io = captureIo();
  const code = await main(["build", "--config", config, "--out", join(dir, "out")], io);
  return { code, io, out: join(dir, "out") };
}

describe("the site's reserved names", () => {
  it("keep a project named feed.xml off a site with history (it took the feed's path: EISDIR)", async () => {
    const { code, io, out } = await build(["feed.xml", "proj"]);
    expect(io.err()).not.toContain("EISDIR");
    expect(io.err()).toContain(
      'invalid feed.xml/comp/cs: (site): cannot be put on the site: the project "feed.xml" has the name of a file or folder the site uses for itself',
    );
    expect(code).toBe(1);
    const top = await readdir(out);
    expect(top).toContain("feed.xml");
    expect(top).toContain("proj");
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

  it("keep a project named Assets off the site too (one folder with assets where case is not told apart)", async () => {
    const { code, io } = await build(["Assets", "proj"]);
    expect(io.err()).toContain(
      'invalid Assets/comp/cs: (site): cannot be put on the site: the project "Assets" has the name of a file or folder the site uses for itself',
    );
    expect(code).toBe(1);
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
