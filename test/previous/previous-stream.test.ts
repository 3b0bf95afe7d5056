import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crawlOptionsSchema } from "../../src/config/schema.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { StandInServer } from "../../src/demo/stand-in-server.js";
import { loadPreviousSite } from "../../src/previous/previous-site.js";
import { main } from "../../src/cli/main.js";
import { startHostile } from "../helpers/hostile-server.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { serveDirectory } from "../helpers/static-site.js";
import { tempDir } from "../helpers/temp-dir.js";

// The previous site's snapshot is unpacked into a temporary file and streamed: one bigger than
// history.maxBytes (what is held in memory) but within 10 times that still serves the incremental
// crawl and last known good data, and the temporary file is gone after the run.

const records = syntheticRecords({ projects: 2, components: 2, languages: 3 });
let server: StandInServer;
let dir: string;
let scratch: string;
const savedTmp = process.env.TMPDIR;

beforeAll(async () => {
  server = await startStandIn({ records }, { keep: true });
  dir = await tempDir("l10n-prev-stream-");
  // The run's temporary folders go here (os.tmpdir() reads TMPDIR), so the test sees what is left.
  scratch = join(dir, "tmp");
  await mkdir(scratch);
  process.env.TMPDIR = scratch;
});

afterAll(async () => {
  process.env.TMPDIR = savedTmp;
  if (savedTmp === undefined) delete process.env.TMPDIR;
  await server.stop();
});

describe("build with a previous snapshot larger than history.maxBytes", () => {
  it("uses it for the incremental crawl and last known good data, and removes its temporary copy", async () => {
    const config = join(dir, "config.json");
    // history.maxBytes of 4 KiB: the snapshot of 12 translations (about 27 KB) is several times
    // that.
    await writeFile(
      config,
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: ["project0/*/*", "project1/*/*"],
        history: { maxBytes: 4096 },
      }),
    );
    const first = captureIo();
    const at = (hour: number) => () => new Date(`2026-11-21T${hour}:00:00Z`);
    expect(
      await main(["build", "--config", config, "--out", join(dir, "site"), "--no-previous"], {
        ...first,
        now: at(12),
      }),
      first.err(),
    ).toBe(0);
    const unpacked = gunzipSync(
      await readFile(join(dir, "site", "data", "snapshot.json.gz")),
    ).length;
    expect(unpacked).toBeGreaterThan(4096);
    expect(unpacked).toBeLessThan(10 * 4096);

    // One translation of project1 turns invalid (more translated than total, which its statistics
    // show); project0 is unchanged.
    const later = records(server.baseUrl).map((r) => {
      const record = r as { url?: string };
      return record.url?.includes("/project1/") && record.url.endsWith("/component0/l000/")
        ? { ...record, translated: 101 }
        : record;
    });
    server.setRecords(later);
    server.resetStats();
    const second = captureIo();
    expect(
      await main(
        ["build", "--config", config, "--out", join(dir, "site2"), "--previous", join(dir, "site")],
        { ...second, now: at(18) },
      ),
      second.err() + second.out(),
    ).toBe(1);
    expect(second.err()).not.toContain("warning previous site");
    // project0 was carried over on the server's change log; project1 was crawled.
    const paths = server.log.map((r) => r.url);
    expect(paths[0]?.split("?")[0]).toBe("/api/changes/");
    expect(paths.filter((p) => p.includes("project0"))).toEqual([]);
    expect(paths.filter((p) => p.includes("project1")).length).toBeGreaterThan(1);
    expect(second.out()).toMatch(/^translations \d+: .*, stale 1, /m);
    const snapshot = JSON.parse(
      gunzipSync(await readFile(join(dir, "site2", "data", "snapshot.json.gz"))).toString("utf8"),
    ) as { translations: { project: string; status: string; carried?: { asOf: string } }[] };
    const invalid = snapshot.translations.filter((e) => e.status !== "ok");
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.carried?.asOf).toBe("2026-11-21T12:00:00.000Z");
    expect(await readdir(scratch)).toEqual([]);
  });
});

describe("a previous site's snapshot from a hostile server", () => {
  const crawl = crawlOptionsSchema.parse({ retries: 0, retryDelayMs: 1, bodyTimeoutMs: 5000 });
  /** A site whose data/snapshot.json.gz answers with `snapshot`, stopped after the test. */
  async function serve(snapshot: (res: ServerResponse) => void): Promise<string> {
    const site = await startHostile((req, res) => {
      if (req.url?.split("?")[0] === "/data/snapshot.json.gz") return snapshot(res);
      res.writeHead(404).end();
    });
    return `${site.baseUrl}/`;
  }

  it("cuts off a small gzip file that unpacks past 30 × history.maxBytes", async () => {
    const url = await serve((res) => res.writeHead(200).end(gzipSync(Buffer.alloc(600_000, " "))));
    const options = { crawl, maxBytes: 10_000, baseUrl: server.baseUrl };
    // By default the run stops, naming the cap; --previous-optional goes on without it.
    await expect(loadPreviousSite(url, options)).rejects.toThrow(
      `previous site ${url} data/snapshot.json.gz: ${url}data/snapshot.json.gz: unpacks to more than 300000 bytes (30 × history.maxBytes); stopped before publishing`,
    );
    expect(await readdir(scratch)).toEqual([]);
    const site = await loadPreviousSite(url, { ...options, optional: true });
    expect(site.snapshot).toBeUndefined();
    expect(site.warnings).toContain(
      `previous site ${url} data/snapshot.json.gz: ${url}data/snapshot.json.gz: unpacks to more than 300000 bytes (30 × history.maxBytes); go on without last known good data (--previous-optional)`,
    );
    expect(await readdir(scratch)).toEqual([]);
  });

  it("cuts off a body that never ends", async () => {
    const url = await serve((res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, "x");
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", more);
      };
      more();
    });
    await expect(
      loadPreviousSite(url, { crawl, maxBytes: 100_000, baseUrl: server.baseUrl }),
    ).rejects.toThrow("larger than 100000 bytes (history.maxBytes)");
    expect(await readdir(scratch)).toEqual([]);
  });

  it("reads a good one served over HTTP and removes its copy on close", async () => {
    const site = await serveDirectory(join(dir, "site"));
    const read = await loadPreviousSite(site.url, {
      crawl,
      maxBytes: 4096,
      baseUrl: server.baseUrl,
    });
    expect(read.warnings).toEqual([]);
    expect([...read.snapshot!.entries()]).toHaveLength(12);
    expect(await readdir(scratch)).toHaveLength(1);
    await read.close();
    expect(await readdir(scratch)).toEqual([]);
  });
});
