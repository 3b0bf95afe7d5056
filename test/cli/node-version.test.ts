import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { bundle } from "../../scripts/bundle.js";
import { MIN_NODE, nodeVersionProblem } from "../../src/cli/node-version.js";
import { tempDir } from "../helpers/temp-dir.js";

// An older Node.js than the tool supports gets one line and exit code 2 from the bundled command
// (what `node dist/cli.js` and the package's bin run), before any bundled library loads. The
// child's Node.js is made to report an older version by a module preloaded with --import.

const root = join(import.meta.dirname, "../..");
let dir = "";
beforeAll(async () => {
  dir = await tempDir("l10n-snapshot-node-version-");
});

let bundled: Promise<string> | undefined;
/** cli.js bundled from src/ into the file's temporary folder, once. */
function bundledCli(): Promise<string> {
  bundled ??= bundle(join(dir, "dist")).then(() => join(dir, "dist/cli.js"));
  return bundled;
}

/**
 * The bundled cli.js run on a Node.js that says it is `version`. The libraries in the bundle read
 * the global TextDecoder as they load: the preloaded module counts those reads, and prints the
 * count as the process exits.
 */
async function runAs(version: string, args: string[]) {
  const cli = await bundledCli();
  const preload = [
    "const T = globalThis.TextDecoder; let reads = 0;",
    "Object.defineProperty(globalThis, 'TextDecoder', { configurable: true,",
    "  get() { reads += 1; return T; } });",
    "process.on('exit', () => process.stderr.write(`TextDecoder reads: ${reads}\\n`));",
    `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} });`,
  ].join("\n");
  const pretend = `data:text/javascript,${encodeURIComponent(preload)}`;
  return promisify(execFile)(process.execPath, ["--import", pretend, cli, ...args], {
    cwd: dirname(cli),
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}

describe("the Node.js version", () => {
  it("is package.json's engines", async () => {
    const pkg = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
    expect(pkg.engines.node).toBe(`>=${MIN_NODE}`);
  });

  it("compares by numbers: older versions get the line, the minimum and newer ones none", () => {
    for (const old of ["20.18.0", "20.9.0", "v18.20.4", "16.0.0", "20.18.0-pre"])
      expect(nodeVersionProblem(old), old).toBe(
        `l10n-snapshot needs Node.js 20.18.1 or later; this is Node.js ${old.replace(/^v/, "")} ` +
          "(run it with a newer node, e.g. the current LTS)",
      );
    for (const ok of ["20.18.1", "v20.18.2", "20.19.0", "22.0.0", "24.11.1", "100.0.0"])
      expect(nodeVersionProblem(ok), ok).toBeUndefined();
  });

  it("stops the bundled command with one line and exit code 2, before any library loads", async () => {
    const old = await runAs("20.10.0", ["build", "--config", "missing.json"]);
    expect(old).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "l10n-snapshot needs Node.js 20.18.1 or later; this is Node.js 20.10.0 (run it with a " +
        "newer node, e.g. the current LTS)\nTextDecoder reads: 0\n",
    });
    // The same bundle on a supported version loads the command's libraries (which read
    // TextDecoder) and runs it: the config is missing.
    const supported = await runAs(MIN_NODE, ["build", "--config", "missing.json"]);
    expect(supported.code).toBe(2);
    expect(supported.stderr).toMatch(/^l10n-snapshot: .*missing\.json/);
    expect(Number(/TextDecoder reads: (\d+)/.exec(supported.stderr)?.[1])).toBeGreaterThan(0);
  }, 120_000);
});
