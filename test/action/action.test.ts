import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseHtml } from "node-html-parser";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { COUNT_OUTPUTS } from "../../src/action/run-action.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { actionCheckout } from "../helpers/action-checkout.js";
import { runAction, type ActionFile } from "../helpers/action-runner.js";
import { startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The GitHub Action (action.yml) run as the runner runs it: `node dist/action.js` from a copy of
// the repository's files - no node_modules anywhere up the tree, nothing installed or built - in
// a workspace, with INPUT_* and the GITHUB_* variables and files set.

let actionPath = "";
let action: ActionFile;

beforeAll(async () => {
  const dir = await tempDir("l10n-snapshot-action-");
  actionPath = await actionCheckout(join(dir, "_actions/l10n-snapshot/l10n-snapshot/v1"));
  action = parse(await readFile(join(actionPath, "action.yml"), "utf8")) as ActionFile;
}, 60_000);

async function workspace(config: unknown) {
  const dir = await tempDir("l10n-snapshot-workspace-");
  await mkdir(join(dir, "workspace/config"), { recursive: true });
  await writeFile(join(dir, "workspace/config/status.json"), JSON.stringify(config));
  return { workspace: join(dir, "workspace"), temp: join(dir, "runner-temp") };
}

describe("action.yml", () => {
  it("is a JavaScript action on node24 whose entry is the committed bundle, found with no install", () => {
    expect(action.runs).toEqual({ using: "node24", main: "dist/action.js" });
    expect(existsSync(join(actionPath, "dist/action.js"))).toBe(true);
    expect(existsSync(join(actionPath, "node_modules"))).toBe(false);
    expect(Object.keys(action.inputs ?? {})).toEqual([
      "config",
      "out",
      "token",
      "previous",
      "previous-force",
      "full",
      "check",
    ]);
    // The outputs it declares; the run below sets exactly these.
    expect(Object.keys(action.outputs ?? {})).toEqual([
      "site-path",
      "exit-code",
      "translations",
      "ok",
      "invalid",
      "failed",
      "stale",
      "removed",
    ]);
    expect(COUNT_OUTPUTS).toEqual(["translations", "ok", "invalid", "failed", "stale", "removed"]);
  });

  it("builds the site into `out` with the token, sets the outputs and writes the job summary", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/*/*", "orbit-notes/website/*"],
    });
    const token = "wlu_action_token_1234";
    const result = await runAction({
      actionPath,
      ...dirs,
      inputs: { config: "config/status.json", out: "public", token },
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe("success");
    expect(result.outputs).toEqual({
      "site-path": "public",
      "exit-code": "0",
      translations: "21",
      ok: "21",
      invalid: "0",
      failed: "0",
      stale: "0",
      removed: "0",
    });
    expect(existsSync(join(dirs.workspace, "public/index.html"))).toBe(true);
    expect(existsSync(join(dirs.workspace, "public/badges/tinygrep.svg"))).toBe(true);
    expect(
      (await readFile(join(dirs.workspace, "public/assets/og.png"))).subarray(1, 4).toString(),
    ).toBe("PNG");
    expect(server.log.length).toBeGreaterThan(0);
    expect(server.log.every((r) => r.headers.authorization === `Token ${token}`)).toBe(true);
    expect(result.summary).toContain(
      "| translations | ok | with warnings | stale | failed | invalid | removed | requests | time |",
    );
    expect(result.summary).toContain(
      "Exit code 0: Every translation was fetched and is valid; the site was written.",
    );
    expect(result.summary).toContain("The site is in public (");
    // The log: the token only in the command that masks it (the runner hides that line).
    expect(result.stdout.split("\n")[0]).toBe(`::add-mask::${token}`);
    expect(result.stdout.split("\n").slice(1).join("\n")).not.toContain(token);
    expect(result.stdout).toMatch(
      /^l10n-snapshot build: translations 21: ok 21, warnings 0, stale 0, failed 0, invalid 0; removed 0; \d+ requests, [\d.]+ s; site written to public\/ \(\d+ files\); exit 0$/m,
    );
  }, 60_000);

  it("still publishes when some translations fail (exit 1), and fails the step on a bad config (exit 2)", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const partial = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/cli/*", "tinygrep/cli/xx"],
      crawl: { retryDelayMs: 10 },
    });
    const ran = await runAction({
      actionPath,
      ...partial,
      inputs: { config: "config/status.json" },
    });
    expect(ran.failed).toBe(false);
    expect(ran.outputs).toMatchObject({ "exit-code": "1", "site-path": "out", failed: "1" });
    expect(existsSync(join(partial.workspace, "out/index.html"))).toBe(true);
    expect(ran.summary).toContain("| tinygrep\\/cli\\/xx | failed | ");
    expect(ran.stdout).toContain(
      "::warning title=l10n-snapshot::1 translation failed; the site shows them\n",
    );
    // The failure itself is an annotation, once: not a plain line besides.
    expect(ran.stdout).toMatch(/^::warning title=l10n-snapshot::failed tinygrep\/cli\/xx: /m);
    expect(ran.stderr).not.toContain("tinygrep/cli/xx");
    expect(ran.stdout).toMatch(
      /^l10n-snapshot build: translations 9: ok 8, warnings 0, stale 0, failed 1, invalid 0; removed 0; \d+ requests?, [\d.]+ s; site written to out\/ \(\d+ files\); exit 1$/m,
    );

    const bad = await workspace({ baseUrl: server.baseUrl, translations: ["a/b"] });
    const refused = await runAction({
      actionPath,
      ...bad,
      inputs: { config: "config/status.json" },
    });
    expect(refused.failed).toBe(true);
    expect(refused.exitCode).toBe(2);
    expect(refused.outputs).toEqual({ "site-path": "out", "exit-code": "2" });
    // The reason, once: the error annotation, not a plain line besides.
    expect(refused.stdout).toMatch(
      /^::error title=l10n-snapshot::config config\/status\.json: "translations\[0\]"/m,
    );
    expect(refused.stderr).toBe("");
    expect(refused.summary).toContain("Exit code 2: Usage or config error");
    expect(existsSync(join(bad.workspace, "out"))).toBe(false);
  }, 60_000);

  it("reads the history from `previous`, and runs the gate with `check: true` (a failed gate fails the step)", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/*/*"],
      check: { minPercent: 100 },
    });
    const inputs = { config: "config/status.json", out: "public" };
    const first = await runAction({ actionPath, ...dirs, inputs });
    expect(first.failed).toBe(false);
    const second = await runAction({
      actionPath,
      ...dirs,
      inputs: { ...inputs, previous: "public", check: "true" },
    });
    expect(second.failed).toBe(true);
    expect(second.exitCode).toBe(1);
    expect(second.outputs["exit-code"]).toBe("0");
    expect(second.stdout).toContain("translated, below the minimum of 100%");
    // The gate's own table follows the build's in the job summary.
    expect(second.summary.indexOf("### l10n-snapshot")).toBeLessThan(
      second.summary.lastIndexOf("minimum of 100\\%"),
    );
    // The second build read the first one's history: the pages now compare with the last run.
    const index = parseHtml(await readFile(join(dirs.workspace, "public/index.html"), "utf8"));
    // (Deltas only with a previous run: the chart is there from the first run on.)
    expect(index.querySelector("section.trend table.deltas")).not.toBeNull();
  }, 60_000);

  it("counts stale and removed translations across runs: a failed list is stale, not removed", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      // Two projects: with every translation failed, nothing is usable (exit 3, nothing written).
      translations: ["tinygrep/*/*", "orbit-notes/website/*"],
      crawl: { retries: 0, retryDelayMs: 5 },
    });
    const inputs = { config: "config/status.json", out: "public", previous: "public" };
    const first = await runAction({
      actionPath,
      ...dirs,
      inputs: { config: inputs.config, out: "public" },
    });
    expect(first.outputs).toMatchObject({ "exit-code": "0", stale: "0", removed: "0" });
    // The project's component list answers 500 on a full crawl: 13 translations stale.
    const fail = { status: 500, body: '{"detail": "Internal server error."}' };
    server.addFault("/api/projects/tinygrep/components/", fail, fail);
    const second = await runAction({ actionPath, ...dirs, inputs: { ...inputs, full: "true" } });
    expect(second.failed).toBe(false);
    expect(second.outputs).toMatchObject({
      "exit-code": "1",
      failed: "0",
      stale: "13",
      removed: "0",
    });
    // Its warning names what the tally holds, not failures the run did not have.
    expect(second.stdout).toContain(
      "::warning title=l10n-snapshot::13 translations stale and 1 list failed; the site shows them\n",
    );
    // One translation is removed from the server: counted once, in the run that saw it go.
    server.clearFaults();
    server.setRecords(
      buildDemoRecords(server.baseUrl).filter(
        (r) => !JSON.stringify(r).includes('/translations/tinygrep/cli/de/"'),
      ),
    );
    const third = await runAction({ actionPath, ...dirs, inputs });
    expect(third.outputs).toMatchObject({ "exit-code": "0", stale: "0", removed: "1" });
    const fourth = await runAction({ actionPath, ...dirs, inputs });
    expect(fourth.outputs).toMatchObject({ "exit-code": "0", stale: "0", removed: "0" });
  }, 120_000);

  it.each([
    [{ check: "yes please" }, "the input \"check\" is true or false, found 'yes please'"],
    [{ full: "1" }, "the input \"full\" is true or false, found '1'"],
    [{ "previous-force": "on" }, "the input \"previous-force\" is true or false, found 'on'"],
    [
      { previous: "none", "previous-force": "true" },
      'the input "previous-force" has no previous site to take with "previous: none" (a new history); give one of them',
    ],
  ])("refuses inputs %j before any request", async (given, message) => {
    const dirs = await workspace({ baseUrl: "https://weblate.example", translations: ["a/b/c"] });
    const result = await runAction({
      actionPath,
      ...dirs,
      inputs: { config: "config/status.json", ...given },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe(`::error title=l10n-snapshot::${message}\n`);
  });
});
