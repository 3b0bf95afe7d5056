import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import { readSnapshot } from "../src/snapshot/read-snapshot.js";
import { contractRecord } from "./helpers/fixtures.js";
import { captureIo, startStandIn } from "./helpers/stand-in.js";

// The incremental crawl's change signal must see every change the site would show, not only one
// that moves a per-language sum: each case below left every sum of /api/projects/<p>/languages/
// as it was, and was missed until a full crawl. And a probe that fails is a failure of the
// project, never a change (a crawl) and never a removal.

type Rec = Record<string, unknown>;
const rec = (
  base: string,
  component: string,
  language: string,
  translated = 36,
  options: { total?: number; author?: string } = {},
): Rec =>
  contractRecord(base, {
    project: "proj",
    component,
    language,
    total: options.total ?? 91,
    stats: {
      translated,
      fuzzy: 0,
      failingChecks: 0,
      ...(options.author ? { lastAuthor: options.author } : {}),
    },
  });
const start = (b: string) => [
  rec(b, "app", "cs"),
  rec(b, "app", "de", 50),
  rec(b, "docs", "cs"),
  rec(b, "docs", "de", 50),
];

/** Starts a new second: the server's Date header counts whole seconds (see incremental.ts). */
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));

async function setUp() {
  const server = await startStandIn({ records: start });
  const dir = await mkdtemp(join(tmpdir(), "l10n-signal-"));
  const config = join(dir, "config.json");
  await writeFile(
    config,
    JSON.stringify({
      baseUrl: server.baseUrl,
      translations: ["proj/*/*"],
      // Short enough for the timeout case below, long enough for a loaded machine.
      crawl: { retries: 1, retryDelayMs: 5, timeoutMs: 2500 },
    }),
  );
  const crawl = async (name: string, previous?: string) => {
    server.resetStats();
    const io = captureIo();
    const code = await main(
      [
        "crawl",
        "--config",
        config,
        "--snapshot",
        join(dir, name),
        ...(previous ? ["--previous", join(dir, previous)] : []),
      ],
      io,
    );
    return { code, err: io.err(), urls: server.log.map((r) => r.url), file: join(dir, name) };
  };
  expect((await crawl("first.json")).code).toBe(0);
  await nextSecond();
  return { server, crawl };
}

const listsAsked = (urls: string[]) => urls.filter((u) => u.includes("/translations/"));

describe("the incremental crawl's change signal", () => {
  it.each([
    [
      "an equal-sum change (a string translated in one component, one lost in another)",
      (b: string) =>
        [rec(b, "app", "cs", 37), rec(b, "app", "de", 50), rec(b, "docs", "cs", 35)].concat([
          rec(b, "docs", "de", 50),
        ]),
    ],
    [
      "a renamed component slug",
      (b: string) =>
        [rec(b, "app", "cs"), rec(b, "app", "de", 50)].concat([
          rec(b, "guide", "cs"),
          rec(b, "guide", "de", 50),
        ]),
    ],
    [
      "a new component of 0 strings",
      (b: string) => [...start(b), rec(b, "empty", "cs", 0, { total: 0 })],
    ],
    [
      "a new last author only",
      (b: string) => [
        rec(b, "app", "cs"),
        rec(b, "app", "de", 50, { author: "Someone Else" }),
        rec(b, "docs", "cs"),
        rec(b, "docs", "de", 50),
      ],
    ],
  ])("refetches the project after %s", async (_, changed) => {
    const { server, crawl } = await setUp();
    const same = await crawl("same.json", "first.json");
    expect(listsAsked(same.urls)).toEqual([]);
    server.setRecords(changed(server.baseUrl));
    const after = await crawl("after.json", "same.json");
    expect(after.code).toBe(0);
    expect(listsAsked(after.urls).length).toBeGreaterThan(0);
    // What the incremental run wrote is what the server now has: a full crawl's translations.
    const full = await crawl("full.json");
    expect(readSnapshot(after.file).translations).toEqual(readSnapshot(full.file).translations);
  });

  it("is judged by the statistics and the components on a server without a change log (404)", async () => {
    const { server, crawl } = await setUp();
    server.addFault("/api/projects/proj/changes/", { status: 404 });
    const same = await crawl("same.json", "first.json");
    expect(same.code).toBe(0);
    expect(same.urls.map((u) => u.split("?")[0]).sort()).toEqual([
      "/api/projects/proj/changes/",
      "/api/projects/proj/components/",
      "/api/projects/proj/languages/",
    ]);
  });

  it.each([
    ["answers 500 after its retries", { status: 500 }],
    ["times out", { delayMs: 4000 }],
  ])(
    "takes a probe that %s as the project's failure: not crawled, not removed",
    async (_, fault) => {
      const { server, crawl } = await setUp();
      server.addFault("/api/projects/proj/languages/", fault, fault);
      const failed = await crawl("failed.json", "first.json");
      // No list of the project is asked for: the probe did not say it changed.
      expect(listsAsked(failed.urls)).toEqual([]);
      expect(failed.urls.every((u) => u.startsWith("/api/projects/proj/languages/"))).toBe(true);
      expect(failed.code).toBe(3);
      // The crawl has nothing usable to write: the previous snapshot stays the project's last word.
      expect(existsSync(failed.file)).toBe(false);
      expect(failed.err).toContain("failed proj/*/*: ");
    },
    20_000,
  );
});
