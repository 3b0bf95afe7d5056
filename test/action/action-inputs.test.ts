import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseHtml } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURE_ANNOTATIONS } from "../../src/action/run-action.js";
import { buildDemoRecords } from "../../src/demo/demo-data.js";
import { actionCheckout } from "../helpers/action-checkout.js";
import { runAction, type ActionRun } from "../helpers/action-runner.js";
import { startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The Action's inputs for the previous site and the crawl (`previous`, `previous-force`, `full`),
// and what its log says: annotations for what failed and for the previous site, each once, the
// reason of a failed step in its error, and no workflow command that a server's text could start.

let actionPath = "";

beforeAll(async () => {
  const dir = await tempDir("l10n-snapshot-action-inputs-");
  actionPath = await actionCheckout(join(dir, "_actions/l10n-snapshot/l10n-snapshot/v1"));
}, 60_000);

/** A workspace whose config/status.json is `config`; `write` replaces it later. */
async function workspace(config: unknown) {
  const dir = await tempDir("l10n-snapshot-workspace-");
  await mkdir(join(dir, "workspace/config"), { recursive: true });
  const write = (c: unknown) =>
    writeFile(join(dir, "workspace/config/status.json"), JSON.stringify(c));
  await write(config);
  return { workspace: join(dir, "workspace"), temp: join(dir, "runner-temp"), write };
}

/** The lines of a step's output that the runner reads as workflow commands. */
const commands = (run: ActionRun) =>
  `${run.stdout}${run.stderr}`.split("\n").filter((line) => line.startsWith("::"));

describe("the inputs previous, previous-force and full", () => {
  it("after a change of baseUrl: refused with the inputs named; previous-force carries the history over, previous: none starts anew", async () => {
    const first = await startStandIn({ records: buildDemoRecords });
    const moved = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({ baseUrl: first.baseUrl, translations: ["tinygrep/*/*"] });
    const inputs = { config: "config/status.json", out: "public", previous: "public" };
    expect((await runAction({ actionPath, ...dirs, inputs })).exitCode).toBe(0);
    const before = await readFile(join(dirs.workspace, "public/data/history.json"), "utf8");

    await dirs.write({ baseUrl: moved.baseUrl, translations: ["tinygrep/*/*"] });
    const refused = await runAction({ actionPath, ...dirs, inputs });
    expect(refused.exitCode).toBe(2);
    expect(commands(refused)).toEqual([
      expect.stringMatching(
        /^::error title=l10n-snapshot::previous site public was built from .*; its history belongs to another config\. Pass the input "previous" with this config's site, or the input "previous-force: true" to carry it over anyway, or the input "previous: none" to start a new history$/,
      ),
    ]);
    expect(refused.summary).toContain('the input \\"previous\\-force\\: true\\"');
    expect(moved.log).toHaveLength(0);

    const forced = await runAction({
      actionPath,
      ...dirs,
      inputs: { ...inputs, "previous-force": "true" },
    });
    expect(forced.exitCode).toBe(0);
    expect(commands(forced)).toEqual([
      expect.stringMatching(
        /^::warning title=l10n-snapshot::previous site public was built from another server \(.*\); carried over because of the input "previous-force: true"$/,
      ),
    ]);
    // The history went on: the pages compare with the run before the move.
    const carried = parseHtml(await readFile(join(dirs.workspace, "public/index.html"), "utf8"));
    // (Deltas only with a previous run: the chart is there from the first run on.)
    expect(carried.querySelector("section.trend table.deltas")).not.toBeNull();
    expect(
      (await readFile(join(dirs.workspace, "public/data/history.json"), "utf8")).length,
    ).toBeGreaterThanOrEqual(before.length);

    // The next run needs nothing: the site is now the moved server's.
    expect((await runAction({ actionPath, ...dirs, inputs })).exitCode).toBe(0);

    const anew = await runAction({ actionPath, ...dirs, inputs: { ...inputs, previous: "none" } });
    expect(anew.exitCode).toBe(0);
    expect(commands(anew)).toEqual([]);
    const fresh = parseHtml(await readFile(join(dirs.workspace, "public/index.html"), "utf8"));
    expect(fresh.querySelector("table.deltas")).toBeNull();
  }, 120_000);

  it("full: true crawls the projects the previous snapshot would carry over unchanged", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({ baseUrl: server.baseUrl, translations: ["tinygrep/*/*"] });
    const inputs = { config: "config/status.json", out: "public", previous: "public" };
    expect((await runAction({ actionPath, ...dirs, inputs })).exitCode).toBe(0);
    const lists = () => server.requestsTo("/api/components/").length;

    server.resetStats();
    expect((await runAction({ actionPath, ...dirs, inputs })).exitCode).toBe(0);
    // The incremental run asks the server's change log once, and no list.
    expect(server.requestsTo("/api/changes/")).toHaveLength(1);
    expect(lists()).toBe(0);

    server.resetStats();
    const full = await runAction({ actionPath, ...dirs, inputs: { ...inputs, full: "true" } });
    expect(full.exitCode).toBe(0);
    expect(lists()).toBeGreaterThan(0);
  }, 120_000);
});

