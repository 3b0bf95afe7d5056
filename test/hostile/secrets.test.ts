import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { captureIo } from "../helpers/stand-in.js";
import {
  expectCase,
  goodWeblate,
  json,
  recordFor,
  runCase,
  snapshotOf,
} from "../helpers/hostile-server.js";
import { tempDir } from "../helpers/temp-dir.js";

// Secrets: a token echoed back in every place a server can put text, credentials in baseUrl.
// Each case has a token of its own and not shaped like a Weblate token, so only its registration
// at config load can redact it.

const tokenFor = (name: string) => `hostile-${name}-${Math.random().toString(36).slice(2)}-secret`;

describe("hostile server: secrets", () => {
  it("a 401 whose detail echoes the token: not in stderr, the snapshot or any page", async () => {
    const token = tokenFor("401");
    const result = await runCase({
      token,
      translations: ["proj/comp/cs", "proj/comp/de"],
      handler: (req, res, server) =>
        req.url!.includes("/de/")
          ? json(res, 401, { detail: `Invalid token "${req.headers.authorization}"` })
          : goodWeblate(req, res, server),
    });
    // A refused token stops the run (every request would be refused): exit 2, one line.
    await expectCase(result, {
      code: 2,
      message: '401 Unauthorized (Invalid token "Token [redacted]"); check the API token',
      secrets: [token],
    });
    expect(result.server.requests.every((r) => r.authorization === `Token ${token}`)).toBe(true);
  });

  it("the token echoed inside a record that is kept: redacted in the snapshot and on the pages", async () => {
    const token = tokenFor("record");
    const result = await runCase({
      token,
      handler: (_req, res, server) =>
        json(res, 200, {
          ...recordFor(server.baseUrl, "proj", "comp", "cs"),
          last_author: `me (${token})`,
        }),
    });
    await expectCase(result, { code: 0, secrets: [token] });
    expect(JSON.stringify((await snapshotOf(result)).translations[0])).toContain("me ([redacted])");
  });

  it("the token echoed URL-encoded, in an extra field's name, and in a non-JSON error body", async () => {
    const token = tokenFor("encoded/+=");
    const result = await runCase({
      token,
      translations: ["proj/comp/cs", "proj/comp/de"],
      args: ["--verbose"],
      handler: (req, res, server) => {
        if (req.url!.includes("/de/"))
          return void (res.writeHead(500), res.end(`bad ${encodeURIComponent(token)} ${token}`));
        json(res, 200, {
          ...recordFor(server.baseUrl, "proj", "comp", "cs"),
          [`x_${token}`]: encodeURIComponent(token),
        });
      },
    });
    await expectCase(result, { code: 1, secrets: [token, encodeURIComponent(token)] });
  });

  it("a token-shaped string the server makes up (wlu_...) is redacted too", async () => {
    const result = await runCase({
      handler: (_req, res) =>
        json(res, 404, { detail: "try wlu_AbCdEf0123456789abcdef0123456789ABCD" }),
    });
    await expectCase(result, {
      code: 3,
      message: "404 Not Found (try [redacted])",
      secrets: ["wlu_AbCdEf0123456789abcdef0123456789ABCD"],
    });
  });

  it("a token in a redirect's Location to another origin is not printed", async () => {
    const token = tokenFor("location");
    const result = await runCase({
      token,
      handler: (_req, res) =>
        void (res.writeHead(302, { location: `https://evil.example/steal?t=${token}` }), res.end()),
    });
    await expectCase(result, { code: 3, message: "redirect to another origin", secrets: [token] });
  });

  it("baseUrl with a user and password is refused (exit 2), naming neither", async () => {
    const password = tokenFor("password");
    const result = await runCase({
      baseUrl: (url) => url.replace("http://", `http://someuser:${password}@`),
    });
    await expectCase(result, {
      code: 2,
      message: '"baseUrl" holds a user name or password; remove them',
      secrets: [password, "someuser"],
    });
    expect(result.server.requests).toHaveLength(0);
  });

  it("--base-url with credentials is refused the same way", async () => {
    const password = tokenFor("flag");
    const result = await runCase({
      args: ["--base-url", `https://admin:${password}@weblate.example`],
    });
    await expectCase(result, {
      code: 2,
      // Named as it was given: on the command line, not in the file.
      message: /^l10n-snapshot: --base-url holds a user name or password/,
      secrets: [password],
    });
  });

  it("a snapshot with credentials in its baseUrl renders without them", async () => {
    const { writeFile, readdir, readFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const dir = await tempDir("l10n-hostile-");
    const password = tokenFor("snapshot");
    const file = join(dir, "s.json");
    const baseUrl = `https://user:${password}@weblate.example`;
    await writeFile(
      file,
      JSON.stringify({
        schemaVersion: 3,
        generatedAt: "2026-01-01T00:00:00Z",
        source: { baseUrl, configHash: "x" },
        translations: [
          {
            project: "proj",
            component: "comp",
            language: "cs",
            status: "ok",
            record: recordFor("https://weblate.example", "proj", "comp", "cs"),
            warnings: [],
            errors: [],
            notes: [],
          },
        ],
      }),
    );
    const io = captureIo();
    expect(await main(["render", "--snapshot", file, "--out", join(dir, "out")], io)).toBe(0);
    const page = await readFile(join(dir, "out", "index.html"), "utf8");
    expect(page).not.toContain(password);
    expect(page).toContain("https://weblate.example");
    expect((await readdir(dir)).sort()).toEqual(["out", "s.json"]);
  });
});
