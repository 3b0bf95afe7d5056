import { fileHashes } from "../helpers/file-hashes.js";
import { readFile, rm, writeFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { contractRecord } from "../helpers/fixtures.js";
import { scheduledJob, type Job } from "../helpers/scheduled-job.js";

// The previous site is read or the run stops: months of history and every last known good value
// live there, and a run that could not read them must not publish a site that has lost them.
// Only the site's own word that it has no such file (404) starts a new history.

const records = (b: string) => [
  contractRecord(b, { language: "cs" }),
  contractRecord(b, { language: "de", stats: { translated: 80 } }),
];

const published = (job: Job) => fileHashes(job.out);

type Answer = (res: ServerResponse, job: Job) => void;
const cases: [string, string, Answer, RegExp][] = [
  [
    "answers 500",
    "/data/history.json",
    (res) => res.writeHead(500, { "content-type": "text/html" }).end("<h1>500</h1>"),
    /data\/history\.json": 500 Internal Server Error/,
  ],
  [
    "answers 503",
    "/data/snapshot.json.gz",
    (res) => res.writeHead(503).end(),
    /data\/snapshot\.json\.gz": 503 Service Unavailable/,
  ],
  [
    "times out",
    "/data/history.json",
    (res) => void setTimeout(() => res.destroy(), 3000),
    /data\/history\.json": timed out: no answer within [\d.]+ s \(crawl\.timeoutMs\)/,
  ],
  [
    "answers an HTML page with status 200",
    "/data/history.json",
    (res) => res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>Login"),
    /data\/history\.json": an HTML page \(text\/html\), not the file/,
  ],
  [
    "answers a body that does not parse",
    "/data/history.json",
    (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"schemaVer'),
    /data\/history\.json": not JSON/,
  ],
  [
    "redirects to another origin",
    "/data/history.json",
    (res) => res.writeHead(302, { location: "http://127.0.0.2:9/data/history.json" }).end(),
    /302 redirect to another origin \(http:\/\/127\.0\.0\.2:9\)/,
  ],
];

describe("the previous site is read or the run stops", () => {
  it.each(cases)(
    "stops with exit 3 and one line when the previous site %s, publishing nothing; --previous-optional goes on",
    async (_, path, answer, cause) => {
      const job = await scheduledJob({ records, translations: ["proj/comp/*"] });
      const first = await job.run("2026-11-01T06:00:00Z");
      expect(first.code).toBe(0);
      const before = await published(job);
      job.site.override = (p, res) => {
        if (p !== path) return false;
        answer(res, job);
        return true;
      };
      job.server.resetStats();
      const second = await job.run("2026-11-02T06:00:00Z");
      expect(second.code).toBe(3);
      expect(second.lines).toHaveLength(1);
      expect(second.lines[0]).toMatch(
        new RegExp(
          `^l10n-snapshot: previous site ${job.site.url.replace(/[.]/g, "\\.")} data/${path.slice(6).replace(/[.]/g, "\\.")}: .*`,
        ),
      );
      expect(second.lines[0]).toMatch(cause);
      expect(second.lines[0]).toContain(
        "stopped before publishing, so the live site and its history stay as they were",
      );
      // Not one request to Weblate, not one file changed.
      expect(job.server.log).toEqual([]);
      expect(await published(job)).toEqual(before);

      const optional = await job.run("2026-11-03T06:00:00Z", "--previous-optional");
      expect(optional.code).toBe(0);
      expect(
        optional.lines.some((l) => /^warning previous site .*\(--previous-optional\)$/.test(l)),
      ).toBe(true);
    },
    20_000,
  );

  it("starts a new history only when the site says it has none (404)", async () => {
    const job = await scheduledJob({ records, translations: ["proj/comp/*"] });
    const first = await job.run("2026-11-01T06:00:00Z");
    expect(first.code).toBe(0);
    expect(first.lines).toEqual([
      `note previous site ${job.site.url} has nothing published yet (data/history.json and data/snapshot.json.gz: 404 Not Found): normal for a first run; starting a new history`,
    ]);
    const second = await job.run("2026-11-02T06:00:00Z");
    expect(second.code).toBe(0);
    expect(second.lines).toEqual([]);
    expect(second.history?.previousRun).toBe("2026-11-01T06:00:00.000Z");
  });

  it("stops with exit 3 and one line at a site of another layout (one history file, a plain snapshot); --previous-optional starts a new history", async () => {
    const job = await scheduledJob({ records, translations: ["proj/comp/*"] });
    expect((await job.run("2026-11-01T06:00:00Z")).code).toBe(0);
    // No release wrote this layout: the history in one file (version 2), the snapshot plain.
    const data = join(job.out, "data");
    const index = JSON.parse(await readFile(join(data, "history.json"), "utf8"));
    const { parts: _, ...rest } = index;
    await writeFile(
      join(data, "history.json"),
      JSON.stringify({ ...rest, schemaVersion: 2, gone: {}, series: {} }),
    );
    await rm(join(data, "history"), { recursive: true });
    await writeFile(
      join(data, "snapshot.json"),
      gunzipSync(await readFile(join(data, "snapshot.json.gz"))),
    );
    await rm(join(data, "snapshot.json.gz"));
    const before = await published(job);
    job.server.resetStats();
    job.site.requests.length = 0;

    const second = await job.run("2026-11-02T06:00:00Z");
    expect(second.code).toBe(3);
    expect(second.lines).toEqual([
      `l10n-snapshot: previous site ${job.site.url} data/history.json: not a history this tool can read ("schemaVersion": Invalid input: expected 3); stopped before publishing, so the live site and its history stay as they were (run again once the site answers, or pass --previous-optional to start a new history instead)`,
    ]);
    expect(job.server.log).toEqual([]);
    expect(await published(job)).toEqual(before);
    // The plain snapshot is not asked for: a site publishes only the compressed one.
    const paths = job.site.requests.map((r) => r.url.split("?")[0]);
    expect(paths).not.toContain("/data/snapshot.json");

    const optional = await job.run("2026-11-03T06:00:00Z", "--previous-optional");
    expect(optional.code).toBe(0);
    expect(optional.lines).toEqual([
      `warning previous site ${job.site.url} data/history.json: not a history this tool can read ("schemaVersion": Invalid input: expected 3); start a new history (--previous-optional)`,
      `warning previous site ${job.site.url}: no snapshot (data/snapshot.json.gz: 404 Not Found); no last known good data this run`,
    ]);
    expect(optional.history?.previousRun).toBeUndefined();
  });
});
