import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import type { StandInServer } from "../../src/demo/stand-in-server.js";
import { main } from "../../src/cli/main.js";
import { readSnapshot } from "../../src/snapshot/read-snapshot.js";
import { captureIo, startStandIn } from "../helpers/stand-in.js";
import { tempDir } from "../helpers/temp-dir.js";

// The incremental crawl against a small synthetic instance: 3 projects x 2 components x 3
// languages, each project tracked as p/*/*. What it writes must be what a full crawl writes.

const records = syntheticRecords({ projects: 3, components: 2, languages: 3 });
/** An unchanged run's one request: the server's change log since the last fetch. */
const allProbes = ["/api/changes/"];
/** The paths asked, the changes query (a time) left out. */
const asked = (paths: string[]) => paths.map((p) => p.replace(/changes\/\?.*$/, "changes/")).sort();
const signals = (paths: string[]) => paths.filter((p) => p.startsWith("/api/changes/"));
/**
 * The server's Date header counts whole seconds, so a change made in the second a project was
 * fetched is asked for again by the next run: a test that wants "unchanged" starts a new second.
 */
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));

describe("crawl --previous", () => {
  let server: StandInServer;
  let dir: string;
  let config: string;
  const translationsText = (file: string) => JSON.stringify(readSnapshot(file).translations);
  const crawl = async (snapshot: string, ...flags: string[]) => {
    server.resetStats();
    const io = captureIo();
    const code = await main(
      ["crawl", "--config", config, "--snapshot", join(dir, snapshot), ...flags],
      { ...io, now: () => new Date(`2026-11-2${snapshot.length % 9}T12:00:00Z`) },
    );
    expect(io.err()).toBe("");
    expect(code).toBe(0);
    return server.log.map((r) => r.url);
  };

  beforeAll(async () => {
    // One server for the whole sequence of runs.
    server = await startStandIn({ records }, { keep: true });
    dir = await tempDir("l10n-incremental-");
    config = join(dir, "config.json");
    await writeFile(
      config,
      JSON.stringify({
        baseUrl: server.baseUrl,
        translations: ["project0/*/*", "project1/*/*", "project2/*/*"],
      }),
    );
  });

  afterAll(() => server.stop());

  it("asks one request when nothing changed, and writes the full crawl's translations", async () => {
    const full = await crawl("full.json");
    expect(signals(full)).toEqual([]);
    const paths = await crawl("same.json", "--previous", join(dir, "full.json"));
    expect(asked(paths)).toEqual(allProbes);
    // From the server's clock at the full crawl; then from the change log's answer.
    const since = readSnapshot(join(dir, "full.json")).changesSince!;
    expect(Object.keys(since).sort()).toEqual(["project0", "project1", "project2"]);
    const changes = new URL(paths[0]!, server.baseUrl).searchParams;
    expect(changes.get("timestamp_after")).toBe(since.project0);
    const after = readSnapshot(join(dir, "same.json")).changesSince!;
    expect(Object.keys(after).sort()).toEqual(Object.keys(since).sort());
    expect(Object.values(after).every((t) => t >= since.project0!)).toBe(true);
    expect(translationsText(join(dir, "same.json"))).toBe(translationsText(join(dir, "full.json")));
    const generated = readSnapshot(join(dir, "full.json")).generatedAt;
    expect(readSnapshot(join(dir, "same.json")).fetchedAt).toEqual({
      project0: generated,
      project1: generated,
      project2: generated,
    });
  });

  it("crawls the lists of the one project that changed, and still equals a full crawl", async () => {
    const changed = records(server.baseUrl).map((r) => {
      const t = r as {
        component: { slug: string; project: { slug: string } };
        language_code: string;
      };
      return t.component.project.slug === "project1" &&
        t.component.slug === "component1" &&
        t.language_code === "l002"
        ? { ...r, last_change: "2026-11-20T09:00:00Z" }
        : r;
    });
    server.setRecords(changed);
    const paths = await crawl("one.json", "--previous", join(dir, "same.json"));
    expect(signals(paths)).toHaveLength(1);
    // Beside the change log, only project1 is asked for.
    const rest = paths.filter((p) => !p.startsWith("/api/changes/"));
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((p) => p.includes("/project1/"))).toBe(true);
    const fullPaths = await crawl("full-after.json");
    // The change log, then project1's crawl.
    expect(paths.length).toBe(1 + fullPaths.length / 3);
    expect(translationsText(join(dir, "one.json"))).toBe(
      translationsText(join(dir, "full-after.json")),
    );
    expect(translationsText(join(dir, "one.json"))).toContain("2026-11-20T09:00:00Z");
    // project0 and project2 were last fetched by the first, full crawl.
    const first = readSnapshot(join(dir, "full.json")).generatedAt;
    expect(readSnapshot(join(dir, "one.json")).fetchedAt).toEqual({
      project0: first,
      project2: first,
    });
  });

  it("crawls everything with --full, and projects whose previous entries were not all ok", async () => {
    const paths = await crawl("forced.json", "--previous", join(dir, "one.json"), "--full");
    expect(signals(paths)).toEqual([]);
    expect(readSnapshot(join(dir, "forced.json")).fetchedAt).toBeUndefined();
    const previous = readSnapshot(join(dir, "one.json"));
    const broken = {
      ...previous,
      translations: previous.translations.map((e, i) =>
        i === 0 ? { ...e, status: "failed" as const, record: undefined } : e,
      ),
    };
    const { writeSnapshot } = await import("../../src/snapshot/snapshot-writer.js");
    await writeSnapshot(join(dir, "broken.json"), broken);
    const again = await crawl("again.json", "--previous", join(dir, "broken.json"));
    expect(signals(again)).toHaveLength(1);
    expect(again.some((p) => p.includes("/project0/"))).toBe(true);
    // project1 changed in the second its last run began: asked again (see nextSecond).
    expect(again.some((p) => p.includes("/project2/"))).toBe(false);
  });

  it("build --previous reuses the previous site's snapshot", async () => {
    const io = captureIo();
    await nextSecond();
    server.resetStats();
    expect(await main(["build", "--config", config, "--out", join(dir, "site")], io)).toBe(0);
    server.resetStats();
    expect(
      await main(
        ["build", "--config", config, "--out", join(dir, "site2"), "--previous", join(dir, "site")],
        io,
      ),
    ).toBe(0);
    expect(asked(server.log.map((r) => r.url))).toEqual(allProbes);
    // crawl --previous reads a site's compressed snapshot file, named as it is or by the plain name
    // (where crawl writes, the default of --snapshot).
    for (const previous of ["data/snapshot.json.gz", "data/snapshot.json"]) {
      const paths = await crawl(
        `from-site-${previous.length}.json`,
        "--previous",
        join(dir, "site", previous),
      );
      expect(asked(paths)).toEqual(allProbes);
    }
  });
});
