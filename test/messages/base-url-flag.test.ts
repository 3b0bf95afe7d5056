import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { goodWeblate, startHostile } from "../helpers/hostile-server.js";
import { runCli } from "../helpers/run-cli.js";
import { writeConfig } from "../helpers/run-main.js";
import { tempDir } from "../helpers/temp-dir.js";
import { startStandIn } from "../helpers/stand-in.js";

// A hint names what the user actually used: --base-url on the command line, not the config
// file's "baseUrl" (which --base-url replaced).

/** The address of a server that has stopped: nothing answers there. */
async function stoppedServer(): Promise<string> {
  const server = await startHostile(goodWeblate);
  await server.stop();
  return server.baseUrl;
}

async function crawlWith(baseUrl: string, env: Record<string, string> = {}) {
  const dir = await tempDir();
  const file = await writeConfig(dir, {
    baseUrl: "https://weblate.example",
    translations: ["proj/comp/cs"],
    crawl: { retries: 0 },
  });
  const run = await runCli(
    ["crawl", "--config", file, "--snapshot", join(dir, "s.json"), "--base-url", baseUrl],
    { env },
  );
  return { ...run, file };
}

describe("hints after --base-url", () => {
  it("a server that does not answer: 'is --base-url right?'", async () => {
    const base = await stoppedServer();
    const run = await crawlWith(base);
    expect(run.code).toBe(3);
    expect(run.err.split("\n")[0]).toBe(
      `failed proj/comp/cs: [GET] "${base}/api/translations/proj/comp/cs/": cannot reach ${base}: connection refused, nothing answers there; is the server running, and is --base-url right?`,
    );
    expect(run.err).not.toContain("baseUrl");
  });

  it("links on another host: 'set --base-url to it'", async () => {
    const server = await startStandIn({
      records: (base) => [contractRecord(base.replace("127.0.0.1", "localhost"))],
    });
    const run = await crawlWith(server.baseUrl);
    expect(run.code).toBe(0);
    expect(run.err).toContain(`not at the configured server ${server.baseUrl} (--base-url)`);
    expect(run.err).toContain("set --base-url to it");
    expect(run.err).not.toContain("baseUrl");
  });

  it("a token over plain http: names --base-url, not the config file", async () => {
    const run = await crawlWith("http://weblate.example", { WEBLATE_TOKEN: "t0ken" });
    expect(run.code).toBe(2);
    expect(run.err).toBe(
      "l10n-snapshot: --base-url is plain http:// to weblate.example, and WEBLATE_TOKEN is set; the token would cross the network unencrypted. Use https:// or unset WEBLATE_TOKEN\n",
    );
  });

  it("a page's address given as --base-url: the one line names --base-url only", async () => {
    const run = await crawlWith("https://weblate.example/projects/orbit-notes/");
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^l10n-snapshot: --base-url is the address of a page of Weblate /);
    expect(run.err).not.toContain("config");
    expect(run.err.split("\n")).toHaveLength(2);
  });
});
