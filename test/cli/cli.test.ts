import { tempDir } from "../helpers/temp-dir.js";
import { execFile } from "node:child_process";
import { gunzipSync } from "node:zlib";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { contractRecord } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = join(root, "src/cli.ts");

/** Runs the real CLI in a child process. */
async function spawnCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", cli, ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? "", ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function writeConfig(dir: string, config: unknown): Promise<string> {
  const file = join(dir, "config.json");
  await writeFile(file, JSON.stringify(config));
  return file;
}

describe("the command line", () => {
  it("prints help to stdout and exits 0", async () => {
    const result = await spawnCli(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage:");
    expect(result.stdout).toContain(
      "Exit codes: 0 all fine; 1 some translations stale, failed or invalid, or a list failed;",
    );
  });

  it("prints its version", async () => {
    const result = await spawnCli(["--version"]);
    expect(result).toMatchObject({ code: 0, stdout: "1.0.0\n" });
  });

  it("rejects an unknown option with exit 2 and one line", async () => {
    const result = await spawnCli(["build", "--outdir", "x"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "l10n-snapshot: Unknown option '--outdir'. Use --help to see the options\n",
    );
  });

  it.each([
    [["biuld"], `unknown command 'biuld'; did you mean "build"? Use --help to see the commands`],
    [
      ["build", "--confg", "x"],
      `Unknown option '--confg'; did you mean "--config"? Use --help to see the options`,
    ],
  ])("suggests the close name for a misspelt command or option: %j", async (args, line) => {
    const result = await spawnCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`l10n-snapshot: ${line}\n`);
  });

  const good = { baseUrl: "https://weblate.example", translations: ["p/c/l"] };
  it.each([
    [
      "an unknown key",
      { ...good, outdir: "out" },
      'unknown key "outdir"; remove it or check its spelling (allowed: $schema, baseUrl, tokenEnv, authScheme, translations, site, crawl, history, check)',
    ],
    [
      "no baseUrl",
      { translations: ["p/c/l"] },
      '"baseUrl": missing; expected the Weblate server address, e.g. "https://hosted.weblate.org"',
    ],
    [
      "translations as one string",
      { ...good, translations: "p/*/*" },
      '"translations": must be a list, found the string "p/*/*"; write ["p/*/*"]',
    ],
    [
      "a triple of two parts",
      { ...good, translations: ["a/b"] },
      '"translations[0]": expected "project/component/language" (slugs joined by "/", "*" allowed for component or language), found "a/b"',
    ],
    [
      "a triple climbing out",
      { ...good, translations: ["../x/y/z"] },
      '"translations[0]": the project in "../x/y/z" is "..", which would change the path; expected Weblate slugs joined by "/", found "../x/y/z"',
    ],
    [
      "a dot-dot segment",
      { ...good, translations: ["../x/y"] },
      '"translations[0]": the project in "../x/y" is "..", which would change the path; expected Weblate slugs joined by "/", found "../x/y"',
    ],
    [
      "a category path climbing out",
      { ...good, translations: ["p/docs/../de"] },
      '"translations[0]": the component in "p/docs/../de" has a part that is "..", which would change the path; expected Weblate slugs joined by "/", found "p/docs/../de"',
    ],
    [
      "a wildcard inside a category path",
      { ...good, translations: ["p/docs/*/de"] },
      '"translations[0]": "*" stands for a whole component, not for part of a category path, in "p/docs/*/de"; expected "project/*/language", found "p/docs/*/de"',
    ],
    [
      "an empty category",
      { ...good, translations: [{ project: "p", component: "docs//usage", language: "de" }] },
      '"translations[0].component": the component has a part that is empty; expected a Weblate slug such as "my-component", or "category/component", found "docs//usage"',
    ],
    [
      "concurrency 0",
      { ...good, crawl: { concurrency: 0 } },
      '"crawl.concurrency": expected requests in flight at once: a whole number from 1 to 64, found 0',
    ],
  ])(
    "rejects a config with %s: exit 2, one line naming file, key and fix",
    async (_name, config, expected) => {
      const dir = await tempDir();
      const file = await writeConfig(dir, config);
      const result = await spawnCli(["build", "--config", file, "--out", join(dir, "out")]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`l10n-snapshot: config ${file}: ${expected}\n`);
      expect(result.stdout).toBe("");
    },
  );

  it("refuses to send a token over plain http to another host, before any request", async () => {
    const dir = await tempDir();
    const file = await writeConfig(dir, { ...good, baseUrl: "http://weblate.example" });
    const result = await spawnCli(["crawl", "--config", file], {
      WEBLATE_TOKEN: "wlu_do_not_leak",
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `l10n-snapshot: config ${file}: "baseUrl" is plain http:// to weblate.example, and WEBLATE_TOKEN is set; the token would cross the network unencrypted. Use https:// or unset WEBLATE_TOKEN\n`,
    );
    expect(result.stderr).not.toContain("wlu_do_not_leak");
  });

  it("says which config file is missing", async () => {
    const io = captureIo();
    expect(await main(["crawl", "--config", "/nonexistent/c.json"], io)).toBe(2);
    expect(io.err()).toBe(
      "l10n-snapshot: config /nonexistent/c.json: cannot read it (no such file); pass an existing file with --config\n",
    );
  });
});

describe("crawl and build", () => {
  it("exits 1 when a triple is missing, still writing the others, sorted, with the records as received", async () => {
    const server = await startStandIn({
      records: (base) => [
        contractRecord(base, { component: "b" }),
        contractRecord(base, { component: "a", language: "de" }),
      ],
    });
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      translations: ["proj/b/cs", "proj/zzz/cs", "proj/a/de"],
      crawl: { retryDelayMs: 10 },
    });
    const io = captureIo();
    const snapshotFile = join(dir, "snap", "snapshot.json");
    expect(await main(["crawl", "--config", config, "--snapshot", snapshotFile], io)).toBe(1);
    expect(io.err()).toBe(
      `failed proj/zzz/cs: [GET] "${server.baseUrl}/api/translations/proj/zzz/cs/": 404 Not Found (Not found.); project "proj" has no component "zzz"; it has "b", "a"\n`,
    );
    expect(io.out()).toMatch(
      /^translations 3: ok 2, warnings 0, stale 0, failed 1, invalid 0; removed 0; 5 requests, \d+\.\d s\nsnapshot written to .*snapshot\.json\n$/,
    );
    const snapshot = readSnapshot(snapshotFile);
    expect(snapshot).toMatchObject({
      schemaVersion: 3,
      generatedAt: "2026-11-21T12:00:00.000Z",
      source: { baseUrl: server.baseUrl },
    });
    expect(snapshot.translations.map((t) => `${t.component}:${t.status}`)).toEqual([
      "a:ok",
      "b:ok",
      "zzz:failed",
    ]);
    expect(snapshot.translations[1]!.record).toEqual(
      contractRecord(server.baseUrl, { component: "b" }),
    );
    expect(snapshot.translations[2]!.record).toBeUndefined();
    expect(await readdir(join(dir, "snap"))).toEqual(["snapshot.json"]);
  });

  it("exits 0 and writes <out>/data/snapshot.json.gz with build", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      translations: ["proj/comp/cs"],
    });
    const io = captureIo();
    expect(await main(["build", "--config", config, "--out", join(dir, "out")], io)).toBe(0);
    const snapshot = JSON.parse(
      gunzipSync(await readFile(join(dir, "out", "data", "snapshot.json.gz"))).toString("utf8"),
    );
    expect(snapshot.translations[0].status).toBe("ok");
  });

  it("marks every record invalid under --strict when the server departs from the contract", async () => {
    const server = await startStandIn({
      records: (base) => [{ ...contractRecord(base), announcements_url: `${base}/x/` }],
    });
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      translations: ["proj/comp/cs"],
    });
    const io = captureIo();
    expect(
      await main(["crawl", "--strict", "--config", config, "--snapshot", join(dir, "s.json")], io),
    ).toBe(3);
    expect(io.err()).toContain(
      "invalid proj/comp/cs: announcements_url: expected no such field (it is not in the contract)",
    );
  });

  it("exits 3 and writes nothing when the server is unreachable", async () => {
    const server = await startStandIn({ records: () => [] });
    const baseUrl = server.baseUrl;
    await server.stop();
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      baseUrl,
      translations: ["p/c/a", "p/c/b"],
      crawl: { retryDelayMs: 10 },
    });
    const io = captureIo();
    expect(await main(["build", "--config", config, "--out", join(dir, "out")], io)).toBe(3);
    expect(io.err()).toContain("connection refused");
    expect(io.err()).toContain(
      "nothing usable: every translation failed or was invalid; the previous output was left as it was",
    );
    expect(await readdir(dir)).toEqual(["config.json"]);
  });

  it("never writes or prints the token", async () => {
    const token = "wlu_TOKEN_must_not_leak_42";
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    // A 403 (a 401 would stop the run before anything is written).
    server.addFault("/api/translations/proj/comp/de/", {
      status: 403,
      body: JSON.stringify({ detail: "You do not have permission to perform this action." }),
    });
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      baseUrl: server.baseUrl,
      translations: ["proj/comp/cs", "proj/comp/de", "proj/other/cs"],
    });
    const io = captureIo({ WEBLATE_TOKEN: token });
    await main(["build", "--verbose", "--config", config, "--out", join(dir, "out")], io);
    expect(server.log.every((r) => r.headers.authorization === `Token ${token}`)).toBe(true);
    const files = await readdir(join(dir, "out"), { recursive: true, withFileTypes: true });
    const texts = await Promise.all(
      files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), "utf8")),
    );
    expect(texts.length).toBeGreaterThan(0);
    for (const text of [...texts, io.out(), io.err()]) expect(text).not.toContain(token);
    expect(io.err()).toContain("403 Forbidden (You do not have permission");
    expect(io.err()).toContain("check the API token in WEBLATE_TOKEN");
  });
});
