import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { crawlToSnapshot } from "../../src/pipeline/crawl-step.js";
import { contractRecord } from "../helpers/fixtures.js";
import { startHostile } from "../helpers/hostile-server.js";
import { runMain } from "../helpers/run-main.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The rows "a TLS failure (a self-signed certificate)" and "a failed site.url": one line
// with the cause in words (no OpenSSL code, no request line per translation), no retry of what
// cannot succeed, and the hint naming the setting that is wrong.

const hasOpenssl = spawnSync("openssl", ["version"], { stdio: "ignore" }).status === 0;
const translations = Array.from({ length: 10 }, (_, i) => `proj/comp/l${i}`);

describe.skipIf(!hasOpenssl && process.env.CI !== "true")(
  "a server whose TLS certificate is self-signed",
  () => {
    let key = "";
    let cert = "";
    const servers: Server[] = [];
    beforeAll(async () => {
      // A throwaway certificate for 127.0.0.1, made for this run only.
      const dir = await tempDir("l10n-snapshot-tls-");
      const made = spawnSync("openssl", [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ]);
      expect(made.status).toBe(0);
      key = await readFile(join(dir, "key.pem"), "utf8");
      cert = await readFile(join(dir, "cert.pem"), "utf8");
    });
    afterEach(() => {
      for (const s of servers.splice(0)) s.close();
    });
    const start = async () => {
      let connections = 0;
      const server = createServer({ key, cert }, (_req, res) => res.end("{}"));
      server.on("connection", () => (connections += 1));
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return {
        baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
        connections: () => connections,
      };
    };

    it("fails every translation on one line, in words, naming the fix", async () => {
      const { baseUrl } = await start();
      const run = await runMain({ baseUrl, translations, crawl: { retryDelayMs: 10 } });
      expect(run.code).toBe(3);
      expect(run.err).toBe(
        `failed 10 translations: cannot connect securely to ${baseUrl}: its TLS certificate is self-signed, so it cannot be verified; if the certificate is your organisation's own, give Node its authority: NODE_EXTRA_CA_CERTS=/path/to/ca.pem\n` +
          "l10n-snapshot: nothing usable: every translation failed or was invalid; the previous output was left as it was\n",
      );
      expect(run.err).not.toMatch(/SELF_SIGNED|\[GET\]/);
    });

    it("http:// to its TLS port: one line saying to use https://, no retry", async () => {
      const { baseUrl, connections } = await start();
      const plain = baseUrl.replace("https:", "http:");
      const run = await runMain({
        baseUrl: plain,
        translations,
        crawl: { retries: 3, retryDelayMs: 2000, concurrency: 2 },
      });
      expect(run.code).toBe(3);
      expect(run.err).toBe(
        `failed 10 translations: cannot talk to ${plain}: the server speaks TLS here: use https:// (set "baseUrl" to ${baseUrl})\n` +
          "l10n-snapshot: nothing usable: every translation failed or was invalid; the previous output was left as it was\n",
      );
      expect(run.err).not.toMatch(/UND_ERR|other side closed/);
      // The requests of the two slots, and one handshake to tell; no retry.
      expect(connections()).toBeLessThanOrEqual(3);
      const stats = await crawlToSnapshot(
        testConfig(plain, translations, { retries: 3, retryDelayMs: 2000, concurrency: 1 }),
      );
      expect(stats.stats).toMatchObject({ requests: 1, retries: 0 });
    });

    it("is not retried: at most one connection per request slot, the rest not sent", async () => {
      const { baseUrl, connections } = await start();
      const run = await crawlToSnapshot(
        testConfig(baseUrl, translations, { retries: 3, concurrency: 2 }),
      );
      expect(run.stats.retries).toBe(0);
      expect(run.stats.requests).toBeLessThanOrEqual(2);
      expect(connections()).toBeLessThanOrEqual(2);
      expect(run.snapshot.translations.every((t) => t.failure?.kind === "inaccessible")).toBe(true);
    });
  },
);

describe("a host that does not exist", () => {
  it("fails on one line naming baseUrl, without a retry", async () => {
    const run = await runMain({
      baseUrl: "https://weblate.invalid",
      translations: ["proj/comp/cs", "proj/comp/de"],
      crawl: { retryDelayMs: 2000 },
    });
    expect(run.code).toBe(3);
    expect(run.err.split("\n")[0]).toBe(
      'failed 2 translations: cannot reach https://weblate.invalid: there is no host named weblate.invalid (DNS); check the host in "baseUrl"',
    );
  });

  it("sends no second request, and does not wait to retry", async () => {
    const started = performance.now();
    const run = await crawlToSnapshot(
      testConfig("https://weblate.invalid", translations, {
        retries: 3,
        retryDelayMs: 5000,
        concurrency: 1,
      }),
    );
    expect(run.stats).toMatchObject({ requests: 1, retries: 0 });
    expect(performance.now() - started).toBeLessThan(4000);
  });
});

describe("a failed site.url", () => {
  // A previous site that cannot be read stops the run before it publishes (issue 25: months of
  // history must not be overwritten by a new one); --previous-optional goes on with a warning.
  it("names site.url in the hint, not baseUrl, on one line", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const config = {
      baseUrl: server.baseUrl,
      translations: ["proj/comp/cs"],
      site: { url: "https://pages.invalid/repo/" },
    };
    const out = join(await tempDir("l10n-out-"), "out");
    const run = await runMain(config, ["build", "--out", out]);
    expect(run.code).toBe(3);
    expect(run.err).toBe(
      'l10n-snapshot: previous site https://pages.invalid/repo/ cannot be read (cannot reach https://pages.invalid: there is no host named pages.invalid (DNS); check the host in "site.url"); stopped before publishing, so the live site and its history stay as they were (run again once the site answers, or pass --previous-optional to start a new history instead)\n',
    );
    const optional = await runMain(config, ["build", "--out", out, "--previous-optional"]);
    expect(optional.code).toBe(0);
    expect(optional.err).toBe(
      'warning previous site https://pages.invalid/repo/ cannot be read (cannot reach https://pages.invalid: there is no host named pages.invalid (DNS); check the host in "site.url"); starting a new history, with no last known good data this run (--previous-optional)\n',
    );
  });

  it("names --previous when the address came from there", async () => {
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const run = await runMain({ baseUrl: server.baseUrl, translations: ["proj/comp/cs"] }, [
      "build",
      "--out",
      join(await tempDir("l10n-out-"), "out"),
      "--previous",
      "https://pages.invalid/repo/",
    ]);
    expect(run.err).toContain("check the host in --previous");
    expect(run.err).not.toContain("baseUrl");
  });
});

describe("a redirect to another origin", () => {
  it("names site.url for the previous site, baseUrl for the crawl", async () => {
    const moved = await startHostile((_req, res) => {
      res.writeHead(301, { location: "http://127.0.0.2:9/new/" });
      res.end();
    });
    const server = await startStandIn({ records: (base) => [contractRecord(base)] });
    const site = await runMain(
      {
        baseUrl: server.baseUrl,
        translations: ["proj/comp/cs"],
        site: { url: `${moved.baseUrl}/repo/` },
      },
      ["build", "--out", join(await tempDir("l10n-out-"), "out")],
    );
    expect(site.err).toContain('If the server moved, set "site.url" to the new address');
    const crawl = await runMain({ baseUrl: moved.baseUrl, translations: ["proj/comp/cs"] });
    expect(crawl.err).toContain('If the server moved, set "baseUrl" to the new address');
  });
});
