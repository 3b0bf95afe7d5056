import { existsSync } from "node:fs";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { PassThrough } from "node:stream";
import { parse as parseHtml } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { main } from "../../src/cli/main.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { scheduleMinute } from "../../src/init/init-files.js";
import { contractRecord, set } from "../helpers/fixtures.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

/** main() run in `cwd`, with a terminal whose answers are `answers` when given. */
async function run(
  argv: string[],
  cwd: string,
  options: { answers?: string[]; env?: Record<string, string> } = {},
) {
  const io = captureIo(options.env ?? {});
  let stdin: (PassThrough & { isTTY?: boolean }) | undefined;
  if (options.answers) {
    stdin = new PassThrough();
    stdin.isTTY = true;
    for (const answer of options.answers) stdin.write(`${answer}\n`);
    stdin.end();
  }
  const code = await main(argv, { ...io, cwd, stdin });
  return { code, out: io.out(), err: io.err() };
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
}

describe("init", () => {
  it("asks the server for its projects, writes the config and the workflow, and build then gives a site", async () => {
    const server = await startStandIn({ records: buildDemoRecords, maxPageSize: 2 });
    const dir = await tempDir();
    const init = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(init.err).toBe("");
    expect(init.code).toBe(0);
    // Pages of 2: the project list and orbit-notes' components (3) took more than one request each.
    expect(server.requestsTo("/api/projects/?").length).toBe(2);
    expect(server.requestsTo("/api/projects/orbit-notes/components/").length).toBe(2);

    const config = await readJson(join(dir, "config/l10n-snapshot.json"));
    expect(config).toEqual({
      $schema: "./l10n-snapshot.schema.json",
      baseUrl: server.baseUrl,
      translations: ["harbor-docs/*/*", "orbit-notes/*/*", "tinygrep/*/*"],
      site: { title: "Harbor Docs, Orbit Notes and tinygrep translations" },
    });
    const schema = await readJson(join(dir, "config/l10n-snapshot.schema.json"));
    expect(schema).toEqual(
      await readJson(join(import.meta.dirname, "../../config/l10n-snapshot.schema.json")),
    );
    const workflow = await readFile(join(dir, ".github/workflows/publish.yml"), "utf8");
    expect(workflow).toContain("uses: l10n-snapshot/l10n-snapshot@v1\n");
    expect(workflow).toContain('config: "config/l10n-snapshot.json"');
    expect(workflow).toContain("token: ${{ secrets.WEBLATE_TOKEN }}");
    expect(workflow).toContain("uses: actions/upload-pages-artifact@v4");
    expect(init.out).toContain("orbit-notes: Orbit Notes, 3 components");
    expect(init.out).toContain("named WEBLATE_TOKEN");
    expect(init.out).toContain(
      'Settings > Pages > Build and deployment > Source: "GitHub Actions"',
    );

    const out = join(dir, "out");
    const build = await run(
      ["build", "--config", join(dir, "config/l10n-snapshot.json"), "--out", out, "--quiet"],
      dir,
    );
    expect(build.code).toBe(0);
    const index = parseHtml(await readFile(join(out, "index.html"), "utf8"));
    expect(index.querySelector("title")?.text).toContain(
      "Harbor Docs, Orbit Notes and tinygrep translations",
    );
    // Every translation the server has, through the wildcards.
    const snapshot = readSnapshot(join(out, "data/snapshot.json.gz"));
    expect(snapshot.translations.length).toBe(buildDemoRecords(server.baseUrl).length);
    expect(snapshot.translations.every((t) => t.status === "ok")).toBe(true);
  });

  it("takes the projects named with --project, and names the site after a single one", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    const result = await run(
      ["init", "--base-url", `${server.baseUrl}/`, "--project", "tinygrep", "--json"],
      dir,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      command: "init",
      baseUrl: server.baseUrl,
      translations: ["tinygrep/*/*"],
      projects: [{ slug: "tinygrep", name: "tinygrep", components: 2 }],
      failing: [],
      files: [
        "config/l10n-snapshot.json",
        "config/l10n-snapshot.schema.json",
        ".github/workflows/publish.yml",
        ".gitignore",
      ],
      gitignore: "created",
      scheduleMinute: scheduleMinute(basename(dir)),
      exitCode: 0,
    });
    const config = await readJson(join(dir, "config/l10n-snapshot.json"));
    expect(config.translations).toEqual(["tinygrep/*/*"]);
    expect(config.site).toEqual({ title: "tinygrep translations" });
    expect(server.requestsTo("/api/projects/orbit-notes/")).toEqual([]);
  });

  it("writes the config where --config says, and the workflow names that file", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    const result = await run(
      ["init", "--yes", "--base-url", server.baseUrl, "--config", "l10n/status.json", "--quiet"],
      dir,
    );
    expect(result).toEqual({ code: 0, out: "", err: "" });
    expect((await readJson(join(dir, "l10n/status.json"))).$schema).toBe(
      "./l10n-snapshot.schema.json",
    );
    expect(existsSync(join(dir, "l10n/l10n-snapshot.schema.json"))).toBe(true);
    expect(await readFile(join(dir, ".github/workflows/publish.yml"), "utf8")).toContain(
      'config: "l10n/status.json"',
    );
  });

  it("refuses a config outside the folder it runs in (the workflow could not name it)", async () => {
    const dir = await tempDir();
    const result = await run(
      ["init", "--yes", "--base-url", "https://weblate.example", "--config", "../elsewhere.json"],
      dir,
    );
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      "l10n-snapshot: init: --config ../elsewhere.json is outside this folder; run init at the root of the repository, with the config inside it\n",
    );
  });

  it("refuses a project the server does not have, listing the ones it has", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    const result = await run(["init", "--base-url", server.baseUrl, "--project", "nope"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      "l10n-snapshot: init: the server has no project 'nope'; it has harbor-docs, orbit-notes, tinygrep\n",
    );
    expect(existsSync(join(dir, "config"))).toBe(false);
  });

  it("asks on a terminal with a numbered list, and asks again after an answer it cannot use", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    const result = await run(["init", "--base-url", server.baseUrl], dir, {
      answers: ["7", "3 1"],
    });
    expect(result.code).toBe(0);
    expect(result.err).toContain(
      "The server has 3 projects:\n  1) Harbor Docs (harbor-docs)\n  2) Orbit Notes (orbit-notes)\n  3) tinygrep\n",
    );
    expect(result.err).toContain("7 is outside 1-3\n");
    const config = await readJson(join(dir, "config/l10n-snapshot.json"));
    expect(config.translations).toEqual(["harbor-docs/*/*", "tinygrep/*/*"]);
  });

  it("without a terminal, needs --yes or --project", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const result = await run(["init", "--base-url", server.baseUrl], await tempDir());
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      "l10n-snapshot: init: no terminal to ask which projects to track; pass --yes to track all 3, or name the ones to track with --project SLUG (repeatable); the server has harbor-docs, orbit-notes, tinygrep\n",
    );
  });

  it("refuses to overwrite files without --force, before asking the server anything", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    await mkdir(join(dir, ".github/workflows"), { recursive: true });
    await writeFile(join(dir, ".github/workflows/publish.yml"), "mine\n");
    const refused = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      "l10n-snapshot: init: .github/workflows/publish.yml exists already; pass --force to replace it\n",
    );
    expect(server.log).toEqual([]);
    expect(existsSync(join(dir, "config/l10n-snapshot.json"))).toBe(false);

    const forced = await run(["init", "--yes", "--force", "--base-url", server.baseUrl], dir);
    expect(forced.code).toBe(0);
    expect(await readFile(join(dir, ".github/workflows/publish.yml"), "utf8")).toContain(
      "l10n-snapshot/l10n-snapshot@",
    );
  });

  it("leaves out projects whose slug could change a path, and prints server names sanitized", async () => {
    const records = (base: string) => [
      set(
        set(
          contractRecord(base, { project: "good" }),
          "component.project.name",
          "Evil\u001b[31m\u202eName",
        ),
        "component.project.slug",
        "good",
      ),
      set(contractRecord(base, { project: "other" }), "component.project.slug", ".."),
    ];
    const server = await startStandIn({ records });
    const dir = await tempDir();
    const result = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(result.err).toBe(
      'init: project #2 left out: its slug ".." is "..", which would change the path\n',
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain("good: Evil\\u001b[31m\\u202eName, 1 component\n");
    const config = await readJson(join(dir, "config/l10n-snapshot.json"));
    expect(config.translations).toEqual(["good/*/*"]);
    expect(config.site).toEqual({ title: "Evil\\u001b[31m\\u202eName translations" });
  });

  it("sends the token to the server, and refuses it over plain http to another machine", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const ok = await run(["init", "--yes", "--base-url", server.baseUrl], await tempDir(), {
      env: { WEBLATE_TOKEN: "wlu_secret_token" },
    });
    expect(ok.code).toBe(0);
    expect(server.log.every((r) => r.headers.authorization === "Token wlu_secret_token")).toBe(
      true,
    );

    const refused = await run(
      ["init", "--yes", "--base-url", "http://weblate.example"],
      await tempDir(),
      { env: { WEBLATE_TOKEN: "wlu_secret_token" } },
    );
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      "--base-url is plain http:// to weblate.example, and WEBLATE_TOKEN is set",
    );
    expect(refused.err).not.toContain("wlu_secret_token");
  });

  it("says in one line when the server cannot be asked (exit 3)", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const base = server.baseUrl;
    await server.stop();
    const result = await run(["init", "--yes", "--base-url", base], await tempDir());
    expect(result.code).toBe(3);
    expect(result.err).toMatch(
      new RegExp(
        `^l10n-snapshot: init: cannot list the projects of ${base.replace(/\./g, "\\.")}: \\[GET\\] "${base.replace(/\./g, "\\.")}/api/projects/\\?page_size=1000": .*\\n$`,
      ),
    );
  });
});

