import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { main } from "../../src/cli/main.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The output folder is replaced whole: never when that would delete files that are not a site.
// Every path here is absolute and inside a temp folder, which is also the command's cwd: were the
// guard to fail, only that temp folder could be lost.

async function setup() {
  const server = await startStandIn({ records: buildDemoRecords });
  const dir = await tempDir("l10n-out-guard-");
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({ baseUrl: server.baseUrl, translations: ["tinygrep/*/*"] }),
  );
  return { server, dir, config, io: () => ({ ...captureIo(), cwd: dir }) };
}

describe("the output folder", () => {
  it("build refuses a folder of the user's files before any request, and leaves it as it was", async () => {
    const { server, dir, config, io } = await setup();
    const repo = join(dir, "repo");
    await mkdir(join(repo, ".git"), { recursive: true });
    await writeFile(join(repo, "README.md"), "# my project\n");
    const run = io();
    expect(await main(["build", "--config", config, "--out", repo], run)).toBe(3);
    expect(run.err()).toBe(
      `l10n-snapshot: cannot write the site to ${repo}: it holds files that are not a site l10n-snapshot wrote (.git, README.md), and the whole folder is replaced; choose a new or empty folder\n`,
    );
    expect(server.log).toHaveLength(0);
    expect(await readFile(join(repo, "README.md"), "utf8")).toBe("# my project\n");
    expect(existsSync(join(repo, ".git"))).toBe(true);
  });

  it("render refuses a file, and a folder of the user's files", async () => {
    const { dir, config, io } = await setup();
    const site = join(dir, "site");
    expect(await main(["build", "--config", config, "--out", site, "--quiet"], io())).toBe(0);
    const snapshot = join(site, "data", "snapshot.json");

    const file = join(dir, "notes.txt");
    await writeFile(file, "keep me\n");
    const onFile = io();
    expect(await main(["render", "--snapshot", snapshot, "--out", file], onFile)).toBe(3);
    expect(onFile.err()).toBe(
      `l10n-snapshot: cannot write the site to ${file}: it is a file, not a folder; choose a new or empty folder\n`,
    );
    expect(await readFile(file, "utf8")).toBe("keep me\n");

    const docs = join(dir, "docs");
    await mkdir(docs);
    await writeFile(join(docs, "guide.md"), "guide\n");
    expect(await main(["render", "--snapshot", snapshot, "--out", docs], io())).toBe(3);
    expect(await readFile(join(docs, "guide.md"), "utf8")).toBe("guide\n");
  });

  it("refuses the folder the command runs in, and any folder holding it", async () => {
    const { dir, config } = await setup();
    const work = join(dir, "work");
    await mkdir(work);
    await writeFile(join(work, "keep.txt"), "keep\n");
    const here = { ...captureIo(), cwd: work };
    expect(await main(["build", "--config", config, "--out", work], here)).toBe(3);
    expect(here.err()).toContain("it is the folder you are in (or holds it)");
    expect(
      await main(["build", "--config", config, "--out", dir], { ...captureIo(), cwd: work }),
    ).toBe(3);
    expect(await readFile(join(work, "keep.txt"), "utf8")).toBe("keep\n");
    expect(existsSync(config)).toBe(true);
  });

  it("writes into a new folder, an empty one, and over a site it wrote before", async () => {
    const { dir, config, io } = await setup();
    const empty = join(dir, "empty");
    await mkdir(empty);
    expect(await main(["build", "--config", config, "--out", empty, "--quiet"], io())).toBe(0);
    expect(existsSync(join(empty, "index.html"))).toBe(true);
    expect(await main(["build", "--config", config, "--out", empty, "--quiet"], io())).toBe(0);
    expect(
      await main(["build", "--config", config, "--out", join(dir, "new", "out"), "--quiet"], io()),
    ).toBe(0);
  });

  it("renders over the folder a crawl wrote its snapshot into (render's default snapshot)", async () => {
    const { dir, config, io } = await setup();
    const out = join(dir, "out");
    expect(await main(["crawl", "--config", config, "--out", out, "--quiet"], io())).toBe(0);
    expect(existsSync(join(out, "data", "snapshot.json"))).toBe(true);
    const run = io();
    expect(await main(["render", "--out", out, "--quiet"], run), run.err()).toBe(0);
    expect(existsSync(join(out, "index.html"))).toBe(true);
    expect(existsSync(join(out, "data", "snapshot.json.gz"))).toBe(true);
  });
});