describe("the Action's log", () => {
  it("a failed step's error says why (exit 3: nothing usable), once", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/cli/xx"],
      crawl: { retryDelayMs: 10 },
    });
    const run = await runAction({ actionPath, ...dirs, inputs: { config: "config/status.json" } });
    expect(run.exitCode).toBe(3);
    const why =
      "nothing usable: every translation failed or was invalid; the previous output was left as it was";
    expect(commands(run)).toEqual([
      expect.stringMatching(/^::warning title=l10n-snapshot::failed tinygrep\/cli\/xx: /),
      `::error title=l10n-snapshot::${why}`,
    ]);
    expect(run.stderr).not.toContain(why);
    expect(run.summary).toContain(`Error: ${why.replace(/[;:]/g, "\\$&")}`);
  }, 60_000);

  it(`makes at most ${MAX_FAILURE_ANNOTATIONS} annotations of failed translations; the rest are plain lines`, async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const missing = ["xa", "xb", "xc", "xd", "xe", "xf", "xg"].map((l) => `tinygrep/cli/${l}`);
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/cli/de", ...missing],
      crawl: { retryDelayMs: 10 },
    });
    const run = await runAction({ actionPath, ...dirs, inputs: { config: "config/status.json" } });
    expect(run.exitCode).toBe(0);
    expect(run.outputs["exit-code"]).toBe("1");
    const annotated = commands(run).filter((c) =>
      c.startsWith("::warning title=l10n-snapshot::failed "),
    );
    expect(annotated).toHaveLength(MAX_FAILURE_ANNOTATIONS);
    expect(run.stderr.split("\n").filter((l) => l.startsWith("failed "))).toHaveLength(
      missing.length - MAX_FAILURE_ANNOTATIONS,
    );
    expect(commands(run).at(-1)).toBe(
      "::warning title=l10n-snapshot::7 translations failed; the site shows them",
    );
  }, 60_000);

  it("a server's text cannot start a workflow command, nor show the token", async () => {
    const server = await startStandIn({ records: buildDemoRecords });
    const token = "wlu_action_secret_0042";
    const hostile = `denied\n::error::forged\r\n%0A::set-output name=x::y ::stop-commands::z ${token}`;
    server.addFault("/api/translations/tinygrep/cli/de/", {
      status: 403,
      body: JSON.stringify({ detail: hostile }),
    });
    const dirs = await workspace({
      baseUrl: server.baseUrl,
      translations: ["tinygrep/cli/de", "orbit-notes/website/fr"],
      crawl: { retryDelayMs: 10 },
    });
    const run = await runAction({
      actionPath,
      ...dirs,
      inputs: { config: "config/status.json", token },
    });
    expect(run.outputs["exit-code"]).toBe("1");
    // Every command is one of the Action's own; the server's text is inside one, escaped.
    const own = /^::(add-mask|warning title=l10n-snapshot|error title=l10n-snapshot)::/;
    expect(commands(run).filter((line) => !own.test(line))).toEqual([]);
    const failure = commands(run).find((c) => c.includes("failed tinygrep/cli/de"));
    // (The error's body, on one line; a literal %0A escaped so that the runner shows it as text.)
    expect(failure).toContain(
      "(denied ::error::forged %250A::set-output name=x::y ::stop-commands::z [redacted])",
    );
    expect(`${run.stdout}${run.stderr}`.split("\n").slice(1).join("\n")).not.toContain(token);
    expect(run.summary).not.toContain(token);
  }, 60_000);
});