describe("init: where the site will be published", () => {
  it("writes site.url from the repository's GitHub remote, so every build reads its history back", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    await mkdir(join(dir, ".git"));
    await writeFile(
      join(dir, ".git/config"),
      '[core]\n\tbare = false\n[remote "upstream"]\n\turl = git@github.com:other/fork.git\n[remote "origin"]\n\turl = git@github.com:Orbit-Team/notes-l10n.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n',
    );
    const result = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(result.code).toBe(0);
    const config = await readJson(join(dir, "config/l10n-snapshot.json"));
    expect((config.site as { url?: string }).url).toBe("https://orbit-team.github.io/notes-l10n/");
    expect(result.out).toContain(
      "The site will be at https://orbit-team.github.io/notes-l10n/ (site.url); each run reads the history back from there.",
    );
    await server.stop();
  });

  it("takes --site-url over the remote, and refuses one that is not an http(s) address", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    await mkdir(join(dir, ".git"));
    await writeFile(
      join(dir, ".git/config"),
      '[remote "origin"]\n\turl = https://github.com/orbit/orbit.github.io.git\n',
    );
    const bad = await run(
      ["init", "--yes", "--base-url", server.baseUrl, "--site-url", "javascript:alert(1)"],
      dir,
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(
      "l10n-snapshot: --site-url expects the site's http(s) address, such as https://USER.github.io/REPO/, found 'javascript:alert(1)'\n",
    );
    expect(existsSync(join(dir, "config/l10n-snapshot.json"))).toBe(false);

    const own = await run(
      [
        "init",
        "--yes",
        "--base-url",
        server.baseUrl,
        "--site-url",
        "https://l10n.example.org/status",
      ],
      dir,
    );
    expect(own.code).toBe(0);
    expect(
      ((await readJson(join(dir, "config/l10n-snapshot.json"))).site as { url?: string }).url,
    ).toBe("https://l10n.example.org/status/");
    await server.stop();
  });

  it("without a GitHub remote, writes no site.url and says how to set it", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dir = await tempDir();
    const result = await run(["init", "--yes", "--base-url", server.baseUrl], dir);
    expect(result.code).toBe(0);
    expect((await readJson(join(dir, "config/l10n-snapshot.json"))).site).toEqual({
      title: "Harbor Docs, Orbit Notes and tinygrep translations",
    });
    expect(result.out).toContain('Set "site.url" in config/l10n-snapshot.json');
    await server.stop();
  });
});
