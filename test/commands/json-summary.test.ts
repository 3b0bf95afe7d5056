import { readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { main } from "../../src/cli/main.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

async function run(argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe("--json", () => {
  it("prints the summary of crawl and build as one JSON object on stdout, and no human lines", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir("l10n-snapshot-json-");
    await writeFile(
      join(dir, "c.json"),
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: ["tinygrep/cli/*", "tinygrep/cli/xx"],
        crawl: { retryDelayMs: 10 },
      }),
    );
    const build = await run([
      "build",
      "--config",
      join(dir, "c.json"),
      "--out",
      join(dir, "out"),
      "--json",
    ]);
    expect(build.code).toBe(1);
    expect(build.out.endsWith("\n")).toBe(true);
    expect(build.out.trim().split("\n")).toHaveLength(1);
    const summary = JSON.parse(build.out) as Record<string, unknown>;
    expect(summary).toMatchObject({
      command: "build",
      exitCode: 1,
      baseUrl: server.baseUrl,
      failed: 1,
      invalid: 0,
      out: join(dir, "out"),
    });
    expect(summary.ok).toBe((summary.translations as number) - 1);
    expect(summary.problems).toEqual([
      {
        translation: "tinygrep/cli/xx",
        status: "failed",
        message: expect.stringContaining("404 Not Found"),
      },
    ]);
    expect(summary.files).toBeGreaterThan(10);
    expect(build.err).toContain("failed tinygrep/cli/xx");
    // The site's size as written (the sum of its files), against its budget, and what was left
    // out to fit it: nothing at the default 1 GB.
    const sizes = await Promise.all(
      (await readdir(join(dir, "out"), { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map(async (e) => (await stat(join(e.parentPath, e.name))).size),
    );
    expect(summary).toMatchObject({
      bytes: sizes.reduce((a, b) => a + b, 0),
      maxBytes: 1_000_000_000,
      leftOut: [],
    });
    // A budget just under that (by more than the few bytes a later minute's dates may take or
    // give back): the first drop step, said by name.
    await writeFile(
      join(dir, "small.json"),
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: ["tinygrep/cli/*", "tinygrep/cli/xx"],
        crawl: { retryDelayMs: 10 },
        site: { maxBytes: (summary.bytes as number) - 1000 },
      }),
    );
    const small = await run([
      "build",
      "--config",
      join(dir, "small.json"),
      "--out",
      join(dir, "small"),
      "--json",
    ]);
    const fitted = JSON.parse(small.out) as { bytes: number; maxBytes: number; leftOut: string[] };
    expect(fitted.leftOut[0]).toBe("badge gloss");
    expect(fitted.bytes).toBeLessThanOrEqual(fitted.maxBytes);

    const crawl = await run([
      "crawl",
      "--config",
      join(dir, "c.json"),
      "--snapshot",
      join(dir, "s.json"),
      "--json",
    ]);
    expect(JSON.parse(crawl.out)).toMatchObject({
      command: "crawl",
      exitCode: 1,
      snapshot: join(dir, "s.json"),
    });
  });

  it("prints the exit code and the message when a user error stops the run", async () => {
    const result = await run(["build", "--config", "/nonexistent/c.json", "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.out)).toEqual({
      command: "build",
      exitCode: 2,
      error:
        "config /nonexistent/c.json: cannot read it (no such file); pass an existing file with --config",
    });
    expect(result.err).toBe(
      "l10n-snapshot: config /nonexistent/c.json: cannot read it (no such file); pass an existing file with --config\n",
    );
  });
});

describe("--json when nothing was usable", () => {
  it("carries why the run stopped, as a user error's summary does", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir("l10n-snapshot-json-");
    await writeFile(
      join(dir, "c.json"),
      JSON.stringify({ baseUrl: server.baseUrl, translations: ["tinygrep/cli/xx"] }),
    );
    const json = await run([
      "build",
      "--config",
      join(dir, "c.json"),
      "--out",
      join(dir, "out"),
      "--json",
    ]);
    expect(JSON.parse(json.out)).toMatchObject({
      command: "build",
      exitCode: 3,
      failed: 1,
      error:
        "nothing usable: every translation failed or was invalid; the previous output was left as it was",
    });
  });
});
